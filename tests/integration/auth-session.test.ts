// The root auth middleware with real @supabase/ssr cookies against the built-in API: who is
// signed in, token refresh on the way, removal of a session that cannot be refreshed, retries
// on 503, cookie attributes and chunking, the pending second factor, Google sign-in start.
import { authMiddleware } from '../../app/middleware/auth.server'
import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { users } from '../../db/schema'
import { dbContext, userContext, authBackendContext, authStateContext } from '../../app/context'
import { handleAuthRequest } from '../../server/auth-api/handler'
import { createRequestClient, type AuthBackend } from '../../app/utils/auth.server'
import { startGoogleSignIn } from '../../app/utils/google-sign-in.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let backend: AuthBackend
let fetchOverride: ((request: Request) => Promise<Response | null>) | null = null

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
  backend = {
    mode: 'embedded',
    supabaseUrl: auth.url,
    anonKey: auth.anonKey,
    serviceRoleKey: auth.serviceRoleKey,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const overridden = fetchOverride ? await fetchOverride(request.clone()) : null
      return overridden ?? auth.fetch(request)
    },
    api: (request) => handleAuthRequest(request, auth.deps),
    siteUrl: auth.url,
    secureCookies: false,
  }
})
afterAll(async () => {
  await auth.close()
  await handle.close()
})
beforeEach(() => {
  fetchOverride = null
  auth.deps.accessTokenTtlSeconds = undefined
})

type Cookie = { name: string; value: string; options: Record<string, unknown> }

