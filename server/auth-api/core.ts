// Shared pieces of the built-in auth API: its dependencies, the user's wire shape, sessions.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import * as bcrypt from '@node-rs/bcrypt'
import type * as schema from '../../db/schema'
import {
  authMfaFactors,
  authRefreshTokens,
  authSessions,
  authUsers,
  type AuthAmrEntry,
  type AuthFactorRow,
  type AuthUserRow,
} from '../../db/schema-auth'
import type { Database } from '../../app/utils/db.server'
import type { EmailMessage } from '../../app/integrations/mail/email.server'
import { badRequest, forbidden, messages, unauthorized, unprocessable } from './errors'
import { randomToken, sha256, signAccessToken, verifyJwt } from './jwt'

/** A query runner: the database or a transaction. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>

export type AuthApiDeps = {
  db: Database
  /** HS256 signing key of access tokens and API keys. */
  jwtSecret: string
  /** Seals the TOTP factors' secrets at rest: the app's one credentials key (ADR 305). */
  credentialsKey: string
  /** The app's public address (APP_URL): default redirect and e-mail link base. */
  siteUrl: string
  /** The public address of this API, e.g. `${siteUrl}/auth/v1`: JWT issuer, e-mail links. */
  apiUrl?: string
  /** Other origins a redirect_to may point at (besides siteUrl's). */
  redirectOrigins?: string[]
  /** When true, sign-up sends a confirmation e-mail and sign-in waits for it. */
  confirmEmail: boolean
  sendEmail: (message: EmailMessage) => Promise<void>
  /** Told of each e-mail left sending after the answer (tests wait for them before reading the mailbox). */
  afterAnswer?: (work: Promise<void>) => void
  /** Seconds a just-rotated refresh token may be presented again (racing requests). */
  refreshTokenReuseIntervalSeconds?: number
  accessTokenTtlSeconds?: number
  /** One-time e-mail tokens' lifetime. */
  otpTtlSeconds?: number
  /** Minimum seconds between two e-mails of one kind to one address. */
  emailFrequencySeconds?: number
  minPasswordLength?: number
  /** Anonymous sign-in (POST /signup with no e-mail); on unless false. */
  anonymousSignIns?: boolean
  /**
   * A password change from a session older than 24 hours needs the e-mailed nonce
   * (reauthenticate), as Supabase's "secure password change". Off unless true.
   */
  passwordChangeNeedsReauthentication?: boolean
  /**
   * bcrypt's cost factor for new hashes (10 when unset). Lower only for test servers, as Devise
   * and Django do in their test settings (ADR 204); a check reads the cost from the stored hash.
   */
  passwordHashCost?: number
  now?: () => Date
  logger?: { error(msg: string, fields?: Record<string, unknown>): void }
}

export type Ctx = {
  deps: AuthApiDeps
  db: Database
  now: Date
  url: URL
  request: Request
  body: Record<string, unknown>
  apiUrl: string
}

/**
 * Compared against when an e-mail has no account, so that a miss costs as long as a wrong
 * password. A cost-10 hash of a random password nobody kept (hashing one at import time cost
 * every start ~150 ms).
 */
export const DUMMY_HASH = '$2b$10$NiH2qFEWqPrUGAl9BppZvOmiYlRKgVabUw9A98gh4RzaR00plLrIW'

export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/**
 * What `user_metadata` (and `app_metadata`) may hold: it rides in every access token and in the
 * app's session cookie, and Postgres' jsonb refuses a NUL. Bounded like the forms (issue 66).
 */
export const METADATA_LIMITS = { keys: 20, keyLength: 64, stringLength: 500, depth: 3, bytes: 2048 }
export const metadataMessages = {
  notObject: 'User metadata must be a JSON object',
  tooManyKeys: `User metadata can have at most ${METADATA_LIMITS.keys} keys`,
  keyTooLong: `User metadata keys can have at most ${METADATA_LIMITS.keyLength} characters`,
  valueTooLong: `User metadata values can have at most ${METADATA_LIMITS.stringLength} characters`,
  tooDeep: `User metadata can nest at most ${METADATA_LIMITS.depth} levels`,
  tooLarge: `User metadata can have at most ${METADATA_LIMITS.bytes} bytes`,
  control: 'User metadata cannot contain control characters',
}
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/

function checkMetadataValue(value: unknown, depth: number) {
  const refuse = (message: string) => {
    throw badRequest('validation_failed', message)
  }
  if (typeof value === 'string') {
    if (value.length > METADATA_LIMITS.stringLength) refuse(metadataMessages.valueTooLong)
    if (CONTROL_CHARACTER.test(value)) refuse(metadataMessages.control)
    return
  }
  if (!value || typeof value !== 'object') return
  if (depth >= METADATA_LIMITS.depth) refuse(metadataMessages.tooDeep)
  for (const [key, inner] of Object.entries(value)) {
    if (key.length > METADATA_LIMITS.keyLength) refuse(metadataMessages.keyTooLong)
    if (CONTROL_CHARACTER.test(key)) refuse(metadataMessages.control)
    checkMetadataValue(inner, depth + 1)
  }
}

