// Auth, one code path for both backends (DESIGN.md "Auth"; ADR 010, 011): a per-request
// @supabase/ssr server client in a root middleware that puts the client and the signed-in user
// in router context and writes the session cookies. The backend is a hosted Supabase Auth at
// SUPABASE_URL, or the built-in API (server/auth-api) reached in-process.
import { createHmac } from 'node:crypto'
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr'
import { createClient, type SupabaseClient, type User as AuthUser } from '@supabase/supabase-js'
import { eq, sql } from 'drizzle-orm'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import ws from 'ws'
import { users } from '../../db/schema'
import { dbContext, userContext, type SessionUser } from '~/context'
import { cookiesAreSecure, type Env } from '~/env.server'
import {
  createApiKeys,
  createInProcessFetch,
  handleAuthRequest,
  loadOrCreateJwtSecret,
  type AuthApiDeps,
} from '../../server/auth-api'
import { preparedQuery, type Database } from './db.server'
import { createSessionCache, type ConfirmedSession, type SessionCache } from './session-cache.server'
import type { EmailService } from '~/integrations/mail/email.server'

export { requireAdmin, requireUser } from './session.server'

type Log = {
  info(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

export type AuthBackend = {
  /** embedded: built-in API in-process; self-http: built-in API over HTTP; hosted: Supabase. */
  mode: 'embedded' | 'self-http' | 'hosted'
  /** What supabase-js is given as the project URL. */
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string | undefined
  fetch: typeof fetch
  /** The built-in API, when this app serves it at /auth/v1. */
  api: ((request: Request) => Promise<Response>) | undefined
  /** The app's public address, for e-mail and OAuth return links. */
  siteUrl: string
  /** Auth cookies are Secure unless told otherwise (plain-HTTP test servers). */
  secureCookies: boolean
}

export const authBackendContext = createContext<AuthBackend>()
/** The request's client, made on first use: most signed-out pages never need one. */
export const supabaseContext = createContext<() => SupabaseClient>()

export type AuthState = {
  /** Assurance level of the session's access token, null when signed out. */
  aal: 'aal1' | 'aal2' | null
  /** aal2 when the user has a verified factor. */
  nextAal: 'aal1' | 'aal2' | null
  /** Signed in with the password, but the second factor is still owed. */
  mfaPending: boolean
  email: string | null
}
export const authStateContext = createContext<AuthState>({
  aal: null,
  nextAal: null,
  mfaPending: false,
  email: null,
})

export class AuthConfigError extends Error {}

/** The built-in API's signing key: AUTH_JWT_SECRET, else one derived from SESSION_SECRET, else
 * a random one made once and kept in the database. */
async function jwtSecretFor(env: Env, db: Database) {
  if (env.AUTH_JWT_SECRET) return env.AUTH_JWT_SECRET
  if (env.SESSION_SECRET) return createHmac('sha256', env.SESSION_SECRET).update('vitrine-auth-jwt').digest('base64url')
  return loadOrCreateJwtSecret(db)
}

export async function createAuthBackend(options: {
  env: Env
  db: Database
  email: EmailService
  logger: Log
}): Promise<AuthBackend> {
  const { env, db, email, logger } = options
  const siteUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const secureCookies = cookiesAreSecure(env)
  const hostedUrl = env.SUPABASE_URL?.replace(/\/$/, '').replace(/\/auth\/v1$/, '')
  const servesItself = !hostedUrl || new URL(hostedUrl).origin === new URL(siteUrl).origin

  if (!servesItself) {
    if (!env.SUPABASE_ANON_KEY)
      throw new AuthConfigError(
        'SUPABASE_ANON_KEY: obrigatório quando SUPABASE_URL é definido / required when SUPABASE_URL is set',
      )
    return {
      mode: 'hosted',
      supabaseUrl: hostedUrl!,
      anonKey: env.SUPABASE_ANON_KEY,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      fetch,
      api: undefined,
      siteUrl,
      secureCookies,
    }
  }

  const jwtSecret = await jwtSecretFor(env, db)
  const keys = await createApiKeys(jwtSecret)
  const deps: AuthApiDeps = {
    db,
    jwtSecret,
    siteUrl,
    confirmEmail: env.AUTH_CONFIRM_EMAIL,
    passwordHashCost: env.AUTH_PASSWORD_HASH_COST,
    sendEmail: (message) => email.send(message),
    logger,
  }
  const api = (request: Request) => handleAuthRequest(request, deps)
  if (hostedUrl) {
    // SUPABASE_URL names this app: the same API, reached over HTTP as a hosted one would be.
    return {
      mode: 'self-http',
      supabaseUrl: hostedUrl,
      anonKey: env.SUPABASE_ANON_KEY ?? keys.anonKey,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? keys.serviceRoleKey,
      fetch,
      api,
      siteUrl,
      secureCookies,
    }
  }
  return {
    mode: 'embedded',
    supabaseUrl: siteUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    fetch: createInProcessFetch(siteUrl, api),
    api,
    siteUrl,
    secureCookies,
  }
}

/** A service-role client for admin work (seed, admin area). Server only. */
export function createAdminClient(backend: AuthBackend) {
  if (!backend.serviceRoleKey)
    throw new AuthConfigError(
      'SUPABASE_SERVICE_ROLE_KEY: obrigatório para a administração de usuários / required for user admin',
    )
  return createClient(backend.supabaseUrl, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.fetch },
    // Node 20 has no WebSocket: supabase-js needs a transport even though realtime is unused.
    realtime: { transport: ws as never },
  })
}

