// What the property form's page is made of (its state after a submission) and the steps behind
// its helper buttons: the address of a CEP, places on the map, the places nearby. The form itself
// is read by its routes (app/routes/homes/home-form.server.ts); nothing reaches the database here.
import type { SubmissionResult } from '@conform-to/react'
import type { NearbyPlace } from '~/domain/home'
import type { HomeInput } from '~/domain/home-schema'
import type { Env } from '~/env.server'
import { CEP_MESSAGES, cepLookupFor, type CepAddress } from '~/integrations/cep/cep.server'
import { placesFor, type PlaceCandidate, PlacesUnavailableError } from '~/integrations/places/places.server'
import type { MediaRow } from './home-form-files.server'
import type { SharedPhotos } from './shared-photos.server'

export type { PlaceCandidate }

export type { MediaRow }

/** A whole no-JavaScript submission: 40 phone photos at ~4 MB fit. */
export const MAX_FORM_BYTES = 200 * 1024 * 1024

export type Notice = { tone: 'info' | 'success' | 'error'; text: string }

export type HomeFormState = {
  result: SubmissionResult<string[]> | null
  media: { gallery: MediaRow[]; floor_plans: MediaRow[] }
  logo: string | null
  notice: Notice | null
  placeCandidates: PlaceCandidate[]
  nearbyOptions: NearbyPlace[]
}

export type HomeFormOutcome =
  | { kind: 'save'; value: HomeInput; state: HomeFormState }
  | { kind: 'reply'; status: number; state: HomeFormState }
  | { kind: 'intent'; intent: 'delete' | 'duplicate' }

export const emptyFormState = (): HomeFormState => ({
  result: null,
  media: { gallery: [], floor_plans: [] },
  logo: null,
  notice: null,
  placeCandidates: [],
  nearbyOptions: [],
})

/** The form as it opens with photos shared to the app: them as its photos, and what came of it. */
export function sharedPhotosView(shared: SharedPhotos): { view: HomeFormState; description: string } {
  const count = shared.gallery.length
  const received = count === 0 ? 'Nenhuma foto chegou.' : count === 1 ? '1 foto recebida.' : `${count} fotos recebidas.`
  const notice: Notice = shared.errors.length
    ? { tone: 'error', text: [received, ...shared.errors].join(' ') }
    : { tone: 'success', text: `${received} Complete os dados e cadastre o imóvel.` }
  const gallery = shared.gallery.map((item) => ({ ...item, caption: null, featured: false }))
  return { view: { ...emptyFormState(), media: { gallery, floor_plans: [] }, notice }, description: shared.description }
}

/** "Buscar CEP": the address of the CEP typed, or the pt-BR reason there is none. */
export async function cepAddress(
  env: Env,
  zipcode: string,
): Promise<{ status: 'found'; address: CepAddress } | { status: 'refused'; message: string }> {
  const found = await cepLookupFor(env)(zipcode)
  if (found.status === 'found') return { status: 'found', address: found.address }
  return { status: 'refused', message: CEP_MESSAGES[found.status] }
}

const PLACES_OFF = 'Busca no Google Maps desligada: informe latitude e longitude.'

/** Whether the Google Maps buttons work; null when they do, else what they say (off without a key). */
export function placesOff(env: Env): string | null {
  return placesFor(env) ? null : PLACES_OFF
}

export type PlacesAnswer<T> =
  | { status: 'found'; places: T }
  | { status: 'unavailable'; message: string }
  /** No Google Maps key: the buttons say so. */
  | { status: 'off'; message: string }

async function askPlaces<T>(
  env: Env,
  ask: (places: NonNullable<ReturnType<typeof placesFor>>) => Promise<T>,
): Promise<PlacesAnswer<T>> {
  const places = placesFor(env)
  if (!places) return { status: 'off', message: PLACES_OFF }
  try {
    return { status: 'found', places: await ask(places) }
  } catch (error) {
    if (error instanceof PlacesUnavailableError) return { status: 'unavailable', message: error.message }
    throw error
  }
}

/** "Buscar no mapa": the places that answer a typed query or address. */
export function searchPlaces(env: Env, query: string): Promise<PlacesAnswer<PlaceCandidate[]>> {
  return askPlaces(env, (places) => places.searchText(query))
}

/** "Buscar lugares próximos": the places around a location. */
export function placesNear(
  env: Env,
  location: { latitude: number; longitude: number },
): Promise<PlacesAnswer<NearbyPlace[]>> {
  return askPlaces(env, (places) => places.searchNearby(location))
}

/** GET /imoveis/cep/:cep: the address of a CEP, or the pt-BR message with its HTTP status. */
export async function addressOfCep(env: Env, cep: string) {
  const result = await cepLookupFor(env)(cep)
  if (result.status === 'found') return { address: result.address }
  const status = result.status === 'unavailable' ? 503 : result.status === 'invalid' ? 400 : 404
  return { message: CEP_MESSAGES[result.status], status }
}