/** Checks a metadata object as sent (`undefined`/`null`: none) or as merged; 400 past a bound. */
export function checkedMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw badRequest('validation_failed', metadataMessages.notObject)
  if (Object.keys(value).length > METADATA_LIMITS.keys)
    throw badRequest('validation_failed', metadataMessages.tooManyKeys)
  checkMetadataValue(value, 0)
  if (new TextEncoder().encode(JSON.stringify(value)).length > METADATA_LIMITS.bytes)
    throw badRequest('validation_failed', metadataMessages.tooLarge)
  return value as Record<string, unknown>
}

export function validateEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase()
  if (!email) throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!EMAIL_PATTERN.test(email)) throw badRequest('validation_failed', messages.invalidEmail)
  return email
}

export function checkPasswordStrength(ctx: Ctx, password: string) {
  const min = ctx.deps.minPasswordLength ?? 6
  if (new TextEncoder().encode(password).length > 72) throw unprocessable('validation_failed', messages.passwordTooLong)
  if (password.length < min)
    throw unprocessable('weak_password', messages.weakPasswordLength(min), {
      weak_password: { reasons: ['length'] },
    })
}

// Native bcrypt on libuv's thread pool (ADR 203): a sign-in no longer holds the event loop for
// the ≈ 70 ms a hash takes, and the hashes are the same `$2b$10$` ones bcryptjs wrote.
export const DEFAULT_PASSWORD_HASH_COST = 10
export const hashPassword = (ctx: Ctx, password: string) =>
  bcrypt.hash(password, { cost: ctx.deps.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST })
export const comparePassword = (password: string, encoded: string) => bcrypt.verify(password, encoded)

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined)

export function serializeFactor(f: AuthFactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    last_challenged_at: iso(f.last_challenged_at),
  }
}

export function appMetadata(user: AuthUserRow) {
  if (user.is_anonymous) return { ...user.raw_app_meta_data }
  return { provider: 'email', providers: ['email'], ...user.raw_app_meta_data }
}

export function userMetadata(user: AuthUserRow) {
  if (user.is_anonymous) return { ...user.raw_user_meta_data }
  return {
    ...user.raw_user_meta_data,
    email: user.email ?? '',
    email_verified: Boolean(user.email_confirmed_at),
    phone_verified: false,
    sub: user.id,
  }
}

/** Supabase Auth's user object. */
export function serializeUser(user: AuthUserRow, factors: AuthFactorRow[] = []) {
  const identity = {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      email: user.email ?? '',
      email_verified: Boolean(user.email_confirmed_at),
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at) ?? user.created_at.toISOString(),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    email: user.email ?? '',
  }
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: userMetadata(user),
    // An anonymous user has no identity until an address is confirmed.
    identities: user.is_anonymous ? [] : [identity],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    ...(factors.length ? { factors: factors.map(serializeFactor) } : {}),
  }
}

export async function loadFactors(db: Executor, userId: string) {
  return db
    .select()
    .from(authMfaFactors)
    .where(eq(authMfaFactors.user_id, userId))
    .orderBy(asc(authMfaFactors.created_at))
}

export async function userJson(db: Executor, user: AuthUserRow) {
  return serializeUser(user, await loadFactors(db, user.id))
}

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1)
  return user
}

/** Creates an auth user (sign-up and the admin API): a new id unless one is given. */
export async function insertUser(
  ctx: Ctx,
  db: Executor,
  fields: Omit<typeof authUsers.$inferInsert, 'id' | 'created_at' | 'updated_at'> & { id?: string },
): Promise<AuthUserRow> {
  const [user] = await db
    .insert(authUsers)
    .values({ id: crypto.randomUUID(), ...fields, created_at: ctx.now, updated_at: ctx.now })
    .returning()
  return user!
}

export async function findUserById(db: Executor, id: string) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1)
  return user
}

export function isBanned(user: AuthUserRow, now: Date) {
  return Boolean(user.banned_until && user.banned_until > now)
}

async function accessTokenFor(
  ctx: Ctx,
  user: AuthUserRow,
  session: { id: string; aal: 'aal1' | 'aal2'; amr: AuthAmrEntry[] },
) {
  const ttl = ctx.deps.accessTokenTtlSeconds ?? 3600
  const issuedAt = Math.floor(ctx.now.getTime() / 1000)
  const token = await signAccessToken(
    ctx.deps.jwtSecret,
    {
      sub: user.id,
      aud: 'authenticated',
      iss: ctx.apiUrl,
      email: user.email ?? '',
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: userMetadata(user),
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    issuedAt,
    ttl,
  )
  return { token, expiresIn: ttl, expiresAt: issuedAt + ttl }
}

/** The token endpoint's answer: a session object with the user inside. */
export async function sessionJson(
  ctx: Ctx,
  db: Executor,
  user: AuthUserRow,
  session: { id: string; aal: 'aal1' | 'aal2'; amr: AuthAmrEntry[] },
  refreshToken: string,
) {
  const access = await accessTokenFor(ctx, user, session)
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  }
}

