// What the new-property and edit-property actions share: read the multipart form with a size
// limit, process the photos, floor plans and logo sent with it (kept even when the rest of the
// form is wrong), answer the helper buttons (CEP, place search, nearby places) and validate.
// Nothing reaches the database here; the route saves a valid form in one statement.
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import type { MediaItem, NearbyPlace } from '../../../db/schema'
import { HOME_LIMITS } from '~/domain/home'
import { HomeSchema, type HomeInput } from '~/domain/home-schema'
import type { Env } from '~/env.server'
import { CEP_MESSAGES, cepLookupFor } from '../../integrations/cep/cep.server'
import { ImageRejectedError, isUserUploadKey, storeHomeImage } from '../../integrations/images/images.server'
import { placesFor, type PlaceCandidate, PlacesUnavailableError } from '../../integrations/places/places.server'
import type { Storage } from '../../integrations/storage/storage.server'

/** A whole no-JavaScript submission: 40 phone photos at ~4 MB fit. */
export const MAX_FORM_BYTES = 200 * 1024 * 1024

export type MediaRow = MediaItem & { remove?: boolean }
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

/** Reads the body up to `maxBytes`; null when it is larger. */
export async function readLimitedFormData(
  request: Request,
  maxBytes = MAX_FORM_BYTES,
): Promise<FormData | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return null
  if (!request.body) return new FormData()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const body = Buffer.concat(chunks)
  return new Response(body, {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }).formData()
}

const str = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/** Files a person actually picked (an empty file input still sends one nameless part). */
function pickedFiles(formData: FormData, name: string): File[] {
  return formData
    .getAll(name)
    .filter((v): v is File => typeof v !== 'string' && (v.name !== '' || v.size > 0))
}

type Row = { item: MediaItem; caption: string; featured: boolean; remove: boolean }

/** Gallery rows as the form sent them (`gallery[N].item` + caption/featured/remove), in order. */
function readRows(formData: FormData, field: 'gallery' | 'floor_plans', userId: string): Row[] {
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
    // Only this user's files come back in: a tampered key is dropped, not trusted.
    if (!item?.variants?.original || !isUserUploadKey(userId, item.variants.original)) continue
    rows.push({
      item,
      caption: str(formData.get(`${field}[${i}].caption`)),
      featured: formData.get(`${field}[${i}].featured`) === 'on',
      remove: formData.get(`${field}[${i}].remove`) === 'on',
    })
  }
  return rows
}

function writeRows(formData: FormData, field: 'gallery' | 'floor_plans', rows: Row[]) {
  for (const key of [...formData.keys()])
    if (key.startsWith(`${field}[`)) formData.delete(key)
  rows.forEach((row, i) => {
    const { caption: _c, featured: _f, ...item } = row.item
    formData.append(`${field}[${i}].item`, JSON.stringify(item))
    if (row.caption) formData.append(`${field}[${i}].caption`, row.caption)
    if (row.featured) formData.append(`${field}[${i}].featured`, 'on')
    if (row.remove) formData.append(`${field}[${i}].remove`, 'on')
  })
}

const toMediaRow = (row: Row): MediaRow => ({
  ...row.item,
  caption: row.caption || null,
  featured: row.featured,
  remove: row.remove,
})

/** Stores the picked files; rejected ones become pt-BR messages naming the file. */
async function storeFiles(
  storage: Storage,
  userId: string,
  files: File[],
  room: number,
  folder: 'photos' | 'plans' | 'logos',
  noun: string,
) {
  const items: MediaItem[] = []
  const errors: string[] = []
  for (const [index, file] of files.entries()) {
    if (index >= room) {
      const left = files.length - room
      errors.push(
        `Limite de ${noun} atingido: ${left} ${left === 1 ? 'arquivo não foi enviado' : 'arquivos não foram enviados'}.`,
      )
      break
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer())
      items.push(await storeHomeImage(storage, userId, { name: file.name, bytes }, { folder }))
    } catch (error) {
      if (error instanceof ImageRejectedError) errors.push(error.message)
      else throw error
    }
  }
  return { items, errors }
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

