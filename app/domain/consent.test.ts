import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  CONSENT_VERSION,
  consentFromForm,
  consentState,
  cookieDomainsFor,
  cookiesToRemove,
  parseConsent,
  serializeConsent,
  type Consent,
} from './consent'

const at = new Date('2025-03-10T12:00:00Z')
const consent = (analytics: boolean, marketing: boolean): Consent => ({
  necessary: true,
  analytics,
  marketing,
  version: CONSENT_VERSION,
  decidedAt: at,
})

test('the cookie value is short and readable', () => {
  expect(serializeConsent(consent(true, false))).toBe('v=1&analytics=1&marketing=0&at=1741608000')
})

test('what is written is read back', () => {
  fc.assert(
    fc.property(
      fc.boolean(),
      fc.boolean(),
      fc.integer({ min: 0, max: 4_000_000_000 }),
      (analytics, marketing, seconds) => {
        const original = { ...consent(analytics, marketing), decidedAt: new Date(seconds * 1000) }
        expect(parseConsent(serializeConsent(original))).toEqual(original)
      },
    ),
  )
})

test('a missing, damaged or older-version cookie counts as no choice', () => {
  expect(parseConsent(undefined)).toBeNull()
  expect(parseConsent('')).toBeNull()
  expect(parseConsent('lixo')).toBeNull()
  expect(parseConsent('%E0%A4%A')).toBeNull()
  expect(parseConsent('v=0&analytics=1&marketing=1&at=1')).toBeNull()
  expect(parseConsent('v=1&analytics=sim&marketing=1&at=1')).toBeNull()
  expect(parseConsent('v=1&analytics=1&marketing=1')).toBeNull()
  expect(parseConsent('v=1&analytics=1&marketing=1&at=ontem')).toBeNull()
})

test('before a choice only the necessary category applies, and the banner shows', () => {
  expect(consentState(null)).toEqual({
    necessary: true,
    analytics: false,
    marketing: false,
    decided: false,
  })
  expect(consentState(consent(true, false))).toEqual({
    necessary: true,
    analytics: true,
    marketing: false,
    decided: true,
  })
})

test('the banner form: accept all, reject all, or the ticked categories', () => {
  const form = (entries: Record<string, string>) => new URLSearchParams(entries)
  expect(consentFromForm(form({ intent: 'accept-all' }), at)).toEqual(consent(true, true))
  expect(consentFromForm(form({ intent: 'reject-all', analytics: 'on' }), at)).toEqual(consent(false, false))
  expect(consentFromForm(form({ intent: 'save', analytics: 'on' }), at)).toEqual(consent(true, false))
  expect(consentFromForm(form({ intent: 'save' }), at)).toEqual(consent(false, false))
  expect(consentFromForm(form({ intent: 'tudo' }), at)).toBeNull()
  expect(consentFromForm(form({}), at)).toBeNull()
})

test('refusing a category removes the cookies it left behind, and only those', () => {
  const names = ['sb-x-auth-token', 'vitrine_consent', 'ph_phc_abc_posthog', '_ga', '_ga_XYZ', '_gcl_au', '_other']
  expect(cookiesToRemove(names, { necessary: true, analytics: false, marketing: false })).toEqual([
    'ph_phc_abc_posthog',
    '_ga',
    '_ga_XYZ',
    '_gcl_au',
  ])
  expect(cookiesToRemove(names, { necessary: true, analytics: true, marketing: false })).toEqual([
    '_ga',
    '_ga_XYZ',
    '_gcl_au',
  ])
  expect(cookiesToRemove(names, { necessary: true, analytics: true, marketing: true })).toEqual([])
})

test('a cookie may sit on the host or any parent domain', () => {
  expect(cookieDomainsFor('app.imob.com.br')).toEqual(['app.imob.com.br', 'imob.com.br', 'com.br'])
  expect(cookieDomainsFor('localhost')).toEqual([])
  expect(cookieDomainsFor('127.0.0.1')).toEqual([])
})
