import { describe, expect, test } from 'vitest'
import { countLines, fitText, fitTextInBox, textWidthEm, truncate } from './fit'

describe('text fitting', () => {
  test('widths come from the measured fonts', () => {
    // Montserrat ExtraBold is wider than Inter Regular.
    expect(textWidthEm('Apartamento', 'Montserrat', false, 800)).toBeGreaterThan(
      textWidthEm('Apartamento', 'Inter', false, 400),
    )
    expect(textWidthEm('ÁÉÍÓÚ ção', 'Inter')).toBeGreaterThan(0)
  })

  test('a long title shrinks until it fits its lines, and never below the minimum', () => {
    const title = 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi'
    const fit = fitText(title, { font: 'Montserrat', weight: 800, width: 952, maxLines: 3, max: 92, min: 48 })
    expect(fit.fontSize).toBeLessThanOrEqual(92)
    expect(countLines(title, { font: 'Montserrat', weight: 800, size: fit.fontSize, width: 952 })).toBeLessThanOrEqual(
      3,
    )
    const huge = fitText('palavra '.repeat(200), { font: 'Inter', width: 500, maxLines: 2, max: 60, min: 30 })
    // Wrapped rather than cut, two lines more at most (ADR 160).
    expect(huge).toEqual({ fontSize: 30, lines: 4 })
  })

  test('a box gives the lines its height allows', () => {
    const fit = fitTextInBox('texto '.repeat(60), {
      font: 'Inter',
      weight: 400,
      width: 900,
      height: 300,
      max: 42,
      min: 26,
      lineHeight: 1.4,
    })
    expect((fit.lines - 1) * fit.fontSize * 1.4).toBeLessThanOrEqual(300)
  })

  test('truncate on a word boundary', () => {
    expect(truncate('Um texto curto', 40)).toBe('Um texto curto')
    expect(truncate('Um texto bem mais comprido que o limite', 20)).toBe('Um texto bem mais…')
  })
})