/**
 * Re-authentication before a grave act (account deletion): true when the password signs this
 * e-mail in. The session it opens is closed at once; nothing touches the request's cookies.
 */
export async function passwordIsCorrect(backend: AuthBackend, email: string, password: string): Promise<boolean> {
  const client = createClient(backend.supabaseUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.fetch },
    realtime: { transport: ws as never },
  })
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error || !data.session) return false
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined)
  return true
}

export function storageKeyOf(backend: AuthBackend) {
  return `sb-${new URL(backend.supabaseUrl).hostname.split('.')[0]}-auth-token`
}

type PendingCookie = { name: string; value: string; options: Parameters<typeof serializeCookieHeader>[2] }

const isHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/** The request's own Supabase client, reading the session from its cookies. */
export function createRequestClient(backend: AuthBackend, request: Request, pending: PendingCookie[]) {
  return createServerClient(backend.supabaseUrl, backend.anonKey, {
    cookies: {
      getAll: () =>
        parseCookieHeader(request.headers.get('Cookie') ?? '').map((c) => ({
          name: c.name,
          value: c.value ?? '',
        })),
      setAll: (cookies) => {
        pending.push(...cookies)
      },
    },
    // Defaults of @supabase/ssr (max age 400 days, path /, SameSite lax, chunks of 3180
    // characters); httpOnly because no Supabase code runs in the browser.
    cookieOptions: { httpOnly: true, secure: backend.secureCookies || isHttps(request), sameSite: 'lax', path: '/' },
    global: { fetch: backend.fetch },
    realtime: { transport: ws as never },
    auth: { flowType: 'pkce' },
  })
}

function decodeClaims(token: string): { aal?: 'aal1' | 'aal2' } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
  } catch {
    return {}
  }
}

/** The profile every signed-in request reads (prepared once per database). */
const profileById = preparedQuery((db) =>
  db
    .select({ email: users.email, full_name: users.full_name, role: users.role })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_by_id'),
)

/** The `users` row of an auth user, made on first sight (e.g. after Google sign-in). */
export async function ensureProfile(db: Database, authUser: AuthUser): Promise<SessionUser> {
  const email = (authUser.email ?? '').toLowerCase()
  const meta = authUser.user_metadata ?? {}
  const [existing] = await profileById(db).execute({ id: authUser.id })
  let row = existing
  if (!row) {
    const fullName =
      typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : null
    const phone = typeof meta.phone === 'string' ? meta.phone : null
    ;[row] = await db
      .insert(users)
      .values({ id: authUser.id, email, full_name: fullName, phone })
      .onConflictDoNothing()
      .returning({ email: users.email, full_name: users.full_name, role: users.role })
  } else if (email && row.email !== email) {
    ;[row] = await db
      .update(users)
      .set({ email })
      .where(eq(users.id, authUser.id))
      .returning({ email: users.email, full_name: users.full_name, role: users.role })
  }
  return {
    id: authUser.id,
    email,
    full_name: row?.full_name ?? null,
    role: row?.role ?? 'user',
  }
}

function hasSessionCookie(request: Request, storageKey: string) {
  return (request.headers.get('Cookie') ?? '').includes(storageKey)
}

const sessionCaches = new WeakMap<AuthBackend, SessionCache>()
const sessionCacheOf = (backend: AuthBackend) =>
  sessionCaches.get(backend) ?? sessionCaches.set(backend, createSessionCache()).get(backend)!

/** One of the session's cookies: the token, or one of its chunks (`<key>.0`, `<key>.1`…). */
export const isSessionCookie = (name: string, storageKey: string) =>
  name === storageKey || name.startsWith(`${storageKey}.`)

/** The session's own cookies (the token, or its chunks), as the cache's key. */
function sessionCookieKey(cookieHeader: string, storageKey: string) {
  return parseCookieHeader(cookieHeader)
    .filter((c) => isSessionCookie(c.name, storageKey))
    .map((c) => `${c.name}=${c.value ?? ''}`)
    .join('; ')
}

