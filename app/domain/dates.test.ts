import { expect, test } from 'vitest'
import { csvDateTime, formatDateTime, startOfMonthInSaoPaulo } from './dates'

test('shows a moment in São Paulo time, the Brazilian way', () => {
  expect(formatDateTime('2026-01-02T15:04:00Z')).toBe('02/01/2026, 12:04')
  // Just after midnight UTC is still the evening before in São Paulo.
  expect(formatDateTime('2026-03-01T01:30:00.000Z')).toBe('28/02/2026, 22:30')
})

test('a month starts at midnight of its first day in São Paulo, which is 03:00 UTC', () => {
  expect(startOfMonthInSaoPaulo(new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z')
  // 01:30 UTC on 1 December is still 30 November in São Paulo.
  expect(startOfMonthInSaoPaulo(new Date('2026-12-01T01:30:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z')
  expect(startOfMonthInSaoPaulo(new Date('2027-01-01T03:00:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z')
})

test('a spreadsheet date and time in São Paulo: dd/mm/aaaa hh:mm', () => {
  expect(csvDateTime(new Date('2026-03-01T01:30:00Z'))).toBe('28/02/2026 22:30')
})
