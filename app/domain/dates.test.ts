import { expect, test } from 'vitest'
import { formatDateTime } from './dates'

test('shows a moment in São Paulo time, the Brazilian way', () => {
  expect(formatDateTime('2026-01-02T15:04:00Z')).toBe('02/01/2026, 12:04')
  // Just after midnight UTC is still the evening before in São Paulo.
  expect(formatDateTime('2026-03-01T01:30:00.000Z')).toBe('28/02/2026, 22:30')
})
