// A short link's code is drawn with crypto.randomInt: every letter of its alphabet equally likely
// (a byte taken modulo 33 made the first 25 letters 14 % likelier than the last 8; issue 66).
import { expect, test } from 'vitest'
import { newShortCode, SHORT_CODE_ALPHABET } from './listing-stats.server'

test('the letters of 30 000 codes are spread evenly over the alphabet', () => {
  const counts = new Map<string, number>()
  for (let i = 0; i < 30_000; i++)
    for (const letter of newShortCode()) counts.set(letter, (counts.get(letter) ?? 0) + 1)
  expect([...counts.keys()].sort().join('')).toBe([...SHORT_CODE_ALPHABET].sort().join(''))
  const expected = (30_000 * 8) / SHORT_CODE_ALPHABET.length
  // 6 % is five standard deviations of a fair draw here; the biased one fell 10 % short.
  for (const [letter, count] of counts) expect(Math.abs(count / expected - 1), letter).toBeLessThan(0.06)
})

test('a code is 8 letters of the alphabet', () => {
  expect(newShortCode()).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{8}$`))
})
