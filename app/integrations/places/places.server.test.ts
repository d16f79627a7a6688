import { afterAll, beforeAll, expect, test } from 'vitest'
import { PLACES_API_KEY, startMockGooglePlaces } from '../../../tests/mocks/google-places'
import { createGooglePlaces, nearbyTypeLabel, PlacesUnavailableError } from './places.server'

let google: Awaited<ReturnType<typeof startMockGooglePlaces>>
beforeAll(async () => {
  google = await startMockGooglePlaces()
})
afterAll(() => google.close())

test('a place search gives the place id and its location', async () => {
  const places = createGooglePlaces({ apiKey: PLACES_API_KEY, baseUrl: google.url })
  const [first] = await places.searchText('Avenida Paulista, 1000')
  expect(first).toEqual({
    id: 'ChIJ0WGkg4FZzpQRrlsz_whLqZs',
    name: 'Avenida Paulista, 1000',
    address: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100, Brasil',
    location: { latitude: -23.5649, longitude: -46.6524 },
  })
  expect(google.requests.at(-1)).toMatchObject({
    body: { languageCode: 'pt-BR', regionCode: 'BR' },
    fieldMask: expect.stringContaining('places.location'),
  })
  expect(await places.searchText('lugar nenhum')).toEqual([])
})

test('nearby places come with name, location, types and primaryType', async () => {
  const places = createGooglePlaces({ apiKey: PLACES_API_KEY, baseUrl: google.url })
  const found = await places.searchNearby({ latitude: -23.5649, longitude: -46.6524 })
  expect(found).toContainEqual({
    id: 'ChIJ-metro-trianon',
    name: 'Trianon-Masp',
    location: { latitude: -23.5614, longitude: -46.6559 },
    types: ['subway_station', 'transit_station', 'point_of_interest'],
    primaryType: 'subway_station',
  })
  expect(found.map(nearbyTypeLabel)).toEqual(['Metrô', 'Parque', 'Escola', 'Supermercado'])
  expect(google.requests.at(-1)?.body).toMatchObject({
    locationRestriction: { circle: { center: { latitude: -23.5649, longitude: -46.6524 }, radius: 1500 } },
  })
})

test('a refused key or an unreachable service is a pt-BR error, not a crash', async () => {
  const refused = createGooglePlaces({ apiKey: 'wrong', baseUrl: google.url })
  await expect(refused.searchText('Paulista')).rejects.toThrow('A chave do Google Maps foi recusada')
  const offline = createGooglePlaces({ apiKey: PLACES_API_KEY, baseUrl: 'http://127.0.0.1:9' })
  await expect(offline.searchNearby({ latitude: 0, longitude: 0 })).rejects.toBeInstanceOf(PlacesUnavailableError)
})
