// A local Google Places API (New): POST /v1/places:searchText and /v1/places:searchNearby, with
// the API key and field mask checked as Google checks them (403 / 400), answering fixtures.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const PLACES_API_KEY = 'test-maps-key'

const paulista = {
  id: 'ChIJ0WGkg4FZzpQRrlsz_whLqZs',
  displayName: { text: 'Avenida Paulista, 1000', languageCode: 'pt-BR' },
  formattedAddress: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100, Brasil',
  location: { latitude: -23.5649, longitude: -46.6524 },
  types: ['street_address'],
  primaryType: 'street_address',
}

const nearby = [
  {
    id: 'ChIJ-metro-trianon',
    displayName: { text: 'Trianon-Masp', languageCode: 'pt-BR' },
    location: { latitude: -23.5614, longitude: -46.6559 },
    types: ['subway_station', 'transit_station', 'point_of_interest'],
    primaryType: 'subway_station',
  },
  {
    id: 'ChIJ-parque-trianon',
    displayName: { text: 'Parque Trianon', languageCode: 'pt-BR' },
    location: { latitude: -23.5625, longitude: -46.6571 },
    types: ['park', 'tourist_attraction'],
    primaryType: 'park',
  },
  {
    id: 'ChIJ-escola',
    displayName: { text: 'Colégio Dante Alighieri', languageCode: 'pt-BR' },
    location: { latitude: -23.5687, longitude: -46.6543 },
    types: ['school', 'secondary_school'],
    primaryType: 'secondary_school',
  },
  {
    id: 'ChIJ-mercado',
    displayName: { text: 'Pão de Açúcar', languageCode: 'pt-BR' },
    location: { latitude: -23.5633, longitude: -46.6511 },
    types: ['supermarket', 'grocery_store', 'food'],
    primaryType: 'supermarket',
  },
]

export async function startMockGooglePlaces() {
  const requests: { path: string; body: Record<string, unknown>; fieldMask: string }[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.headers['x-goog-api-key'] !== PLACES_API_KEY)
      return send(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'API key not valid.' } })
    const fieldMask = String(req.headers['x-goog-fieldmask'] ?? '')
    if (!fieldMask)
      return send(400, {
        error: { code: 400, status: 'INVALID_ARGUMENT', message: 'FieldMask is a required parameter.' },
      })
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } })
    }
    requests.push({ path: req.url ?? '', body, fieldMask })
    if (req.method === 'POST' && req.url === '/v1/places:searchText') {
      const query = String(body.textQuery ?? '').toLowerCase()
      return send(200, query.includes('paulista') ? { places: [paulista] } : {})
    }
    if (req.method === 'POST' && req.url === '/v1/places:searchNearby') {
      const circle = (body.locationRestriction as { circle?: { radius?: number } } | undefined)?.circle
      if (!circle?.radius) return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } })
      return send(200, { places: nearby })
    }
    return send(404, { error: { code: 404, status: 'NOT_FOUND' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