/** Starts a session (aal1 unless told) and hands out its first refresh token. */
export async function startSession(ctx: Ctx, db: Executor, user: AuthUserRow, method: string) {
  const sessionId = crypto.randomUUID()
  const amr = [{ method, timestamp: Math.floor(ctx.now.getTime() / 1000) }]
  await db.insert(authSessions).values({
    id: sessionId,
    user_id: user.id,
    aal: 'aal1',
    amr,
    user_agent: ctx.request.headers.get('user-agent'),
    created_at: ctx.now,
    updated_at: ctx.now,
  })
  const refreshToken = randomToken()
  await db.insert(authRefreshTokens).values({
    token_hash: sha256(refreshToken),
    user_id: user.id,
    session_id: sessionId,
    created_at: ctx.now,
    updated_at: ctx.now,
  })
  const [updated] = await db
    .update(authUsers)
    .set({ last_sign_in_at: ctx.now })
    .where(eq(authUsers.id, user.id))
    .returning()
  return sessionJson(ctx, db, updated ?? user, { id: sessionId, aal: 'aal1', amr }, refreshToken)
}

export function bearer(request: Request) {
  const header = request.headers.get('authorization') ?? ''
  const match = /^bearer\s+(.+)$/i.exec(header.trim())
  return match?.[1]
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type SessionJson = {
  id: string
  aal: 'aal1' | 'aal2'
  amr: AuthAmrEntry[]
  factor_id: string | null
  created_at: string
}
type FactorJson = Omit<AuthFactorRow, 'created_at' | 'updated_at' | 'last_challenged_at'> & {
  created_at: string
  updated_at: string
  last_challenged_at: string | null
}

/**
 * The signed-in caller: a valid access token whose session and user still exist. One query
 * brings the user, the session and the factors (every signed-in page asks this).
 */
export async function requireAuthenticated(ctx: Ctx) {
  const token = bearer(ctx.request)
  if (!token) throw unauthorized('no_authorization', messages.noAuthorization)
  const claims = await verifyJwt(ctx.deps.jwtSecret, token, ctx.now)
  if (claims.role === 'anon' || claims.role === 'service_role' || !claims.sub)
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  if (!UUID_PATTERN.test(claims.sub)) throw forbidden('user_not_found', messages.userFromJwtNotFound)
  const sessionId = claims.session_id && UUID_PATTERN.test(claims.session_id) ? claims.session_id : null
  // Qualified by hand: inside a sub-select Drizzle would print the bare column name.
  const outerId = sql.raw('"auth_users"."id"')
  const [row] = await ctx.db
    .select({
      user: authUsers,
      session: sql<SessionJson | null>`(select json_build_object('id', s.id, 'aal', s.aal, 'amr', s.amr, 'factor_id', s.factor_id, 'created_at', s.created_at) from ${authSessions} s where s.id = ${sessionId}::uuid and s.user_id = ${outerId})`,
      factors: sql<
        FactorJson[]
      >`coalesce((select json_agg(f order by f.created_at) from ${authMfaFactors} f where f.user_id = ${outerId}), '[]'::json)`,
    })
    .from(authUsers)
    .where(eq(authUsers.id, claims.sub))
    .limit(1)
  if (!row) throw forbidden('user_not_found', messages.userFromJwtNotFound)
  if (!row.session) throw forbidden('session_not_found', messages.sessionNotFound)
  const factors: AuthFactorRow[] = row.factors.map((f) => ({
    ...f,
    created_at: new Date(f.created_at),
    updated_at: new Date(f.updated_at),
    last_challenged_at: f.last_challenged_at ? new Date(f.last_challenged_at) : null,
  }))
  return { claims, user: row.user, session: row.session, factors }
}

/** Admin endpoints need the service-role key as the bearer token. */
export async function requireServiceRole(ctx: Ctx) {
  const token = bearer(ctx.request)
  if (!token) throw unauthorized('no_authorization', messages.noAuthorization)
  const claims = await verifyJwt(ctx.deps.jwtSecret, token, ctx.now)
  if (claims.role !== 'service_role') throw forbidden('not_admin', messages.notAdmin)
}

/** Honours redirect_to only on the site's own origin (or an allowed one). */
export function allowedRedirect(ctx: Ctx, raw: string | undefined | null) {
  if (!raw) return undefined
  try {
    const target = new URL(raw, ctx.deps.siteUrl)
    const allowed = [new URL(ctx.deps.siteUrl).origin, ...(ctx.deps.redirectOrigins ?? [])]
    return allowed.includes(target.origin) ? target.toString() : undefined
  } catch {
    return undefined
  }
}

export async function latestActiveToken(db: Executor, sessionId: string) {
  const [token] = await db
    .select()
    .from(authRefreshTokens)
    .where(and(eq(authRefreshTokens.session_id, sessionId), eq(authRefreshTokens.revoked, false)))
    .orderBy(desc(authRefreshTokens.id))
    .limit(1)
  return token
}
