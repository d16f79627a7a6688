// Credentials at rest (OAuth tokens, CRM API keys, TOTP secrets): AES-256-GCM with a key derived
// from the one credentials key (credentialsKeyFor: TOKEN_ENCRYPTION_KEY, or, embedded database
// only, one kept in the database; ADR 305). The sealed text
// is "v1.<iv>.<tag>.<ciphertext>" in base64url; a changed byte or another key fails to open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'

function keyFrom(secret: string) {
  return createHash('sha256').update(`vitrine:sealed:${secret}`).digest()
}

export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export class SealedTextError extends Error {}

/** Whether a stored value has the sealed shape (a value written in clear before sealing had not). */
export function isSealed(text: string): boolean {
  const parts = text.split('.')
  return parts.length === 4 && parts[0] === VERSION
}

export function unseal(secret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new SealedTextError('not a sealed value')
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch (error) {
    throw new SealedTextError('sealed value does not open with this key', { cause: error })
  }
}
