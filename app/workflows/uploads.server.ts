// A stored photo, floor plan or logo for GET /uploads/<key>: the owner reads their own files; a
// signed link opens one file for anyone until it expires; anything else is nothing (ADR 021).
import { contentTypeOfKey } from '~/domain/media'
import type { Storage } from '~/integrations/storage/storage.server'
import { IMAGE_LIMITS } from '~/integrations/images/images.server'
import { canReadUpload } from '~/integrations/storage/upload-links.server'

export async function readUpload(options: {
  storage: Storage
  key: string
  userId: string | null
  url: URL
  secret: string
}): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const { storage, key, userId, url, secret } = options
  if (!canReadUpload({ key, userId, url, secret })) return null
  const bytes = await storage.get(key)
  return bytes ? { bytes, contentType: contentTypeOfKey(key) } : null
}

/** The largest photo, floor plan, logo or profile photo accepted, in bytes. */
export const IMAGE_MAX_BYTES = IMAGE_LIMITS.maxBytes
