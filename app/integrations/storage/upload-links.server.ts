// Who may read a stored file (ADR 021). Files live under users/<owner id>/… (tmp/users/<owner
// id>/… while their form is not saved yet, ADR 070): the owner reads
// them when signed in; anyone else gets 404, as for any other user's data. Where a file must be
// read by someone who is not signed in (a public post page, a social network fetching the image)
// the app hands out a link signed with SESSION_SECRET that expires.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { ownerOfKey } from '~/domain/media'
import { isValidStorageKey, UPLOADS_PATH } from './storage.server'

export { ownerOfKey }

const signatureOf = (secret: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')

/** '/uploads/<key>?expires=…&signature=…', readable by anyone until `expires` (seconds). */
export function signedUploadUrl(secret: string, key: string, ttlSeconds = 7 * 24 * 3600, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds
  const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(secret, key, expires) })
  return `${UPLOADS_PATH}/${key}?${query}`
}

export function hasValidSignature(secret: string, key: string, url: URL, now = Date.now()) {
  const expires = Number(url.searchParams.get('expires'))
  const given = url.searchParams.get('signature') ?? ''
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false
  const expected = Buffer.from(signatureOf(secret, key, expires))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A signed link to one of `ownerId`'s saved files, or null for any other key: every key a public
 * page signs (an item's derivatives too, not only the address it is listed by) is checked here.
 */
export function signedOwnUploadUrl(secret: string, ownerId: string, key: string, ttlSeconds: number, now: number) {
  if (!isValidStorageKey(key) || !key.startsWith(`users/${ownerId}/`) || key.includes('..')) return null
  return signedUploadUrl(secret, key, ttlSeconds, now)
}

/** May this request read the file? Owner signed in, or a valid signed link. */
export function canReadUpload(options: {
  key: string
  userId: string | null
  url: URL
  secret: string
  now?: number
}): boolean {
  if (!isValidStorageKey(options.key)) return false
  const owner = ownerOfKey(options.key)
  if (owner && options.userId === owner) return true
  return hasValidSignature(options.secret, options.key, options.url, options.now)
}
