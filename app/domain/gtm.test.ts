import fc from 'fast-check'
import { expect, test } from 'vitest'
import { GtmIdSchema, InvalidGtmIdError, isValidGtmId, parseGtmId, suggestGtmId } from './gtm'

test('accepts GTM- followed by capital letters and digits', () => {
  expect(parseGtmId('GTM-ABC12')).toBe('GTM-ABC12')
  expect(parseGtmId('GTM-5XK9PQR')).toBe('GTM-5XK9PQR')
  expect(isValidGtmId('GTM-1')).toBe(true)
})

test('unset or blank means no tag manager', () => {
  expect(parseGtmId(undefined)).toBeUndefined()
  expect(parseGtmId('')).toBeUndefined()
  expect(parseGtmId('   ')).toBeUndefined()
})

test('an invalid id throws an error that names the corrected id', () => {
  expect(() => parseGtmId(' gtm-abc12 ')).toThrow(/"GTM-ABC12"/)
  expect(() => parseGtmId('gtm-12ab')).toThrow(/"GTM-12AB"/)
  expect(() => parseGtmId('gtm-12ab')).toThrow(InvalidGtmIdError)
  expect(() => parseGtmId('gtm-12ab')).toThrow(/GTM_ID/)
})

test.each([
  [' gtm-abc12 ', 'GTM-ABC12'],
  ['gtm-12ab', 'GTM-12AB'],
  ['GTM_5XK9', 'GTM-5XK9'],
  ['GTM 5XK9', 'GTM-5XK9'],
  ['GTM--5XK9', 'GTM-5XK9'],
  ['gtm5xk9', 'GTM-5XK9'],
  ['ABC12', 'GTM-ABC12'],
  ['GTM-AB-12', 'GTM-AB12'],
  ['GTM-ÁB12', 'GTM-AB12'],
])('suggests %j → %j', (raw, expected) => {
  expect(suggestGtmId(raw)).toBe(expected)
})

test('says nothing it cannot back up: no suggestion when no letters or digits remain', () => {
  expect(suggestGtmId('GTM-')).toBeUndefined()
  expect(suggestGtmId('---')).toBeUndefined()
  expect(() => parseGtmId('GTM-')).toThrow(/GTM_ID/)
  expect(() => parseGtmId('GTM-')).not.toThrow(/did you mean/)
})

test('every suggestion is itself a valid id, and a valid id is its own suggestion', () => {
  fc.assert(
    fc.property(fc.string(), (raw) => {
      const suggestion = suggestGtmId(raw)
      if (suggestion !== undefined) expect(isValidGtmId(suggestion)).toBe(true)
    }),
  )
  fc.assert(
    fc.property(fc.stringMatching(/^GTM-[A-Z0-9]{1,12}$/), (id) => {
      expect(suggestGtmId(id)).toBe(id)
      expect(parseGtmId(id)).toBe(id)
    }),
  )
})

test('the environment schema reports the same message as an issue', () => {
  expect(GtmIdSchema.parse(undefined)).toBeUndefined()
  expect(GtmIdSchema.parse('GTM-ABC12')).toBe('GTM-ABC12')
  const result = GtmIdSchema.safeParse('gtm-12ab')
  expect(result.success).toBe(false)
  expect(result.error?.issues[0]?.message).toMatch(/"GTM-12AB"/)
})

test('start-up configuration: a bad GTM_ID stops it, naming the variable and the corrected id', async () => {
  const { parseEnv } = await import('~/env.server')
  expect(() => parseEnv({ GTM_ID: 'gtm-12ab' })).toThrow(/GTM_ID.*"GTM-12AB"/)
  expect(parseEnv({ GTM_ID: 'GTM-12AB' }).GTM_ID).toBe('GTM-12AB')
  expect(parseEnv({}).GTM_ID).toBeUndefined()
  expect(() => parseEnv({ DPO_EMAIL: 'dpo-sem-arroba' })).toThrow(/DPO_EMAIL/)
})
