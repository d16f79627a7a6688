// Google Places API (New) behind GOOGLE_MAPS_API_KEY: a text search that fills place_id and
// location, and a nearby search (schools, markets, transit, parks…) whose results the agent can
// pick for posts. Without a key the product works with typed coordinates and no nearby places.
import type { LatLng, NearbyPlace } from '~/domain/home'
import { nearbyPlaceLabel } from '~/domain/home'

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
  constructor(
    message = 'Não foi possível consultar o Google Maps agora. Tente de novo em instantes.',
    options?: ErrorOptions,
  ) {
    super(message, options)
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

/** 'Metrô', 'Escola', … (labels live with the other enumerations in app/domain/home.ts). */
export const nearbyTypeLabel = nearbyPlaceLabel

type ApiPlace = {
  id?: string
  displayName?: { text?: string }
  formattedAddress?: string
  location?: { latitude?: number; longitude?: number }
  types?: string[]
  primaryType?: string
}

type PlacesOptions = {
  apiKey: string
  baseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

/** One Places API (New) call; an outage or a refused key is a PlacesUnavailableError. */
function placesCaller(options: PlacesOptions) {
  const doFetch = options.fetch ?? fetch
  const base = (options.baseUrl ?? 'https://places.googleapis.com').replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 4000
  return async function call(path: string, fieldMask: string, body: unknown): Promise<ApiPlace[]> {
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
    } catch (error) {
      throw new PlacesUnavailableError(undefined, { cause: error })
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
}

const hasLocation = (p: ApiPlace): p is ApiPlace & { id: string; location: LatLng } =>
  Boolean(p.id) && typeof p.location?.latitude === 'number' && typeof p.location?.longitude === 'number'

export function createGooglePlaces(options: PlacesOptions): Places {
  const call = placesCaller(options)
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

/** Places for this environment, or null without GOOGLE_MAPS_API_KEY (nearby places off). */
export function placesFor(env: { GOOGLE_MAPS_API_KEY?: string; GOOGLE_PLACES_URL?: string }): Places | null {
  if (!env.GOOGLE_MAPS_API_KEY) return null
  return createGooglePlaces({ apiKey: env.GOOGLE_MAPS_API_KEY, baseUrl: env.GOOGLE_PLACES_URL })
}
