// The files of the property form: the photo and floor-plan rows the form carries back
// (`gallery[N].item` + caption/featured/remove), the files picked now, and the logo. Files sent
// with the form are stored at once under tmp/ (ADR 070), so a form that comes back with errors
// keeps them as rows and nobody picks them twice; the save moves them to their place, and the
// files of a form that is never saved are swept a day later.
import type { MediaItem } from '~/domain/media'
import { HOME_LIMITS } from '~/domain/home'
import { ImageRejectedError, IMAGE_LIMITS, isOwnUploadKey, storeHomeImage } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'

export type MediaRow = MediaItem & { remove?: boolean }

export type MediaField = 'gallery' | 'floor_plans'

type Row = { item: MediaItem; caption: string; featured: boolean; remove: boolean }

export const str = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

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
    if (!item?.variants?.original || !isOwnUploadKey(userId, item.variants.original)) continue
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
export function mediaRows(formData: FormData, field: MediaField, userId: string): MediaRow[] {
  return readRows(formData, field, userId).map((row) => ({
    ...row.item,
    caption: row.caption || null,
    featured: row.featured,
    remove: row.remove,
  }))
}

/** The logo's address when it is this user's file (saved or waiting), else null. */
export function ownLogo(formData: FormData, userId: string): string | null {
  const logo = str(formData.get('theme.logo'))
  return logo && isOwnUploadKey(userId, logo.replace(/^\/uploads\//, '')) ? logo : null
}

/** Stores the picked files under tmp/; rejected ones become pt-BR messages naming the file. */
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
      items.push(await storeHomeImage(storage, userId, { name: file.name, bytes }, { folder, temporary: true }))
    } catch (error) {
      if (error instanceof ImageRejectedError) errors.push(error.message)
      else throw error
    }
  }
  return { items, errors }
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

/**
 * Stores the photos, floor plans and logo sent with the form and rewrites the form so they are
 * rows (and `theme.logo`) like the ones already stored. Per-file errors go to `fieldErrors`.
 */
export async function storeSentFiles(
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
}

/** The largest photo or floor plan accepted, in bytes. */
export const PHOTO_MAX_BYTES = IMAGE_LIMITS.maxBytes

/** One photo or floor plan picked on the form (its JavaScript), kept under tmp/ until the form is saved. */
export async function storePickedFile(
  storage: Storage,
  userId: string,
  file: File,
  folder: 'photos' | 'plans',
): Promise<{ item: MediaItem } | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  try {
    return { item: await storeHomeImage(storage, userId, { name: file.name, bytes }, { folder, temporary: true }) }
  } catch (error) {
    if (error instanceof ImageRejectedError) return { error: error.message }
    throw error
  }
}
