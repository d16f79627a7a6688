// Photos shared to the installed app (the manifest's share target, ADR 256, 283): the phone's
// share sheet posts them to /compartilhar, which takes them only from a signed-in person and
// never from another site's page. Each photo is processed as it streams in, as a photo picked on
// the form would be (under the account's tmp/, swept after a day unless the form is saved, ADR
// 070), and what came is written down under a random token for that person alone. "Novo imóvel"
// then only reads it back: a GET claims nothing, and another person holding the link finds nothing.
import { randomBytes } from 'node:crypto'
import { HOME_LIMITS } from '~/domain/home'
import type { MediaItem } from '~/domain/media'
import { IMAGE_LIMITS, ImageRejectedError, storeHomeImage } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { currentLogger } from '~/utils/logger.server'
import { temporaryKey } from '~/integrations/storage/temporary-uploads.server'
import type { StreamedFormLimits } from '~/utils/streamed-form.server'
import { MAX_FORM_BYTES } from './home-form.server'

export type SharedPhotos = { gallery: MediaItem[]; description: string; errors: string[] }

/** The property form's own limits: a photo of at most 25 MB, 40 of them, 200 MB in all. */
export const SHARE_LIMITS: StreamedFormLimits = {
  maxFileBytes: IMAGE_LIMITS.maxBytes,
  maxFiles: HOME_LIMITS.maxPhotos,
  maxTotalBytes: MAX_FORM_BYTES,
  maxParts: HOME_LIMITS.maxPhotos + 10,
}

const TOKEN = /^[0-9a-f]{32}$/

export const isShareToken = (token: string | null): token is string => !!token && TOKEN.test(token)

/** Where a person's share is written down: under their own id, so only they read it back. */
const shareKey = (personId: string, token: string) => temporaryKey(`compartilhados/${personId}/${token}.json`)

/**
 * The description a share fills in: the text, then the link when the text does not already carry
 * it (WhatsApp sends the link inside the text); the title only when nothing else came.
 */
export function sharedDescription({ title, text, url }: { title: string; text: string; url: string }): string {
  const parts = [text.trim()]
  if (url.trim() && !text.includes(url.trim())) parts.push(url.trim())
  const description = parts.filter(Boolean).join('\n')
  return (description || title.trim()).slice(0, 5000)
}

/** One shared file as a form photo of the account (under its tmp/), or its pt-BR refusal in `shared.errors`. */
export async function addSharedPhoto(
  storage: Storage,
  accountId: string,
  shared: SharedPhotos,
  file: { name: string; bytes: Uint8Array },
): Promise<void> {
  try {
    shared.gallery.push(await storeHomeImage(storage, accountId, file, { temporary: true }))
  } catch (error) {
    if (error instanceof ImageRejectedError) shared.errors.push(error.message)
    else throw error
  }
}

/** Writes down what a person shared, for their "Novo imóvel" alone; the token it is read back with. */
export async function keepShare(storage: Storage, personId: string, shared: SharedPhotos): Promise<string> {
  const token = randomBytes(16).toString('hex')
  await storage.put(shareKey(personId, token), Buffer.from(JSON.stringify(shared)), 'application/json')
  return token
}

/** What this person shared under `token`, or null (another person's, swept, or never shared). */
export async function sharedPhotosOf(storage: Storage, personId: string, token: string): Promise<SharedPhotos | null> {
  const bytes = await storage.get(shareKey(personId, token))
  if (!bytes) return null
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as SharedPhotos
  } catch (error) {
    currentLogger().error('shared photos unreadable; treated as gone', { personId, error })
    return null
  }
}
