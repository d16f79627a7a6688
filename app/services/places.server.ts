// Google Places API (New) behind GOOGLE_MAPS_API_KEY: a text search that fills place_id and
// location, and a nearby search (schools, markets, transit, parks…) whose results the agent can
// pick for posts. Without a key the product works with typed coordinates and no nearby places.
import type { LatLng, NearbyPlace } from '../../db/schema'

export type PlaceCandidate = {
  id: string
  name: string
  address: string
  location: LatLng
}

export type Places = {
  searchText(query: string): Promise<PlaceCandidate[]>
  searchNearby(location: LatLng): Promise<NearbyPlace[]>
}

export class PlacesUnavailableError extends Error {
  constructor(message = 'Não foi possível consultar o Google Maps agora. Tente de novo em instantes.') {
    super(message)
    this.name = 'PlacesUnavailableError'
  }
}

/** What a buyer asks about a neighbourhood, in Places API (New) "Table A" types. */
export const NEARBY_TYPES = [
  'school',
  'primary_school',
  'secondary_school',
  'university',
  'supermarket',
  'grocery_store',
  'bakery',
  'pharmacy',
  'hospital',
  'subway_station',
  'train_station',
  'bus_station',
  'light_rail_station',
  'park',
  'shopping_mall',
  'gym',
] as const

const NEARBY_TYPE_LABELS: Record<string, string> = {
  school: 'Escola',
  primary_school: 'Escola',
  secondary_school: 'Escola',
  university: 'Universidade',
  supermarket: 'Supermercado',
  grocery_store: 'Mercado',
  bakery: 'Padaria',
  pharmacy: 'Farmácia',
  hospital: 'Hospital',
  subway_station: 'Metrô',
  train_station: 'Trem',
  bus_station: 'Ônibus',
  light_rail_station: 'VLT',
  park: 'Parque',
  shopping_mall: 'Shopping',
  gym: 'Academia',
}

/** 'Metrô', 'Escola', … for a place's primaryType (or its first known type). */
export function nearbyTypeLabel(place: Pick<NearbyPlace, 'primaryType' | 'types'>): string {
  const known = [place.primaryType, ...place.types].find((t) => t && NEARBY_TYPE_LABELS[t])
  return known ? NEARBY_TYPE_LABELS[known]! : 'Local'
}

type ApiPlace = {
  id?: string
  displayName?: { text?: string }
  formattedAddress?: string
  location?: { latitude?: number; longitude?: number }
  types?: string[]
  primaryType?: string
}

export function createGooglePlaces(options: {
  apiKey: string
  baseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}): Places {
  const doFetch = options.fetch ?? fetch
  const base = (options.baseUrl ?? 'https://places.googleapis.com').replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 4000

  async function call(path: string, fieldMask: string, body: unknown): Promise<ApiPlace[]> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.apiKey,
          'x-goog-fieldmask': fieldMask,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      throw new PlacesUnavailableError()
    }
    if (!response.ok) {
      await response.text().catch(() => '')
      throw new PlacesUnavailableError(
        response.status === 403 || response.status === 401
          ? 'A chave do Google Maps foi recusada. Confira GOOGLE_MAPS_API_KEY.'
          : undefined,
      )
    }
    const json = (await response.json().catch(() => ({}))) as { places?: ApiPlace[] }
    return json.places ?? []
  }

  const hasLocation = (p: ApiPlace): p is ApiPlace & { id: string; location: LatLng } =>
    Boolean(p.id) &&
    typeof p.location?.latitude === 'number' &&
    typeof p.location?.longitude === 'number'

  return {
    async searchText(query) {
      const text = query.trim()
      if (!text) return []
      const places = await call(
        '/v1/places:searchText',
        'places.id,places.displayName,places.formattedAddress,places.location',
        { textQuery: text, languageCode: 'pt-BR', regionCode: 'BR', pageSize: 5 },
      )
      return places.filter(hasLocation).map((p) => ({
        id: p.id,
        name: p.displayName?.text ?? p.formattedAddress ?? '',
        address: p.formattedAddress ?? '',
        location: { latitude: p.location.latitude, longitude: p.location.longitude },
      }))
    },
    async searchNearby(location) {
      const places = await call(
        '/v1/places:searchNearby',
        'places.id,places.displayName,places.location,places.types,places.primaryType',
        {
          includedTypes: NEARBY_TYPES,
          maxResultCount: 20,
          rankPreference: 'DISTANCE',
          languageCode: 'pt-BR',
          regionCode: 'BR',
          locationRestriction: {
            circle: { center: location, radius: 1500 },
          },
        },
      )
      return places.filter(hasLocation).map((p) => ({
        id: p.id,
        name: p.displayName?.text ?? '',
        location: { latitude: p.location.latitude, longitude: p.location.longitude },
        types: p.types ?? [],
        primaryType: p.primaryType ?? null,
      }))
    },
  }
}