/** Signs in through a request client and returns the browser's Cookie header. */
async function signedInCookies(email: string, password: string) {
  const pending: Cookie[] = []
  const client = createRequestClient(backend, new Request(auth.url), pending as never)
  const { error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return pending.map((c) => `${c.name}=${c.value}`).join('; ')
}

async function newAccount(metadata: Record<string, unknown> = {}) {
  const email = `sessao-${crypto.randomUUID().slice(0, 8)}@example.com`
  const { data } = await auth.adminClient().auth.admin.createUser({
    email,
    password: 'segredo123',
    email_confirm: true,
    user_metadata: metadata,
  })
  return { email, id: data.user!.id }
}

async function runMiddleware(cookie: string | null) {
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(authBackendContext, backend)
  const headers = new Headers(cookie ? { Cookie: cookie } : {})
  const request = new Request(`${auth.url}/imoveis`, { headers })
  const response = (await authMiddleware(
    { request, context, params: {}, unstable_pattern: '/imoveis' } as never,
    async () => new Response('ok', { headers: { 'Content-Type': 'text/html' } }),
  )) as Response
  return {
    response,
    user: context.get(userContext),
    state: context.get(authStateContext),
    setCookies: response.headers.getSetCookie(),
  }
}

test('a signed-in request has its user (and profile row) in context; nothing cached', async () => {
  const { email, id } = await newAccount({ full_name: 'Helena Prado', phone: '11912345678' })
  const { user, response, setCookies } = await runMiddleware(await signedInCookies(email, 'segredo123'))
  expect(user).toEqual({ id, email, full_name: 'Helena Prado', role: 'user', accountId: id, accountRole: 'owner' })
  expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  expect(setCookies).toEqual([])
  const [row] = await handle.db.select().from(users).where(eq(users.id, id))
  expect(row).toMatchObject({ full_name: 'Helena Prado', phone: '11912345678' })
})

test('a signed-out request has no user and leaves caching alone', async () => {
  const { user, response, setCookies } = await runMiddleware(null)
  expect(user).toBeNull()
  expect(response.headers.get('Cache-Control')).toBeNull()
  expect(setCookies).toEqual([])
})

test('a forged cookie is not trusted', async () => {
  const fake = Buffer.from(
    JSON.stringify({ access_token: 'x.y.z', refresh_token: 'nope', expires_at: 9999999999, user: { id: 'u' } }),
  ).toString('base64url')
  const { user, setCookies } = await runMiddleware(`sb-localhost-auth-token=base64-${fake}`)
  expect(user).toBeNull()
  expect(setCookies.join()).toContain('Max-Age=0')
})

test('an expiring access token is refreshed on the way; the new cookie has the right attributes', async () => {
  const { email } = await newAccount()
  auth.deps.accessTokenTtlSeconds = 60 // inside auth-js's 90 s margin: refreshed at once
  const cookie = await signedInCookies(email, 'segredo123')
  const { user, setCookies } = await runMiddleware(cookie)
  expect(user?.email).toBe(email)
  expect(setCookies).toHaveLength(1)
  expect(setCookies[0]).toMatch(/^sb-localhost-auth-token=base64-/)
  expect(setCookies[0]).toContain('Max-Age=34560000')
  expect(setCookies[0]).toContain('Path=/')
  expect(setCookies[0]).toContain('HttpOnly')
  expect(setCookies[0]).toContain('SameSite=Lax')
  // The cookie the browser sent held a now-rotated refresh token; the new one works.
  const next = setCookies[0]!.split(';')[0]!
  auth.deps.accessTokenTtlSeconds = undefined
  const again = await runMiddleware(next)
  expect(again.user?.email).toBe(email)
})

test('a session whose refresh fails with a non-retryable error is removed', async () => {
  const { email } = await newAccount()
  auth.deps.accessTokenTtlSeconds = 60
  const cookie = await signedInCookies(email, 'segredo123')
  // Elsewhere, the account signs out everywhere: the refresh token is gone.
  const other = auth.client()
  await other.auth.signInWithPassword({ email, password: 'segredo123' })
  await other.auth.signOut({ scope: 'global' })
  const { user, setCookies } = await runMiddleware(cookie)
  expect(user).toBeNull()
  expect(setCookies.some((c) => c.startsWith('sb-localhost-auth-token=;') && c.includes('Max-Age=0'))).toBe(true)
})

test('a session ended elsewhere is removed even while its access token is valid', async () => {
  const { email } = await newAccount()
  const cookie = await signedInCookies(email, 'segredo123')
  const other = auth.client()
  await other.auth.signInWithPassword({ email, password: 'segredo123' })
  await other.auth.signOut({ scope: 'global' })
  const { user, setCookies } = await runMiddleware(cookie)
  expect(user).toBeNull()
  expect(setCookies.join()).toContain('Max-Age=0')
})

test('a session just confirmed (and remembered) is refused at once after it ends elsewhere', async () => {
  const { email } = await newAccount()
  const cookie = await signedInCookies(email, 'segredo123')
  expect((await runMiddleware(cookie)).user?.email).toBe(email)
  // Remembered: a second page within the bound does not ask the service again, and still works.
  expect((await runMiddleware(cookie)).user?.email).toBe(email)
  const other = auth.client()
  await other.auth.signInWithPassword({ email, password: 'segredo123' })
  await other.auth.signOut({ scope: 'global' })
  const { user, setCookies } = await runMiddleware(cookie)
  expect(user).toBeNull()
  expect(setCookies.join()).toContain('Max-Age=0')
})

test('503 from the auth service is retried with backoff and the refresh goes through', async () => {
  const { email } = await newAccount()
  auth.deps.accessTokenTtlSeconds = 60
  const cookie = await signedInCookies(email, 'segredo123')
  const attempts: number[] = []
  fetchOverride = async (request) => {
    if (!request.url.includes('grant_type=refresh_token')) return null
    attempts.push(Date.now())
    return attempts.length <= 2 ? new Response('{}', { status: 503 }) : null
  }
  const { user, setCookies } = await runMiddleware(cookie)
  expect(user?.email).toBe(email)
  expect(attempts).toHaveLength(3)
  // 200 ms, then 400 ms (token refresh retries back off from 200 ms, doubling).
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(190)
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(390)
  expect(setCookies).toHaveLength(1)
})

test('a big session is chunked at 3180 characters', async () => {
  // As big as the auth API lets metadata be (2,048 bytes): the session, which carries it twice (in
  // the access token and the user), no longer fits one cookie.
  const { email } = await newAccount(Object.fromEntries(['a', 'b', 'c', 'd'].map((k) => [`bio_${k}`, 'x'.repeat(450)])))
  const cookie = await signedInCookies(email, 'segredo123')
  const names = cookie.split('; ').map((c) => c.split('=')[0])
  expect(names).toEqual(expect.arrayContaining(['sb-localhost-auth-token.0', 'sb-localhost-auth-token.1']))
  for (const part of cookie.split('; ')) expect(part.length - part.indexOf('=') - 1).toBeLessThanOrEqual(3180)
  expect((await runMiddleware(cookie)).user?.email).toBe(email)
})

test('with a verified second factor, the password alone leaves the second step pending', async () => {
  const { email } = await newAccount()
  const client = auth.client()
  await client.auth.signInWithPassword({ email, password: 'segredo123' })
  const { data } = await client.auth.mfa.enroll({ factorType: 'totp' })
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(data!.totp.secret) }).generate()
  expect((await client.auth.mfa.challengeAndVerify({ factorId: data!.id, code })).error).toBeNull()

  const { user, state } = await runMiddleware(await signedInCookies(email, 'segredo123'))
  expect(user).toBeNull()
  expect(state).toMatchObject({ aal: 'aal1', nextAal: 'aal2', mfaPending: true, email })
})

