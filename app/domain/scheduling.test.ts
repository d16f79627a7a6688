import { describe, expect, test } from 'vitest'
import { fromZoned, zonedDate, zonedTime } from './dates'
import { calendarDays, captionProblems, captionStats, normalizeCaption, shiftAnchor, weekStart } from './scheduling'

describe('caption', () => {
  test('emoji, flags and skin tones count as one character each; line breaks count', () => {
    expect(captionStats('Casa 🏡').characters).toBe(6)
    expect(captionStats('👨‍👩‍👧🇧🇷👍🏽').characters).toBe(3)
    expect(captionStats('a\nb').characters).toBe(3)
  })

  test('hashtags and mentions are found, not inside words or e-mails', () => {
    const stats = captionStats('Novo #apartamento em #SãoPaulo com @ana.corretora\ncontato@imob.com.br sem#tag')
    expect(stats.hashtags).toEqual(['#apartamento', '#SãoPaulo'])
    expect(stats.mentions).toEqual(['@ana.corretora'])
    expect(stats.lines).toBe(2)
  })

  test('2,200 characters pass, 2,201 do not; more than 5 hashtags warn, more than 30 refuse', () => {
    expect(captionProblems('🏡'.repeat(2200)).errors).toEqual([])
    expect(captionProblems('🏡'.repeat(2201)).errors).toEqual([
      'A legenda tem 2.201 caracteres; o Instagram aceita até 2.200.',
    ])
    expect(captionProblems('#a #b #c #d #e').warnings).toEqual([])
    expect(captionProblems('#a #b #c #d #e #f').warnings).toEqual(['6 hashtags: mais de 5 costuma reduzir o alcance.'])
    const many = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ')
    expect(captionProblems(many).errors).toEqual(['A legenda tem 31 hashtags; o Instagram aceita até 30.'])
  })

  test('CRLF from a form post becomes LF; nothing else changes', () => {
    expect(normalizeCaption('a\r\nb\rc\n\nd ')).toBe('a\nb\nc\n\nd ')
  })
})

describe('São Paulo time', () => {
  test('a São Paulo date and time name the instant three hours later in UTC', () => {
    expect(fromZoned('2026-12-24', '20:00')!.toISOString()).toBe('2026-12-24T23:00:00.000Z')
    expect(fromZoned('2027-01-01', '00:30')!.toISOString()).toBe('2027-01-01T03:30:00.000Z')
  })

  test('an instant is shown on São Paulo’s clock, crossing midnight', () => {
    const instant = new Date('2026-03-01T02:15:00Z')
    expect(zonedDate(instant)).toBe('2026-02-28')
    expect(zonedTime(instant)).toBe('23:15')
  })

  test('impossible dates and times are refused', () => {
    expect(fromZoned('2026-02-30', '10:00')).toBeNull()
    expect(fromZoned('2026-02-10', '24:00')).toBeNull()
    expect(fromZoned('10/02/2026', '10:00')).toBeNull()
  })
})

describe('calendar', () => {
  test('a week starts on Monday', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-23')
    expect(calendarDays('semana', '2026-11-25')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
  })

  test('a month shows whole weeks covering it', () => {
    const days = calendarDays('mes', '2026-11-10')
    expect(days[0]).toBe('2026-10-26')
    expect(days.at(-1)).toBe('2026-12-06')
    expect(days.length % 7).toBe(0)
    expect(days).toContain('2026-11-30')
  })

  test('paging moves a week or a month', () => {
    expect(shiftAnchor('semana', '2026-12-29', 1)).toBe('2027-01-05')
    expect(shiftAnchor('mes', '2026-01-31', 1)).toBe('2026-02-01')
    expect(shiftAnchor('mes', '2026-01-15', -1)).toBe('2025-12-01')
  })
})
