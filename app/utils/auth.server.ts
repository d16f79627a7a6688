// Auth, one code path for both backends (docs/principles.md "Auth"; ADR 010, 011): the per-request
// @supabase/ssr server client, the session confirmation and its cache, the session cookies. The
// root middleware (app/middleware/auth.server.ts) puts the client and the signed-in person in
// router context; the backend is made by the composition root (server/auth-backend.ts).
import { authStateContext, supabaseContext, userContext } from '~/context'
import { createServerClient, serializeCookieHeader } from '@supabase/ssr'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { redirect, type RouterContextProvider } from 'react-router'
import ws from 'ws'
import { cookiesOf } from './cookies'
import { createSessionCache, type ConfirmedSession, type SessionCache } from './session-cache.server'
import { safeRedirect, withRedirectTo } from './redirect'

export { requireAdmin, requireUser } from './session.server'

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

export type AuthState = {
  /** Assurance level of the session's access token, null when signed out. */
  aal: 'aal1' | 'aal2' | null
  /** aal2 when the user has a verified factor. */
  nextAal: 'aal1' | 'aal2' | null
  /** Signed in with the password, but the second factor is still owed. */
  mfaPending: boolean
  email: string | null
}

export class AuthConfigError extends Error {}

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

export type PendingCookie = { name: string; value: string; options: Parameters<typeof serializeCookieHeader>[2] }

const isHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/** The request's own Supabase client, reading the session from its cookies. */
export function createRequestClient(backend: AuthBackend, request: Request, pending: PendingCookie[]) {
  return createServerClient(backend.supabaseUrl, backend.anonKey, {
    cookies: {
      getAll: () => cookiesOf(request.headers.get('Cookie')),
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
    return decodeJwt<{ aal?: 'aal1' | 'aal2' }>(token)
  } catch {
    return {}
  }
}

/** Does the request carry the session: a cookie of that exact name, or one of its chunks? */
export function hasSessionCookie(request: Request, storageKey: string) {
  return cookiesOf(request.headers.get('Cookie')).some((c) => isSessionCookie(c.name, storageKey))
}

const sessionCaches = new WeakMap<AuthBackend, SessionCache>()
export const sessionCacheOf = (backend: AuthBackend) =>
  sessionCaches.get(backend) ?? sessionCaches.set(backend, createSessionCache()).get(backend)!

/** One of the session's cookies: the token, or one of its chunks (`<key>.0`, `<key>.1`…). */
export const isSessionCookie = (name: string, storageKey: string) =>
  name === storageKey || (name.startsWith(`${storageKey}.`) && /^\d+$/.test(name.slice(storageKey.length + 1)))

/**
 * The PKCE code verifiers auth-js keeps beside the session (`<key>-code-verifier`,
 * `<key>-flows-code-verifier`, `<key>-flow-<id>-code-verifier`, or their chunks): needed only
 * until a sign-up's e-mail link or a Google sign-in comes back.
 */
export const isCodeVerifierCookie = (name: string, storageKey: string) =>
  name.startsWith(`${storageKey}-`) && /-code-verifier(\.\d+)?$/.test(name)

/**
 * Once a response leaves the person signed in, the code verifiers are of no more use, yet the
 * browser would send them (≈ 370 bytes) with every request: expired instead of written, and those
 * the request still carries expired too.
 */
export function dropCodeVerifiers(pending: PendingCookie[], cookieHeader: string, storageKey: string): void {
  const names = new Set(
    [...cookiesOf(cookieHeader).map((c) => c.name), ...pending.map((c) => c.name)].filter((name) =>
      isCodeVerifierCookie(name, storageKey),
    ),
  )
  if (names.size === 0) return
  const options = pending.find((c) => !isCodeVerifierCookie(c.name, storageKey))?.options
  for (let i = pending.length - 1; i >= 0; i--) if (names.has(pending[i]!.name)) pending.splice(i, 1)
  for (const name of names) pending.push({ name, value: '', options: { ...options, path: '/', maxAge: 0 } })
}

/** The session's own cookies (the token, or its chunks), as the cache's key. */
export function sessionCookieKey(cookieHeader: string, storageKey: string) {
  return cookiesOf(cookieHeader)
    .filter((c) => isSessionCookie(c.name, storageKey))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ')
}

/**
 * The session the cookies hold, confirmed by the auth service: getSession refreshes an expiring
 * token (retrying 502/503/504 and network failures with backoff; a non-retryable failure removes
 * the session and its cookies), getUser then asks the service: a cookie alone is never trusted.
 * A confirmation is reused for the same cookies for a few seconds (ADR 186).
 */
export async function confirmSession(
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

/** Each remembered session's state, worked out once (it is read on every request it serves). */
const authStates = new WeakMap<ConfirmedSession, Readonly<AuthState>>()

/** The assurance level the session's token has, and whether a second step is still owed. */
export function authStateOf(confirmed: ConfirmedSession): Readonly<AuthState> {
  let state = authStates.get(confirmed)
  if (!state) {
    const { authUser, accessToken } = confirmed
    const aal = decodeClaims(accessToken).aal ?? 'aal1'
    const nextAal = authUser.factors?.some((f) => f.status === 'verified') ? 'aal2' : aal
    state = Object.freeze({
      aal,
      nextAal,
      mfaPending: aal === 'aal1' && nextAal === 'aal2',
      email: authUser.email ?? null,
    })
    authStates.set(confirmed, state)
  }
  return state
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

/**
 * The sign-in pages' (/login, /login/codigo) `redirectTo`, checked; someone signed in goes there
 * at once, someone owing a second factor to /login/verificacao.
 */
export function signInPageTarget(context: Readonly<RouterContextProvider>, request: Request): string {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
  if (context.get(userContext)) throw redirect(safeRedirect(redirectTo))
  if (getAuthState(context).mfaPending) throw redirect(withRedirectTo('/login/verificacao', redirectTo))
  return redirectTo
}
