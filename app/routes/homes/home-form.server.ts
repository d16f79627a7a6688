// What the new-property and edit-property actions share: read the multipart form with a size
// limit, keep the photos, floor plans and logo sent with it (stored under tmp/ until the save, ADR
// 070), answer the helper buttons (CEP, place search, nearby places) and validate (Conform + zod).
// Nothing reaches the database here; the route saves a valid form in one statement.
//
// The form carries the stored files back as rows (`gallery[N].item` + caption/featured/remove) and
// the logo as `theme.logo`; the files picked now become rows like them, so a form that comes back
// with errors keeps them and nobody picks them twice.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { HOME_LIMITS, type NearbyPlace } from '~/domain/home'
import { HomeSchema } from '~/domain/home-schema'
import type { MediaItem } from '~/domain/media'
import { z } from '~/domain/validation'
import type { Env } from '~/env.server'
import { readLimitedFormData, sentFile } from '~/utils/form-body.server'
import { isOwnUpload, storeFiles, type MediaField, type MediaRow } from '~/workflows/home-form-files.server'
import {
  cepAddress,
  emptyFormState,
  MAX_FORM_BYTES,
  placesNear,
  placesOff,
  searchPlaces,
  type HomeFormOutcome,
  type HomeFormState,
  type Notice,
  type PlaceCandidate,
} from '~/workflows/home-form.server'
import { parseDecimal } from '~/domain/decimal'

type Storage = Parameters<typeof storeFiles>[0]
type Row = { item: MediaItem; caption: string; featured: boolean; remove: boolean }

const str = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/** Files a person actually picked (an empty file input still sends one nameless part). */
function pickedFiles(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((v): v is File => typeof v !== 'string' && (v.name !== '' || v.size > 0))
}

/** Rows as the form sent them, in order. Only this user's files come back in. */
function readRows(formData: FormData, field: MediaField, userId: string): Row[] {
  const indexes = new Set<number>()
  const pattern = new RegExp(`^${field}\\[(\\d+)\\]\\.item$`)
  for (const key of formData.keys()) {
    const m = pattern.exec(key)
    if (m) indexes.add(Number(m[1]))
  }
  const rows: Row[] = []
  for (const i of [...indexes].sort((a, b) => a - b)) {
    let item: MediaItem
    try {
      item = JSON.parse(str(formData.get(`${field}[${i}].item`))) as MediaItem
    } catch {
      continue
    }
    // A tampered key is dropped, not trusted.
    if (!item?.variants?.original || !isOwnUpload(userId, item.variants.original)) continue
    rows.push({
      item,
      caption: str(formData.get(`${field}[${i}].caption`)),
      featured: formData.get(`${field}[${i}].featured`) === 'on',
      remove: formData.get(`${field}[${i}].remove`) === 'on',
    })
  }
  return rows
}

function writeRows(formData: FormData, field: MediaField, rows: Row[]) {
  for (const key of [...formData.keys()]) if (key.startsWith(`${field}[`)) formData.delete(key)
  rows.forEach((row, i) => {
    const { caption: _c, featured: _f, ...item } = row.item
    formData.append(`${field}[${i}].item`, JSON.stringify(item))
    if (row.caption) formData.append(`${field}[${i}].caption`, row.caption)
    if (row.featured) formData.append(`${field}[${i}].featured`, 'on')
    if (row.remove) formData.append(`${field}[${i}].remove`, 'on')
  })
}

/** The rows the page shows again (a 400, or a helper button's answer). */
function mediaRows(formData: FormData, field: MediaField, userId: string): MediaRow[] {
  return readRows(formData, field, userId).map((row) => ({
    ...row.item,
    caption: row.caption || null,
    featured: row.featured,
    remove: row.remove,
  }))
}

