// Nobody locks another person out (ADR 211): the sign-in and recovery forms and the built-in
// /auth/v1 API, through their route modules on a real database and auth service, from distinct
// client IPs (what Express's req.ip gives the router context behind TRUST_PROXY). Wrong
// passwords from one IP stop that IP, not the owner elsewhere; one IP trying many accounts is
// stopped; recovery requests from one IP leave the reset open from another.
import { authMiddleware } from '../../app/middleware/auth.server'
import type { SubmissionResult } from '@conform-to/react'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devEmails } from '../../db/schema'
import { clientIpContext, dbContext, rateLimiterContext, authBackendContext } from '../../app/context'
import { type AuthBackend } from '../../app/utils/auth.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createRateLimiter, type RateLimiter } from '../../app/models/rate-limits.server'
import * as loginPage from '../../app/routes/auth/login'
import * as forgotPasswordPage from '../../app/routes/auth/forgot-password'
import * as authApi from '../../app/routes/auth/api'
import { createAuthHarness, embeddedBackend, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let backend: AuthBackend
let limiter: RateLimiter
let clock = new Date()
const password = 'senha-da-dona-123'
const attacker = '198.51.100.7'
const owner = '203.0.113.40'

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
  backend = embeddedBackend(auth)
  limiter = createRateLimiter(handle.db, { now: () => clock })
})
afterAll(async () => {
  await auth?.close()
  await handle?.close()
})

async function newAccount() {
  const email = `dona-${crypto.randomUUID().slice(0, 8)}@example.com`
  await auth.adminClient().auth.admin.createUser({ email, password, email_confirm: true })
  return email
}

function contextFrom(ip: string) {
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(authBackendContext, backend)
  context.set(rateLimiterContext, limiter)
  context.set(clientIpContext, ip)
  return context
}

type Action = (args: never) => Promise<unknown>

/** Posts a form to a route's action from `ip`, as the root auth middleware runs it. */
async function submit(route: { action: Action }, path: string, ip: string, fields: Record<string, string>) {
  const context = contextFrom(ip)
  const request = new Request(new URL(path, auth.url), { method: 'POST', body: new URLSearchParams(fields) })
  let outcome: unknown
  const response = (await authMiddleware(
    { request, context, params: {}, unstable_pattern: path } as never,
    async () => {
      outcome = await route.action({ request, context, params: {} } as never).catch((thrown: unknown) => thrown)
      if (outcome instanceof Response) return outcome
      return new Response(null, (outcome as { init?: ResponseInit }).init)
    },
  )) as Response
  const result = outcome instanceof Response ? null : (outcome as { data: { result: SubmissionResult } }).data.result
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    location: response.headers.get('Location'),
    formErrors: result?.error?.[''] ?? [],
    signedIn: response.headers.getSetCookie().some((cookie) => cookie.startsWith('sb-localhost-auth-token=base64-')),
  }
}

const signIn = (ip: string, email: string, attempt: string) =>
  submit(loginPage, '/login', ip, { email, password: attempt })

test('11 wrong passwords from one address: the owner signs in from another at once; the guesser waits', async () => {
  const email = await newAccount()
  for (let attempt = 1; attempt <= 11; attempt++) await signIn(attacker, email, `chute-${attempt}`)

  expect(await signIn(owner, email, password)).toMatchObject({ status: 302, location: '/', signedIn: true })

  // The guesser's address is stopped for its 15 minutes, even with the right password.
  const refused = await signIn(attacker, email, password)
  expect(refused).toMatchObject({
    status: 429,
    signedIn: false,
    formErrors: ['Muitas tentativas. Tente de novo em 15 minutos.'],
  })
  expect(Number(refused.retryAfter)).toBeGreaterThan(800)
  expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900)
})

