// What the new-property and edit-property actions share: read the multipart form with a size
// limit, keep the photos, floor plans and logo sent with it (under tmp/ until the save, ADR
// 070; home-form-files.server.ts), answer the helper buttons (CEP, place search, nearby places)
// and validate. Nothing reaches the database here; the route saves a valid form in one statement.
import { formFrom, readBodyBytes } from '~/utils/form-body.server'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import type { NearbyPlace } from '~/domain/home'
import { HomeSchema, type HomeInput } from '~/domain/home-schema'
import { z } from '~/domain/validation'
import type { Env } from '~/env.server'
import { CEP_MESSAGES, cepLookupFor } from '~/integrations/cep/cep.server'
import { placesFor, type PlaceCandidate, PlacesUnavailableError } from '~/integrations/places/places.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { mediaRows, ownLogo, storeSentFiles, str, type MediaRow } from './home-form-files.server'

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

/** Reads the body up to `maxBytes`, counted as it streams in; null when it is larger. */
export async function readLimitedFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData | null> {
  const bytes = await readBodyBytes(request, maxBytes)
  return bytes && formFrom(bytes, request.headers.get('content-type'))
}

/** The submit buttons' `intent` (an unknown one saves, as a plain submit does). */
const HomeFormIntent = z
  .enum(['save', 'delete', 'duplicate', 'cep', 'place-search', 'place-pick', 'nearby', 'step'])
  .catch('save')

type HelperIntent = Exclude<z.infer<typeof HomeFormIntent>, 'save' | 'delete' | 'duplicate'>

/** One submission being read: its form data (rewritten as files are stored) and its errors. */
type Submission = {
  formData: FormData
  userId: string
  env: Env
  fieldErrors: Record<string, string[]>
}

function tooLarge(): HomeFormOutcome {
  const text = `O envio passou de ${MAX_FORM_BYTES / 1024 / 1024} MB. Envie as fotos em partes menores.`
  return { kind: 'reply', status: 413, state: { ...emptyFormState(), notice: { tone: 'error', text } } }
}

function nearbyFrom(formData: FormData): NearbyPlace[] {
  const places: NearbyPlace[] = []
  for (const value of formData.getAll('nearby_options')) {
    try {
      places.push(JSON.parse(str(value)) as NearbyPlace)
    } catch {
      // a tampered option is dropped
    }
  }
  return places
}

/** The page's state for this submission: the stored files as rows, the logo, the options. */
function stateOf(
  form: Submission,
  result: SubmissionResult<string[]> | null,
  extra: Partial<HomeFormState> = {},
): HomeFormState {
  const { formData, userId } = form
  return {
    result,
    media: {
      gallery: mediaRows(formData, 'gallery', userId),
      floor_plans: mediaRows(formData, 'floor_plans', userId),
    },
    logo: ownLogo(formData, userId),
    notice: null,
    placeCandidates: [],
    nearbyOptions: nearbyFrom(formData),
    ...extra,
  }
}

/** The form again with new values and no complaints but the files' (helper buttons). */
function refill(form: Submission, notice: Notice | null, extra: Partial<HomeFormState> = {}): HomeFormOutcome {
  const submission = parseWithZod(form.formData, { schema: HomeSchema })
  const result: SubmissionResult<string[]> = {
    initialValue: submission.reply().initialValue,
    error: Object.keys(form.fieldErrors).length ? form.fieldErrors : undefined,
  }
  return { kind: 'reply', status: 200, state: stateOf(form, result, { notice, ...extra }) }
}

/** "Buscar CEP": the address fields from the CEP. */
async function fillFromCep(form: Submission): Promise<HomeFormOutcome> {
  const { formData } = form
  const found = await cepLookupFor(form.env)(str(formData.get('zipcode')))
  if (found.status !== 'found') {
    form.fieldErrors.zipcode = [CEP_MESSAGES[found.status]]
    return refill(form, null)
  }
  const { address } = found
  formData.set('zipcode', address.zipcode)
  formData.set('street', address.street)
  formData.set('neighborhood', address.neighborhood)
  formData.set('city', address.city)
  formData.set('state', address.state)
  return refill(form, { tone: 'success', text: `Endereço do CEP ${address.zipcode} preenchido.` })
}

type Places = NonNullable<ReturnType<typeof placesFor>>

/** "Buscar no mapa": candidates for the typed query, or the address typed so far. */
async function searchPlace(form: Submission, places: Places): Promise<HomeFormOutcome> {
  const { formData } = form
  const query =
    str(formData.get('place_query')).trim() ||
    [formData.get('street'), formData.get('street_number'), formData.get('city')].map(str).filter(Boolean).join(', ')
  const candidates = await places.searchText(query)
  return refill(
    form,
    candidates.length
      ? { tone: 'info', text: 'Escolha o local do imóvel.' }
      : { tone: 'error', text: 'Nenhum local encontrado. Tente outro endereço.' },
    { placeCandidates: candidates },
  )
}