test('Google sign-in: unavailable → null; available → the authorize address with PKCE', async () => {
  const pending: Cookie[] = []
  const client = createRequestClient(backend, new Request(auth.url), pending as never)
  const returnTo = `${auth.url}/confirm?next=%2Fimoveis`
  expect(await startGoogleSignIn(backend, client, returnTo)).toBeNull()

  const withGoogle: AuthBackend = {
    ...backend,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      if (request.url.endsWith('/auth/v1/settings')) return Response.json({ external: { email: true, google: true } })
      return backend.fetch(request)
    },
  }
  const url = new URL((await startGoogleSignIn(withGoogle, client, returnTo))!)
  expect(url.origin + url.pathname).toBe(`${auth.url}/auth/v1/authorize`)
  expect(url.searchParams.get('provider')).toBe('google')
  expect(url.searchParams.get('redirect_to')).toBe(returnTo)
  expect(url.searchParams.get('code_challenge_method')).toBe('s256')
  expect(pending.some((c) => c.name.endsWith('-code-verifier'))).toBe(true)
})

test('a route’s own private caching is kept; anything else on a session becomes private, no-store', async () => {
  const { withSessionHeaders } = await import('../../app/utils/auth.server')
  const own = withSessionHeaders(
    new Response('img', { headers: { 'Cache-Control': 'private, max-age=3600' } }),
    [],
    true,
  )
  expect(own.headers.get('Cache-Control')).toBe('private, max-age=3600')
  const shared = withSessionHeaders(new Response('x', { headers: { 'Cache-Control': 'public, max-age=60' } }), [], true)
  expect(shared.headers.get('Cache-Control')).toBe('private, no-store')
  const setting = withSessionHeaders(
    new Response('x', { headers: { 'Cache-Control': 'private, max-age=60' } }),
    [{ name: 'sb-x-auth-token', value: 'v', options: { path: '/' } }],
    true,
  )
  expect(setting.headers.get('Cache-Control')).toBe('private, no-store')
  expect(setting.headers.getSetCookie()).toEqual(['sb-x-auth-token=v; Path=/'])
})

test('the PKCE code verifiers a sign-up left behind are expired once the person is signed in', async () => {
  const { email } = await newAccount()
  const session = await signedInCookies(email, 'segredo123')
  const key = session.slice(0, session.indexOf('='))
  const verifiers = `${key}-code-verifier=abc; ${key}-flows-code-verifier=def; ${key}-flow-f1-code-verifier=ghi`
  const { user, setCookies } = await runMiddleware(`${session}; ${verifiers}`)
  expect(user?.email).toBe(email)
  expect(setCookies.map((c) => c.slice(0, c.indexOf(';'))).sort()).toEqual([
    `${key}-code-verifier=`,
    `${key}-flow-f1-code-verifier=`,
    `${key}-flows-code-verifier=`,
  ])
  expect(setCookies.every((c) => /Max-Age=0/.test(c) && /Path=\//.test(c))).toBe(true)
  // Signed out, a verifier still waits for its e-mail link or Google's return: kept.
  expect((await runMiddleware(verifiers)).setCookies).toEqual([])
})