/** The logo's address when it is this user's file (saved or waiting), else null. */
function ownLogo(formData: FormData, userId: string): string | null {
  const logo = str(formData.get('theme.logo'))
  return logo && isOwnUpload(userId, logo.replace(/^\/uploads\//, '')) ? logo : null
}

const MEDIA_FIELDS = [
  { field: 'gallery', files: 'gallery_files', max: HOME_LIMITS.maxPhotos, folder: 'photos', noun: 'fotos' },
  {
    field: 'floor_plans',
    files: 'floor_plans_files',
    max: HOME_LIMITS.maxFloorPlans,
    folder: 'plans',
    noun: 'plantas',
  },
] as const

const sentFiles = (files: File[]) => Promise.all(files.map(sentFile))

/**
 * Stores the photos, floor plans and logo sent with the form and rewrites the form so they are
 * rows (and `theme.logo`) like the ones already stored. Per-file errors go to `fieldErrors`.
 */
async function storeSentFiles(
  formData: FormData,
  deps: { storage: Storage; userId: string },
  fieldErrors: Record<string, string[]>,
) {
  const { storage, userId } = deps
  for (const { field, files: filesField, max, folder, noun } of MEDIA_FIELDS) {
    const rows = readRows(formData, field, userId)
    const kept = rows.filter((row) => !row.remove).length
    const files = pickedFiles(formData, filesField)
    formData.delete(filesField)
    const { items, errors } = await storeFiles(storage, userId, await sentFiles(files), max - kept, folder, noun)
    rows.push(...items.map((item) => ({ item, caption: '', featured: false, remove: false })))
    writeRows(formData, field, rows)
    if (errors.length) fieldErrors[field] = errors
  }

  const logoFile = pickedFiles(formData, 'theme_logo_file')
  formData.delete('theme_logo_file')
  if (formData.get('theme_logo_remove') === 'on') formData.delete('theme.logo')
  if (logoFile.length) {
    const { items, errors } = await storeFiles(
      storage,
      userId,
      await sentFiles(logoFile.slice(0, 1)),
      1,
      'logos',
      'logos',
    )
    if (items[0]) formData.set('theme.logo', items[0].url)
    if (errors.length) fieldErrors['theme.logo'] = errors
  }
}

/** The submit buttons' `intent` (an unknown one saves, as a plain submit does). */
const HomeFormIntent = z.object({
  intent: z.enum(['save', 'delete', 'duplicate', 'cep', 'place-search', 'place-pick', 'nearby', 'step']).catch('save'),
})

type HelperIntent = Exclude<z.infer<typeof HomeFormIntent>['intent'], 'save' | 'delete' | 'duplicate'>

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
  const found = await cepAddress(form.env, str(formData.get('zipcode')))
  if (found.status !== 'found') {
    form.fieldErrors.zipcode = [found.message]
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

/** A notice for the Maps' refusal: off (no key) informs, an outage is an error. */
const placesNotice = (answer: { status: 'off' | 'unavailable'; message: string }): Notice => ({
  tone: answer.status === 'off' ? 'info' : 'error',
  text: answer.message,
})

/** "Buscar no mapa": candidates for the typed query, or the address typed so far. */
async function searchPlace(form: Submission): Promise<HomeFormOutcome> {
  const { formData } = form
  const query =
    str(formData.get('place_query')).trim() ||
    [formData.get('street'), formData.get('street_number'), formData.get('city')].map(str).filter(Boolean).join(', ')
  const answer = await searchPlaces(form.env, query)
  if (answer.status !== 'found') return refill(form, placesNotice(answer))
  const candidates = answer.places
  return refill(
    form,
    candidates.length
      ? { tone: 'info', text: 'Escolha o local do imóvel.' }
      : { tone: 'error', text: 'Nenhum local encontrado. Tente outro endereço.' },
    { placeCandidates: candidates },
  )
}

/** "Buscar lugares próximos": the places around the property's location. */
async function findNearby(form: Submission): Promise<HomeFormOutcome> {
  const { formData } = form
  const latitude = parseDecimal(str(formData.get('location.latitude')), { grouping: false })
  const longitude = parseDecimal(str(formData.get('location.longitude')), { grouping: false })
  if (latitude === null || longitude === null)
    return refill(form, { tone: 'error', text: 'Informe a localização antes de buscar lugares próximos.' })
  const answer = await placesNear(form.env, { latitude, longitude })
  if (answer.status !== 'found') return refill(form, placesNotice(answer))
  const nearby = answer.places
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
async function pickPlace(form: Submission): Promise<HomeFormOutcome> {
  const { formData } = form
  let picked: PlaceCandidate | null
  try {
    picked = JSON.parse(str(formData.get('place_choice')) || 'null') as PlaceCandidate | null
  } catch {
    picked = null
  }
  if (!picked?.id || !picked.location)
    return refill(form, { tone: 'error', text: 'Escolha um dos locais encontrados.' })
  formData.set('place_id', picked.id)
  formData.set('location.latitude', String(picked.location.latitude))
  formData.set('location.longitude', String(picked.location.longitude))
  return findNearby(form)
}

/** The Google Maps buttons: off without a key, said before anything else. */
function withPlaces(run: (form: Submission) => Promise<HomeFormOutcome>) {
  return async (form: Submission): Promise<HomeFormOutcome> => {
    const off = placesOff(form.env)
    return off ? refill(form, { tone: 'info', text: off }) : run(form)
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
  const formData = await readLimitedFormData(request, MAX_FORM_BYTES)
  if (!formData) return tooLarge()
  const asked = parseWithZod(formData, { schema: HomeFormIntent })
  const intent = asked.status === 'success' ? asked.value.intent : 'save'
  if (intent === 'delete' || intent === 'duplicate') return { kind: 'intent', intent }

  const form: Submission = { formData, userId: deps.userId, env: deps.env, fieldErrors: {} }
  await storeSentFiles(formData, deps, form.fieldErrors)
  return intent === 'save' ? validate(form) : helpers[intent](form)
}
