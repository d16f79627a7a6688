// The files a property points at (photos and floor plans in every size, its logo): the form's
// waiting files kept when the row is written (ADR 070), the files deleted with a photo or the
// property, and the copies a duplicate gets.
import { randomBytes } from 'node:crypto'
import type { Home, MediaItem } from '../../db/schema'
import type { HomeInput } from '~/domain/home-schema'
import { keysOf, contentTypeOfKey } from '~/domain/media'
import { type Storage } from '~/integrations/storage/storage.server'
import { keepTemporaryFile } from '~/integrations/storage/temporary-uploads.server'
import { isUserTemporaryKey } from '~/integrations/images/images.server'
import { currentLogger } from '~/utils/logger.server'

export const logoKeyOf = (logo: string | null | undefined) => logo?.replace(/^\/uploads\//, '') || null

/** Every stored file a property points at: photos, floor plans (all sizes) and its logo. */
export function storedKeysOf(home: Pick<Home, 'gallery' | 'floor_plans' | 'theme'>): string[] {
  const logo = logoKeyOf(home.theme?.logo)
  return [...[...home.gallery, ...home.floor_plans].flatMap(keysOf), ...(logo ? [logo] : [])]
}

export async function deleteKeys(storage: Storage, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)))
  for (const result of results)
    if (result.status === 'rejected')
      currentLogger().error('could not delete a stored file of a property', { error: String(result.reason) })
}

type KeptUploads = {
  input: HomeInput
  /** The temporary files copied: deleted once the row points at their copies. */
  temporary: string[]
  /** The copies: deleted again when the row cannot be written. */
  copies: string[]
}

/**
 * Moves the form's files waiting under tmp/ (ADR 070) to their permanent keys. A file already
 * swept drops its photo (or the logo) instead of leaving the row pointing at nothing.
 */
async function keepUploads(storage: Storage, userId: string, input: HomeInput): Promise<KeptUploads> {
  const kept: KeptUploads = { input, temporary: [], copies: [] }
  const keep = async (key: string) => {
    if (!isUserTemporaryKey(userId, key)) return key
    const target = await keepTemporaryFile(storage, key)
    kept.temporary.push(key)
    if (target) kept.copies.push(target)
    return target
  }
  const keepItems = async (items: MediaItem[]) => {
    const out: MediaItem[] = []
    for (const item of items) {
      if (!item.variants) continue
      const original = await keep(item.variants.original)
      if (!original) continue
      const variants = { ...item.variants, original }
      if (item.variants.w400) variants.w400 = (await keep(item.variants.w400)) ?? undefined
      if (item.variants.w800) variants.w800 = (await keep(item.variants.w800)) ?? undefined
      if (item.variants.w1080) variants.w1080 = (await keep(item.variants.w1080)) ?? undefined
      out.push({ ...item, variants, url: storage.url(original) })
    }
    return out
  }
  const logo = logoKeyOf(input.theme?.logo)
  const keptLogo = logo ? await keep(logo) : null
  // A logo is kept as its original only: its waiting derivatives go with the temporary files.
  if (logo && isUserTemporaryKey(userId, logo))
    kept.temporary.push(...['w400.webp', 'w800.webp', 'w1080.webp'].map((name) => logo.replace(/[^/]+$/, name)))
  kept.input = {
    ...input,
    gallery: await keepItems(input.gallery),
    floor_plans: await keepItems(input.floor_plans),
    theme: input.theme ? { ...input.theme, logo: keptLogo ? storage.url(keptLogo) : null } : input.theme,
  }
  return kept
}

/** Writes the row with the form's files kept; the temporary files go once it is written. */
export async function withKeptUploads<T>(
  storage: Storage,
  userId: string,
  input: HomeInput,
  write: (input: HomeInput) => Promise<T | null>,
): Promise<T | null> {
  const kept = await keepUploads(storage, userId, input)
  let written: T | null = null
  try {
    written = await write(kept.input)
  } finally {
    await deleteKeys(storage, written ? kept.temporary : kept.copies)
  }
  return written
}

/** Copies of a property's files under fresh keys, so a duplicate never shares one. */
export async function copyHomeFiles(storage: Storage, source: Pick<Home, 'gallery' | 'floor_plans' | 'theme'>) {
  const copyKey = async (key: string, fresh: string) => {
    const target = key.replace(/\/[0-9a-f]{32}\//, `/${fresh}/`)
    const bytes = await storage.get(key)
    if (bytes && target !== key) await storage.put(target, bytes, contentTypeOfKey(key))
    return bytes && target !== key ? target : key
  }
  const copyItems = async (items: MediaItem[]) => {
    const copies: MediaItem[] = []
    for (const item of items) {
      if (!item.variants) continue
      const fresh = randomBytes(16).toString('hex')
      const variants = { ...item.variants, original: await copyKey(item.variants.original, fresh) }
      if (item.variants.w400) variants.w400 = await copyKey(item.variants.w400, fresh)
      if (item.variants.w800) variants.w800 = await copyKey(item.variants.w800, fresh)
      if (item.variants.w1080) variants.w1080 = await copyKey(item.variants.w1080, fresh)
      copies.push({ ...item, variants, url: storage.url(variants.original) })
    }
    return copies
  }
  const logo = logoKeyOf(source.theme?.logo)
  const theme = source.theme
    ? {
        ...source.theme,
        logo: logo ? storage.url(await copyKey(logo, randomBytes(16).toString('hex'))) : null,
      }
    : null
  return { gallery: await copyItems(source.gallery), floor_plans: await copyItems(source.floor_plans), theme }
}
