// The cookie settings come from the validated environment: Secure in production unless
// INSECURE_COOKIES, toasts signed with SESSION_SECRET.
import { afterEach, expect, test } from 'vitest'
import { cookiesAreSecure, parseEnv } from '~/env.server'
import { CONSENT_COOKIE_NAME, CONSENT_VERSION, serializeConsent } from '~/domain/consent'
import { consentCookieHeader, consentFromCookieHeader, removalHeaders } from './consent.server'
import { cookiesOf } from './cookies'
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

test('a request that came over https gets Secure cookies even where plain http is allowed (ADR 210)', () => {
  const https = new Request('https://vitrine.example/consentimento', { method: 'POST' })
  const http = new Request('http://127.0.0.1:3000/consentimento', { method: 'POST' })
  const insecure = parseEnv({ NODE_ENV: 'production', INSECURE_COOKIES: 'true' })
  expect(cookiesAreSecure(insecure, https)).toBe(true)
  expect(cookiesAreSecure(insecure, http)).toBe(false)
  // Production without APP_URL: Secure, whatever address the request came to.
  expect(cookiesAreSecure(parseEnv({ NODE_ENV: 'production' }), http)).toBe(true)
})

test('one parser reads every cookie: in order, decoded, the first of a repeated name', () => {
  expect(cookiesOf('sb-auth=abc; vitrine_toast=x%20y; sb-auth=later;  ph_x=%7B%7D')).toEqual([
    { name: 'sb-auth', value: 'abc' },
    { name: 'vitrine_toast', value: 'x y' },
    { name: 'ph_x', value: '{}' },
  ])
  expect(cookiesOf(null)).toEqual([])
})

test('the consent is found among other cookies, encoded or not; refused categories are expired', () => {
  const consent = {
    necessary: true as const,
    analytics: false,
    marketing: true,
    version: CONSENT_VERSION,
    decidedAt: new Date('2025-03-10T12:00:00Z'),
  }
  const value = serializeConsent(consent)
  expect(consentFromCookieHeader(`sb-auth=abc; ${CONSENT_COOKIE_NAME}=${value}; toast=x`)).toEqual(consent)
  expect(consentFromCookieHeader(`${CONSENT_COOKIE_NAME}=${encodeURIComponent(value)}`)).toEqual(consent)
  expect(consentFromCookieHeader('sb-auth=abc')).toBeNull()
  expect(consentFromCookieHeader(null)).toBeNull()

  const request = new Request('http://localhost/', { headers: { Cookie: 'ph_phc_1_posthog=%7B%7D; sb-auth=abc' } })
  expect(removalHeaders(request, consent)).toEqual([expect.stringMatching(/^ph_phc_1_posthog=; Path=\/; Max-Age=0/)])
})