test('one address trying many accounts is stopped, on every account, after 30 failures', async () => {
  const stuffer = '198.51.100.66'
  const accounts = await Promise.all(Array.from({ length: 4 }, newAccount))
  const answers = []
  for (let attempt = 0; attempt < 32; attempt++)
    answers.push((await signIn(stuffer, accounts[attempt % 4]!, `vazada-${attempt}`)).status)
  expect(answers.slice(0, 30)).toEqual(Array(30).fill(400))
  expect(answers.slice(30)).toEqual([429, 429])
  // Each account saw only 8 of them; its owner elsewhere is not held back.
  expect(await signIn(owner, accounts[0]!, password)).toMatchObject({ status: 302, signedIn: true })
})

test('past its free failures an account holds back, for a growing time, only addresses that failed on it', async () => {
  const email = await newAccount()
  // Fifteen addresses, one failure each: from the eleventh on, each holds the account longer.
  const guessers = Array.from({ length: 15 }, (_, i) => `192.0.2.${i + 1}`)
  for (const ip of guessers) expect((await signIn(ip, email, 'chute')).status).toBe(400)

  // A guesser's second try waits (15 failures: 2⁴ = 16 s), without its password being checked.
  const held = await signIn(guessers[0]!, email, password)
  expect(held).toMatchObject({
    status: 429,
    retryAfter: '16',
    signedIn: false,
    formErrors: ['Muitas tentativas. Tente de novo em 16 segundos.'],
  })
  // A fresh address is checked at once: the owner gets in.
  expect(await signIn(owner, email, password)).toMatchObject({ status: 302, signedIn: true })

  clock = new Date(clock.getTime() + 17_000)
  try {
    expect(await signIn(guessers[0]!, email, password)).toMatchObject({ status: 302, signedIn: true })
  } finally {
    clock = new Date()
  }
})

test('three recovery requests from one address leave the reset open from another', async () => {
  const email = await newAccount()
  const recover = (ip: string) => submit(forgotPasswordPage, '/esqueci-a-senha', ip, { email })
  const sent = async () => (await handle.db.select().from(devEmails).where(eq(devEmails.to, email))).length
  for (let request = 1; request <= 3; request++) expect((await recover(attacker)).status).toBe(302)

  const before = await sent()
  expect(await recover(owner)).toMatchObject({ status: 302, location: '/login' })
  expect(await sent()).toBe(before + 1)

  // The fourth from the same address waits out its 15 minutes, and no e-mail leaves.
  expect(await recover(attacker)).toMatchObject({
    status: 429,
    retryAfter: '900',
    formErrors: ['Muitas tentativas. Tente de novo em 15 minutos.'],
  })
  expect(await sent()).toBe(before + 1)
})

/** The built-in API's password grant from `ip`, as supabase-js sends it. */
async function apiSignIn(ip: string, email: string, attempt: string) {
  const request = new Request(new URL('/auth/v1/token?grant_type=password', auth.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: auth.anonKey },
    body: JSON.stringify({ email, password: attempt }),
  })
  return (await authApi.action({ request, context: contextFrom(ip), params: {} } as never)) as Response
}

test('the /auth/v1 password grant: wrong passwords from one address do not stop the owner at another', async () => {
  const email = await newAccount()
  for (let attempt = 1; attempt <= 11; attempt++) await apiSignIn(attacker, email, `chute-${attempt}`)

  const owners = await apiSignIn(owner, email, password)
  expect(owners.status).toBe(200)
  expect(await owners.json()).toHaveProperty('access_token')

  const refused = await apiSignIn(attacker, email, password)
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800)
  expect(await refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' })
})

test('with RATE_LIMIT_DISABLED nothing is refused', async () => {
  const email = await newAccount()
  const open = createRateLimiter(handle.db, { disabled: true })
  const context = () => {
    const c = contextFrom(attacker)
    c.set(rateLimiterContext, open)
    return c
  }
  const request = () =>
    new Request(new URL('/auth/v1/token?grant_type=password', auth.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: auth.anonKey },
      body: JSON.stringify({ email, password: 'chute' }),
    })
  for (let attempt = 1; attempt <= 12; attempt++) {
    const response = (await authApi.action({ request: request(), context: context(), params: {} } as never)) as Response
    expect(response.status).toBe(400)
  }
})