/** "Buscar lugares próximos": the places around the property's location. */
async function findNearby(form: Submission, places: Places): Promise<HomeFormOutcome> {
  const { formData } = form
  const latitude = Number(str(formData.get('location.latitude')).replace(',', '.'))
  const longitude = Number(str(formData.get('location.longitude')).replace(',', '.'))
  if (!str(formData.get('location.latitude')) || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return refill(form, { tone: 'error', text: 'Informe a localização antes de buscar lugares próximos.' })
  const nearby = await places.searchNearby({ latitude, longitude })
  return refill(
    form,
    {
      tone: 'success',
      text: nearby.length
        ? 'Marque os lugares próximos que podem aparecer nos posts.'
        : 'Nenhum lugar próximo encontrado.',
    },
    { nearbyOptions: nearby },
  )
}

/** "Usar este local": the chosen candidate's place and location, then the places nearby. */
async function pickPlace(form: Submission, places: Places): Promise<HomeFormOutcome> {
  const { formData } = form
  const picked = JSON.parse(str(formData.get('place_choice')) || 'null') as PlaceCandidate | null
  if (!picked?.id || !picked.location)
    return refill(form, { tone: 'error', text: 'Escolha um dos locais encontrados.' })
  formData.set('place_id', picked.id)
  formData.set('location.latitude', String(picked.location.latitude))
  formData.set('location.longitude', String(picked.location.longitude))
  return findNearby(form, places)
}

/** The Google Maps buttons: off without a key; an outage or a tampered choice is a notice. */
function withPlaces(run: (form: Submission, places: Places) => Promise<HomeFormOutcome>) {
  return async (form: Submission): Promise<HomeFormOutcome> => {
    const places = placesFor(form.env)
    if (!places)
      return refill(form, { tone: 'info', text: 'Busca no Google Maps desligada: informe latitude e longitude.' })
    try {
      return await run(form, places)
    } catch (error) {
      if (error instanceof PlacesUnavailableError) return refill(form, { tone: 'error', text: error.message })
      if (error instanceof SyntaxError)
        return refill(form, { tone: 'error', text: 'Escolha um dos locais encontrados.' })
      throw error
    }
  }
}

/** The helper buttons (`formnovalidate`): each answers the form refilled, never saves. */
const helpers: Record<HelperIntent, (form: Submission) => Promise<HomeFormOutcome>> = {
  cep: fillFromCep,
  'place-search': withPlaces(searchPlace),
  'place-pick': withPlaces(pickPlace),
  nearby: withPlaces(findNearby),
  // A step button without JavaScript (ADR 180): the form again, at the step in the address.
  step: (form) => Promise.resolve(refill(form, null)),
}

/** "Salvar": the values to save, or 400 with the messages and every typed value kept. */
function validate(form: Submission): HomeFormOutcome {
  const { fieldErrors } = form
  const submission = parseWithZod(form.formData, { schema: HomeSchema })
  const filesFailed = Object.keys(fieldErrors).length > 0
  if (submission.status !== 'success' || filesFailed) {
    const result = submission.reply(filesFailed ? { fieldErrors } : undefined)
    return { kind: 'reply', status: 400, state: stateOf(form, result) }
  }
  return { kind: 'save', value: submission.value, state: stateOf(form, null) }
}

export async function readHomeForm(
  request: Request,
  deps: { storage: Storage; userId: string; env: Env },
): Promise<HomeFormOutcome> {
  const formData = await readLimitedFormData(request)
  if (!formData) return tooLarge()
  const intent = HomeFormIntent.parse(str(formData.get('intent')) || 'save')
  if (intent === 'delete' || intent === 'duplicate') return { kind: 'intent', intent }

  const form: Submission = { formData, userId: deps.userId, env: deps.env, fieldErrors: {} }
  await storeSentFiles(formData, deps, form.fieldErrors)
  return intent === 'save' ? validate(form) : helpers[intent](form)
}

/** GET /imoveis/cep/:cep: the address of a CEP, or the pt-BR message with its HTTP status. */
export async function addressOfCep(env: Env, cep: string) {
  const result = await cepLookupFor(env)(cep)
  if (result.status === 'found') return { address: result.address }
  const status = result.status === 'unavailable' ? 503 : result.status === 'invalid' ? 400 : 404
  return { message: CEP_MESSAGES[result.status], status }
}
