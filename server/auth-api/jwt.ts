// Access tokens and API keys: HS256 JWTs shaped like Supabase Auth's.
import { createHmac, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import type { AuthAmrEntry } from '../../db/schema-auth'
import { forbidden } from './errors'

export type AccessTokenClaims = {
  sub: string
  aud: string
  exp: number
  iat: number
  iss: string
  email: string
  phone: string
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
  role: string
  aal: 'aal1' | 'aal2'
  amr: AuthAmrEntry[]
  session_id: string
  is_anonymous: boolean
}

export type ApiKeyRole = 'anon' | 'service_role'

const key = (secret: string) => new TextEncoder().encode(secret)

export async function signAccessToken(
  secret: string,
  claims: Omit<AccessTokenClaims, 'exp' | 'iat'>,
  issuedAt: number,
  ttlSeconds: number,
) {
  const { sub, iss, aud, ...rest } = claims
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret))
}

/** Verifies signature and expiry; answers like Supabase Auth (403 bad_jwt) when either fails. */
export async function verifyJwt(secret: string, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    })
    return payload as Partial<AccessTokenClaims> & { role?: string }
  } catch (e) {
    const detail =
      e instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
  }
}

/** The anon and service-role keys of the built-in API: long-lived JWTs carrying only a role. */
export async function createApiKeys(secret: string) {
  const sign = (role: ApiKeyRole) =>
    new SignJWT({ role, iss: 'vitrine' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      // Fixed times so the keys are the same on every instance and every start.
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(4_102_444_800)
      .sign(key(secret))
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') }
}

export function randomToken(bytes = 24) {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}

/**
 * An e-mail link's token: 32 random bytes, unrelated to the code beside it (a link derived from
 * the code, as Supabase's sha224(e-mail + code), falls to a million guesses). Kept as `sha256`.
 */
export const linkToken = () => randomToken(32)

/** What is kept of a six-digit code: bound to its token's row, so equal codes differ. */
export const codeHash = (tokenId: string, code: string) => sha256(`${tokenId}:${code}`)

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y)
}

/**
 * The refresh token that follows `parent`. Derived, not random, so that a client presenting a
 * just-rotated parent (two requests racing with the same cookie) can be handed the same child
 * again without the server ever storing a token in clear.
 */
export function childRefreshToken(secret: string, parent: string) {
  return createHmac('sha256', secret).update(`refresh:${parent}`).digest('base64url').slice(0, 32)
}

/** Uniform over 000000–999999 (`randomInt` rejects the modulo bias a remainder would leave). */
export function sixDigitCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function pkceChallenge(verifier: string, method: 's256' | 'plain') {
  if (method === 'plain') return verifier
  return createHash('sha256').update(verifier).digest('base64url')
}
