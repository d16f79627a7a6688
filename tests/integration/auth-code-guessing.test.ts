// Sign-in codes cannot be guessed (issue 66, ADR 284): every verify of the built-in /auth/v1 API
// (the e-mail link's GET and supabase-js's POST) counts its failures per client address, a code
// ends after five wrong tries, and the link is random, not sha224(e-mail + code).
import { createHash } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { clientIpContext, dbContext, rateLimiterContext, authBackendContext } from '../../app/context'
import { type AuthBackend } from '../../app/utils/auth.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { listDevEmails } from '../../app/models/dev-emails.server'
import { createRateLimiter, type RateLimiter } from '../../app/models/rate-limits.server'
import * as authApi from '../../app/routes/auth/api'
import { createAuthHarness, embeddedBackend, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let backend: AuthBackend
let limiter: RateLimiter

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
  backend = embeddedBackend(auth)
  limiter = createRateLimiter(handle.db)
})
afterAll(async () => {
  await auth?.close()
  await handle?.close()
})

function contextFrom(ip: string) {
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(authBackendContext, backend)
  context.set(rateLimiterContext, limiter)
  context.set(clientIpContext, ip)
  return context
}

/** An account with a sign-in code just e-mailed to it (what /login/codigo asks for). */
async function accountWithCode() {
  const email = `vitima-${crypto.randomUUID().slice(0, 8)}@example.com`
  await auth.adminClient().auth.admin.createUser({ email, password: 'senha-da-vitima-1', email_confirm: true })
  const sent = await auth.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
  expect(sent.error).toBeNull()
  const [mail] = await listDevEmails(handle.db, { to: email, limit: 1 })
  const code = /código: (\d{6})/.exec(mail!.text)![1]!
  const link = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!)
  return { email, code, link }
}

const wrongCodes = (right: string, count: number) =>
  Array.from({ length: count }, (_, i) => String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'))

async function verifyGet(ip: string, token: string) {
  const url = new URL('/auth/v1/verify', auth.url)
  url.search = new URLSearchParams({ token, type: 'magiclink', redirect_to: auth.url }).toString()
  return (await authApi.loader({
    request: new Request(url),
    context: contextFrom(ip),
    params: {},
  } as never)) as Response
}

async function verifyPost(ip: string, email: string, token: string) {
  const request = new Request(new URL('/auth/v1/verify', auth.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: auth.anonKey },
    body: JSON.stringify({ email, token, type: 'email' }),
  })
  return (await authApi.action({ request, context: contextFrom(ip), params: {} } as never)) as Response
}

const signedIn = (response: Response) =>
  response.status === 303 && (response.headers.get('Location') ?? '').includes('access_token=')

test('GET /verify: 30 wrong links from one address, then refused; the link is not derived from the code', async () => {
  const attacker = '198.51.100.21'
  const { email, code, link } = await accountWithCode()
  const sha224 = (value: string) => createHash('sha224').update(value).digest('hex')
  const answers = []
  for (const guess of wrongCodes(code, 32)) answers.push(await verifyGet(attacker, sha224(email + guess)))
  expect(answers.slice(0, 30).every((r) => r.status === 303 && !signedIn(r))).toBe(true)
  expect(answers.slice(30).map((r) => r.status)).toEqual([429, 429])

  // Knowing the code does not make the link: sha224(e-mail + code) signs nobody in.
  expect(signedIn(await verifyGet('203.0.113.5', sha224(email + code)))).toBe(false)
  // The link the e-mail carries is random (not a hash of the code), and it works.
  const token = link.searchParams.get('token_hash')!
  expect(token).not.toBe(sha224(email + code))
  expect(token.length).toBeGreaterThanOrEqual(40)
  expect(signedIn(await verifyGet('203.0.113.6', token))).toBe(true)
})

test('POST /verify: wrong codes from one address are refused after the limit; after 5 the right code is dead', async () => {
  const attacker = '198.51.100.22'
  const { email, code } = await accountWithCode()
  const statuses = []
  for (const guess of wrongCodes(code, 30)) statuses.push((await verifyPost(attacker, email, guess)).status)
  expect(statuses.slice(0, 5)).toEqual(Array(5).fill(403))
  expect(statuses.slice(-5)).toEqual(Array(5).fill(429))

  // The owner, from elsewhere, types the right code: it has ended (a new one must be asked).
  const late = await verifyPost('203.0.113.7', email, code)
  expect(late.status).toBe(403)
  expect(await late.json()).toMatchObject({ error_code: 'otp_expired' })
})

test('five wrong codes end the code through supabase-js too; a new code then signs in', async () => {
  const { email, code } = await accountWithCode()
  const client = auth.client()
  for (const guess of wrongCodes(code, 5))
    expect((await client.auth.verifyOtp({ email, token: guess, type: 'email' })).error).toMatchObject({
      code: 'otp_expired',
    })
  expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error).toMatchObject({
    code: 'otp_expired',
  })

  // Four wrong tries leave the code alive.
  const again = await auth.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
  expect(again.error?.code ?? null).toBeNull()
  const [mail] = await listDevEmails(handle.db, { to: email, limit: 1 })
  const fresh = /código: (\d{6})/.exec(mail!.text)![1]!
  for (const guess of wrongCodes(fresh, 4))
    expect((await client.auth.verifyOtp({ email, token: guess, type: 'email' })).error).not.toBeNull()
  const right = await client.auth.verifyOtp({ email, token: fresh, type: 'email' })
  expect(right.error).toBeNull()
  expect(right.data.session?.access_token).toBeTruthy()
})
