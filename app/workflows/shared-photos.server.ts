// Photos shared to the installed app (the manifest's share target, ADR 256): the phone's share
// sheet posts them, signed in or not, and the session cookie may not come with that post (it is a
// cross-site navigation for the browser). So the files are first kept as they came, under a random
// token in tmp/ (swept after a day like every form's files, ADR 070); the "Novo imóvel" page then
// claims them for the account that opens it, after the sign-in when there was none, and shows them
// as the form's photos. A claim is written down, so a reload shows the same photos again.
import { randomBytes } from 'node:crypto'
import { HOME_LIMITS } from '~/domain/home'
import type { MediaItem } from '~/domain/media'
import { ImageRejectedError, storeHomeImage } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { temporaryKey } from '~/integrations/storage/temporary-uploads.server'

/** What a share brought: the files as they came, and the text or link the other app sent. */
export type SharedInput = { files: File[]; title: string; text: string; url: string }

export type SharedPhotos = { gallery: MediaItem[]; description: string; errors: string[] }

type Pending = { names: string[]; description: string }

const TOKEN = /^[0-9a-f]{32}$/

export const isShareToken = (token: string | null): token is string => !!token && TOKEN.test(token)

const pendingPrefix = (token: string) => temporaryKey(`compartilhados/${token}/`)
const claimKey = (accountId: string, token: string) => temporaryKey(`users/${accountId}/compartilhados/${token}.json`)

/**
 * The description a share fills in: the text, then the link when the text does not already carry
 * it (WhatsApp sends the link inside the text); the title only when nothing else came.
 */
export function sharedDescription({ title, text, url }: Omit<SharedInput, 'files'>): string {
  const parts = [text.trim()]
  if (url.trim() && !text.includes(url.trim())) parts.push(url.trim())
  const description = parts.filter(Boolean).join('\n')
  return (description || title.trim()).slice(0, 5000)
}

/** Keeps what was shared, whoever sent it; answers the token the form page claims it with. */
export async function keepSharedPhotos(storage: Storage, input: SharedInput): Promise<string> {
  const token = randomBytes(16).toString('hex')
  const files = input.files.slice(0, HOME_LIMITS.maxPhotos)
  await Promise.all(
    files.map(async (file, index) =>
      storage.put(
        `${pendingPrefix(token)}${index}`,
        new Uint8Array(await file.arrayBuffer()),
        'application/octet-stream',
      ),
    ),
  )
  const pending: Pending = { names: files.map((file) => file.name), description: sharedDescription(input) }
  await storage.put(`${pendingPrefix(token)}share.json`, Buffer.from(JSON.stringify(pending)), 'application/json')
  return token
}

async function readJson<T>(storage: Storage, key: string): Promise<T | null> {
  const bytes = await storage.get(key)
  if (!bytes) return null
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as T
  } catch {
    return null
  }
}

/**
 * The shared photos as this account's form photos (under tmp/, like photos picked on the form),
 * with a pt-BR line per refused file. Null when the token names nothing (swept, or never shared).
 */
export async function claimSharedPhotos(
  storage: Storage,
  accountId: string,
  token: string,
): Promise<SharedPhotos | null> {
  const claimed = await readJson<SharedPhotos>(storage, claimKey(accountId, token))
  if (claimed) return claimed
  const prefix = pendingPrefix(token)
  const pending = await readJson<Pending>(storage, `${prefix}share.json`)
  if (!pending) return null
  const shared: SharedPhotos = { gallery: [], description: pending.description, errors: [] }
  for (const [index, name] of pending.names.entries()) {
    const bytes = await storage.get(`${prefix}${index}`)
    if (!bytes) continue
    try {
      shared.gallery.push(await storeHomeImage(storage, accountId, { name, bytes }, { temporary: true }))
    } catch (error) {
      if (error instanceof ImageRejectedError) shared.errors.push(error.message)
      else throw error
    }
  }
  await storage.put(claimKey(accountId, token), Buffer.from(JSON.stringify(shared)), 'application/json')
  // Claimed once: another account holding the link finds nothing.
  await Promise.all([...pending.names.keys()].map((index) => storage.delete(`${prefix}${index}`)))
  await storage.delete(`${prefix}share.json`)
  return shared
}