/**
 * The session the cookies hold, confirmed by the auth service: getSession refreshes an expiring
 * token (retrying 502/503/504 and network failures with backoff; a non-retryable failure removes
 * the session and its cookies), getUser then asks the service: a cookie alone is never trusted.
 * A confirmation is reused for the same cookies for a few seconds (ADR 186).
 */
async function confirmSession(
  backend: AuthBackend,
  supabase: () => SupabaseClient,
  key: string,
  pending: PendingCookie[],
): Promise<ConfirmedSession | null> {
  const cache = sessionCacheOf(backend)
  const known = cache.recall(key)
  if (known) return known
  const seenEpoch = cache.epoch()
  const { data: stored } = await supabase().auth.getSession()
  const accessToken = stored.session?.access_token
  const { data, error } = accessToken
    ? await supabase().auth.getUser(accessToken)
    : { data: { user: null }, error: null }
  // A token the service refuses (forged, user gone): drop the cookies too.
  if (error && error.status && [401, 403, 404].includes(error.status) && !data.user)
    await supabase().auth.signOut({ scope: 'local' })
  if (!data.user || !accessToken) return null
  const confirmed = { authUser: data.user, accessToken }
  // Only a session the request left as it came (no refreshed cookies) is remembered.
  if (pending.length === 0) cache.remember(key, confirmed, seenEpoch)
  return confirmed
}

/** The assurance level the session's token has, and whether a second step is still owed. */
function authStateOf({ authUser, accessToken }: ConfirmedSession): AuthState {
  const aal = decodeClaims(accessToken).aal ?? 'aal1'
  const nextAal = authUser.factors?.some((f) => f.status === 'verified') ? 'aal2' : aal
  return { aal, nextAal, mfaPending: aal === 'aal1' && nextAal === 'aal2', email: authUser.email ?? null }
}

/**
 * The person whose session `cookieHeader` holds, when this process confirmed that session a few
 * seconds ago (ADR 186) and it owes no second step; null otherwise. Asks no service and reads no
 * database: what the signed-in page cache (ADR 201) trusts as much as authMiddleware does.
 */
export function recentlyConfirmedUserId(backend: AuthBackend, cookieHeader: string): string | null {
  const key = sessionCookieKey(cookieHeader, storageKeyOf(backend))
  const confirmed = key ? sessionCacheOf(backend).recall(key) : null
  if (!confirmed || authStateOf(confirmed).mfaPending) return null
  return confirmed.authUser.id
}

/** Root middleware: client and user into context; session cookies onto the response. */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The auth API itself needs no session of its own.
  if (new URL(request.url).pathname.startsWith('/auth/v1')) return next()
  const backend = context.get(authBackendContext)
  const pending: PendingCookie[] = []
  let client: SupabaseClient | undefined
  const supabase = () => (client ??= createRequestClient(backend, request, pending))
  context.set(supabaseContext, supabase)

  const storageKey = storageKeyOf(backend)
  const hadSession = hasSessionCookie(request, storageKey)
  let user: SessionUser | null = null
  let state: AuthState = { aal: null, nextAal: null, mfaPending: false, email: null }
  const confirmed = hadSession
    ? await confirmSession(
        backend,
        supabase,
        sessionCookieKey(request.headers.get('Cookie') ?? '', storageKey),
        pending,
      )
    : null
  if (confirmed) {
    state = authStateOf(confirmed)
    const profile = await ensureProfile(context.get(dbContext), confirmed.authUser)
    if (!state.mfaPending) user = profile
  }
  context.set(authStateContext, state)
  context.set(userContext, user)

  const response = await next()
  return withSessionHeaders(response, pending, hadSession || pending.length > 0)
}

/**
 * Writes the pending auth cookies. A response that sets them, or that was made for a session,
 * is `private, no-store` — unless its route already chose a private policy (e.g. a signed-in
 * person's image that the browser, and only the browser, may keep).
 */
export function withSessionHeaders(response: Response, pending: PendingCookie[], touched: boolean) {
  if (!touched) return response
  const current = response.headers.get('Cache-Control') ?? ''
  const keep = pending.length === 0 && /\bprivate\b/.test(current)
  let target = response
  if (!keep) {
    try {
      target.headers.set('Cache-Control', 'private, no-store')
    } catch {
      // Immutable headers (a fetched response): copy it.
      target = new Response(response.body, response)
      target.headers.set('Cache-Control', 'private, no-store')
    }
  }
  for (const cookie of pending)
    target.headers.append('Set-Cookie', serializeCookieHeader(cookie.name, cookie.value, cookie.options))
  return target
}

export function getSupabase(context: Readonly<RouterContextProvider>) {
  return context.get(supabaseContext)()
}

export function getAuthState(context: Readonly<RouterContextProvider>) {
  return context.get(authStateContext)
}