export async function readHomeForm(
  request: Request,
  deps: { storage: Storage; userId: string; env: Env },
): Promise<HomeFormOutcome> {
  const formData = await readLimitedFormData(request)
  if (!formData)
    return {
      kind: 'reply',
      status: 413,
      state: {
        ...emptyFormState(),
        notice: {
          tone: 'error',
          text: `O envio passou de ${MAX_FORM_BYTES / 1024 / 1024} MB. Envie as fotos em partes menores.`,
        },
      },
    }

  const intent = str(formData.get('intent')) || 'save'
  if (intent === 'delete' || intent === 'duplicate') return { kind: 'intent', intent }

  const { storage, userId, env } = deps
  const fieldErrors: Record<string, string[]> = {}

  // Photos and floor plans: rows already stored, then the files sent now (kept even if the
  // rest of the form is wrong, so nobody picks them twice).
  for (const [field, filesField, max, folder, noun] of [
    ['gallery', 'gallery_files', HOME_LIMITS.maxPhotos, 'photos', 'fotos'],
    ['floor_plans', 'floor_plans_files', HOME_LIMITS.maxFloorPlans, 'plans', 'plantas'],
  ] as const) {
    const rows = readRows(formData, field, userId)
    const kept = rows.filter((row) => !row.remove).length
    const files = pickedFiles(formData, filesField)
    formData.delete(filesField)
    const { items, errors } = await storeFiles(storage, userId, files, max - kept, folder, noun)
    rows.push(...items.map((item) => ({ item, caption: '', featured: false, remove: false })))
    writeRows(formData, field, rows)
    if (errors.length) fieldErrors[field] = errors
  }

  const logoFile = pickedFiles(formData, 'theme_logo_file')
  formData.delete('theme_logo_file')
  if (formData.get('theme_logo_remove') === 'on') formData.delete('theme.logo')
  if (logoFile.length) {
    const { items, errors } = await storeFiles(storage, userId, logoFile.slice(0, 1), 1, 'logos', 'logos')
    if (items[0]) formData.set('theme.logo', items[0].url)
    if (errors.length) fieldErrors['theme.logo'] = errors
  }
  const logo = str(formData.get('theme.logo'))

  const state = (
    result: SubmissionResult<string[]> | null,
    extra: Partial<HomeFormState> = {},
  ): HomeFormState => ({
    result,
    media: {
      gallery: readRows(formData, 'gallery', userId).map(toMediaRow),
      floor_plans: readRows(formData, 'floor_plans', userId).map(toMediaRow),
    },
    logo: logo && isUserUploadKey(userId, logo.replace(/^\/uploads\//, '')) ? logo : null,
    notice: null,
    placeCandidates: [],
    nearbyOptions: nearbyFrom(formData),
    ...extra,
  })

  /** The form again with new values and no complaints (helper buttons). */
  const refill = (notice: Notice | null, extra: Partial<HomeFormState> = {}) => {
    const submission = parseWithZod(formData, { schema: HomeSchema })
    const result: SubmissionResult<string[]> = {
      initialValue: submission.reply().initialValue,
      error: Object.keys(fieldErrors).length ? fieldErrors : undefined,
    }
    return { kind: 'reply' as const, status: 200, state: state(result, { notice, ...extra }) }
  }

  if (intent === 'cep') {
    const found = await cepLookupFor(env)(str(formData.get('zipcode')))
    if (found.status !== 'found') {
      fieldErrors.zipcode = [CEP_MESSAGES[found.status]]
      return refill(null)
    }
    const { address } = found
    formData.set('zipcode', address.zipcode)
    formData.set('street', address.street)
    formData.set('neighborhood', address.neighborhood)
    formData.set('city', address.city)
    formData.set('state', address.state)
    return refill({ tone: 'success', text: `Endereço do CEP ${address.zipcode} preenchido.` })
  }

  if (intent === 'place-search' || intent === 'place-pick' || intent === 'nearby') {
    const places = placesFor(env)
    if (!places)
      return refill({ tone: 'info', text: 'Busca no Google Maps desligada: informe latitude e longitude.' })
    try {
      if (intent === 'place-search') {
        const query =
          str(formData.get('place_query')).trim() ||
          [formData.get('street'), formData.get('street_number'), formData.get('city')]
            .map(str)
            .filter(Boolean)
            .join(', ')
        const candidates = await places.searchText(query)
        return refill(
          candidates.length
            ? { tone: 'info', text: 'Escolha o local do imóvel.' }
            : { tone: 'error', text: 'Nenhum local encontrado. Tente outro endereço.' },
          { placeCandidates: candidates },
        )
      }
      if (intent === 'place-pick') {
        const picked = JSON.parse(str(formData.get('place_choice')) || 'null') as PlaceCandidate | null
        if (!picked?.id || !picked.location)
          return refill({ tone: 'error', text: 'Escolha um dos locais encontrados.' })
        formData.set('place_id', picked.id)
        formData.set('location.latitude', String(picked.location.latitude))
        formData.set('location.longitude', String(picked.location.longitude))
      }
      const latitude = Number(str(formData.get('location.latitude')).replace(',', '.'))
      const longitude = Number(str(formData.get('location.longitude')).replace(',', '.'))
      if (!str(formData.get('location.latitude')) || !Number.isFinite(latitude) || !Number.isFinite(longitude))
        return refill({ tone: 'error', text: 'Informe a localização antes de buscar lugares próximos.' })
      const nearby = await places.searchNearby({ latitude, longitude })
      return refill(
        {
          tone: 'success',
          text: nearby.length
            ? 'Marque os lugares próximos que podem aparecer nos posts.'
            : 'Nenhum lugar próximo encontrado.',
        },
        { nearbyOptions: nearby },
      )
    } catch (error) {
      if (error instanceof PlacesUnavailableError || error instanceof SyntaxError)
        return refill({ tone: 'error', text: error instanceof PlacesUnavailableError ? error.message : 'Escolha um dos locais encontrados.' })
      throw error
    }
  }

  const submission = parseWithZod(formData, { schema: HomeSchema })
  if (submission.status !== 'success' || Object.keys(fieldErrors).length) {
    const result = submission.reply(Object.keys(fieldErrors).length ? { fieldErrors } : undefined)
    return { kind: 'reply', status: 400, state: state(result) }
  }
  return { kind: 'save', value: submission.value, state: state(null) }
}
