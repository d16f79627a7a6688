// A listing's photos: downloaded in the feed's order and put through the same sharp pipeline as
// the property form's uploads (storeHomeImage: checked, upright, no EXIF, 400/1080 px WebP).
// A photo that fails is reported with the listing and the reason; the others are kept.
import { availableParallelism } from 'node:os'
import type { MediaItem } from '~/domain/media'
import type { FeedReportError } from '~/domain/feeds'
import { deleteKeys, storedKeysOf } from '~/models/home-files.server'
import { listPendingPhotos, savePhotos, type PendingPhotos } from '~/models/feed-listings.server'
import type { Database } from '~/utils/db.server'
import { FeedReadError, type FeedPhoto } from '~/domain/feeds'
import { IMAGE_LIMITS, ImageRejectedError, storeHomeImage } from '~/integrations/images/images.server'
import { bodyBytes, feedFetch, type FeedFetchOptions } from '~/integrations/feeds/fetch.server'
import type { Storage } from '~/integrations/storage/storage.server'

const nameOf = (url: string, index: number) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || `foto-${index + 1}.jpg`
  } catch {
    return `foto-${index + 1}.jpg`
  }
}

async function downloadOne(url: string, options: FeedFetchOptions): Promise<Uint8Array> {
  const response = await feedFetch(url, { ...options, timeoutMs: options.timeoutMs ?? 20_000 })
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new FeedReadError(`o servidor respondeu HTTP ${response.status}`)
  }
  return bodyBytes(response, IMAGE_LIMITS.maxBytes)
}

export async function downloadPhotos(
  storage: Storage,
  userId: string,
  photos: FeedPhoto[],
  options: FeedFetchOptions,
): Promise<{ gallery: MediaItem[]; errors: string[] }> {
  const gallery: MediaItem[] = []
  const errors: string[] = []
  for (const [index, photo] of photos.entries()) {
    try {
      const bytes = await downloadOne(photo.url, options)
      gallery.push(
        await storeHomeImage(
          storage,
          userId,
          { name: nameOf(photo.url, index), bytes },
          { caption: photo.caption, featured: photo.featured },
        ),
      )
    } catch (error) {
      const reason =
        error instanceof FeedReadError || error instanceof ImageRejectedError ? error.message : 'erro inesperado'
      errors.push(`Foto ${index + 1} não importada (${reason.replace(/\.$/, '')}).`)
    }
  }
  if (gallery.length && !gallery.some((item) => item.featured)) gallery[0] = { ...gallery[0]!, featured: true }
  return { gallery, errors }
}

/** Listings whose photos are processed at once: one per core (sharp's own threads do the rest;
 * more workers only raise the peak memory, bench/feed-import.ts). */
const PHOTO_WORKERS = Math.max(2, availableParallelism())

const keysOfGallery = (gallery: MediaItem[]) => storedKeysOf({ gallery, floor_plans: [], theme: null })

type PhotoDeps = { db: Database; storage: Storage; fetchOptions?: FeedFetchOptions; concurrency?: number }

async function importListingPhotos(
  deps: PhotoDeps,
  connection: { id: number; user_id: string },
  pending: PendingPhotos,
  reportId: number,
) {
  const result = await downloadPhotos(deps.storage, connection.user_id, pending.photos, deps.fetchOptions ?? {})
  const errors: FeedReportError[] = result.errors.map((reason) => ({ listingId: pending.external_id, reason }))
  const replaced = await savePhotos(deps.db, connection.user_id, connection.id, pending, result.gallery, {
    id: reportId,
    errors,
  })
  const kept = new Set(keysOfGallery(result.gallery))
  await deleteKeys(deps.storage, replaced ? keysOfGallery(replaced).filter((key) => !kept.has(key)) : [...kept])
}

/**
 * Phase 2 of a sync: the photos of every listing marked pending, one listing per core at a
 * time (downloads and sharp overlap), each listing's photos and failures counted in the report
 * `reportId` as it is saved.
 */
export async function importPendingPhotos(
  deps: PhotoDeps,
  connection: { id: number; user_id: string },
  reportId: number,
): Promise<void> {
  for (;;) {
    // Each listing leaves 'pending' once tried (saved or failed), so the loop ends.
    const batch = await listPendingPhotos(deps.db, connection.id, 32)
    if (batch.length === 0) return
    const queue = [...batch]
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await importListingPhotos(deps, connection, next, reportId)
    }
    await Promise.all(Array.from({ length: deps.concurrency ?? PHOTO_WORKERS }, worker))
  }
}
