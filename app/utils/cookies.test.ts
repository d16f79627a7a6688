// The cookie settings come from the validated environment: Secure in production unless
// INSECURE_COOKIES, toasts signed with SESSION_SECRET.
import { afterEach, expect, test } from 'vitest'
import { cookiesAreSecure, parseEnv } from '~/env.server'
import { consentCookieHeader } from './consent.server'
import { configureToastCookie, readToast, toastHeader } from './toast.server'

afterEach(() => configureToastCookie(parseEnv({}), 'segredo-de-teste'))

const requestWith = (setCookie: string) =>
  new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0]! } })

test('Secure only in production, and not when INSECURE_COOKIES is set', () => {
  expect(cookiesAreSecure(parseEnv({ NODE_ENV: 'production' }))).toBe(true)
  expect(cookiesAreSecure(parseEnv({ NODE_ENV: 'production', INSECURE_COOKIES: 'true' }))).toBe(false)
  expect(cookiesAreSecure(parseEnv({ NODE_ENV: 'development' }))).toBe(false)
  expect(() => parseEnv({ INSECURE_COOKIES: 'sim' })).toThrow(/INSECURE_COOKIES/)
})

test('the toast cookie follows the environment it was configured with', async () => {
  configureToastCookie(parseEnv({ NODE_ENV: 'production' }), 'segredo-a')
  const header = await toastHeader({ type: 'success', title: 'Imóvel salvo', description: 'Tudo certo.' })
  expect(header).toMatch(/; Secure/)
  expect((await readToast(requestWith(header))).toast?.title).toBe('Imóvel salvo')

  // Another secret cannot read it: the cookie is signed with SESSION_SECRET.
  configureToastCookie(parseEnv({ NODE_ENV: 'production', INSECURE_COOKIES: 'true' }), 'segredo-b')
  expect((await readToast(requestWith(header))).toast).toBeNull()
  expect(await toastHeader({ type: 'info', title: 'Oi', description: 'Olá' })).not.toMatch(/Secure/)
})

test('the consent cookie is Secure when told so', () => {
  const consent = { necessary: true as const, analytics: true, marketing: false, version: 1, decidedAt: new Date() }
  expect(consentCookieHeader(consent, { secure: true })).toMatch(/; Secure$/)
  expect(consentCookieHeader(consent, { secure: false })).not.toMatch(/Secure/)
})

test('a request that came over https gets Secure cookies even where plain http is allowed (issue 43)', () => {
  const https = new Request('https://vitrine.example/consentimento', { method: 'POST' })
  const http = new Request('http://127.0.0.1:3000/consentimento', { method: 'POST' })
  const insecure = parseEnv({ NODE_ENV: 'production', INSECURE_COOKIES: 'true' })
  expect(cookiesAreSecure(insecure, https)).toBe(true)
  expect(cookiesAreSecure(insecure, http)).toBe(false)
  // Production without APP_URL: Secure, whatever address the request came to.
  expect(cookiesAreSecure(parseEnv({ NODE_ENV: 'production' }), http)).toBe(true)
})
