import { expect, test } from 'vitest'
import { parseDecimal } from './decimal'

test.each([
  ['72,5', 72.5],
  ['72.5', 72.5],
  ['72', 72],
  ['1.500', 1500],
  ['1.234,56', 1234.56],
  ['1.234.567', 1234567],
  [' 12 ', 12],
  ['-23,55', -23.55],
  ['+3', 3],
  [',5', 0.5],
  ['-0', 0],
])('%s → %s', (text, value) => expect(parseDecimal(text)).toBe(value))

test.each(['', '  ', 'abc', '1,2,3', '1.23.4', '12.34,5', '1,', '12a', '-', '--1'])('%j is not a number', (text) =>
  expect(parseDecimal(text)).toBeNull(),
)

test('coordinates: without grouping a dot is always the decimal point', () => {
  expect(parseDecimal('-46.633', { grouping: false })).toBe(-46.633)
  expect(parseDecimal('-46,633', { grouping: false })).toBe(-46.633)
  expect(parseDecimal('-46.633')).toBe(-46633)
})
