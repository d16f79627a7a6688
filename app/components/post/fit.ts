// Text that does not fit shrinks, then wraps, then is clamped: nothing leaves the canvas. The
// size is chosen before drawing from the advance widths of the shipped fonts (font-metrics.ts,
// measured with Takumi), so the page and the PNG pick the same size.
import type { ThemeFont } from '~/domain/home'
import { CHARS, WIDTHS } from './font-metrics'

const INDEX = new Map([...CHARS].map((ch, i) => [ch, i]))
const WEIGHTS = [400, 500, 600, 700, 800]

function table(font: ThemeFont, weight: number): number[] {
  const exact = WIDTHS[`${font} ${weight}`]
  if (exact) return exact
  // The nearest shipped weight of the family (bold headings ship 700 and 800 only).
  const near = [...WEIGHTS].sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight))
  for (const w of near) if (WIDTHS[`${font} ${w}`]) return WIDTHS[`${font} ${w}`]!
  return WIDTHS['Inter 700']!
}

/** Width of a text in em (2% over, for kerning pairs and rounding). */
export function textWidthEm(text: string, font: ThemeFont, uppercase = false, weight = 800): number {
  const widths = table(font, weight)
  const fallback = widths[INDEX.get('n')!]!
  let total = 0
  for (const ch of uppercase ? text.toUpperCase() : text) {
    const i = INDEX.get(ch)
    // Characters outside the table (rare symbols) count as a wide letter.
    total += i === undefined ? fallback * 1.4 : widths[i]!
  }
  return (total / 1000) * 1.02
}

/** Lines a greedy word wrap makes at a font size (each paragraph starts a new line). */
export function countLines(
  text: string,
  options: {
    font: ThemeFont
    weight?: number
    size: number
    width: number
    uppercase?: boolean
    letterSpacing?: number
  },
): number {
  const { font, size, width, uppercase = false, letterSpacing = 0, weight = 800 } = options
  const space = textWidthEm(' ', font, false, weight) * size
  let lines = 0
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean)
    if (words.length === 0) {
      lines += 1
      continue
    }
    let current = 0
    lines += 1
    for (const word of words) {
      const w = textWidthEm(word, font, uppercase, weight) * size + word.length * letterSpacing
      if (current === 0) current = w
      else if (current + space + w <= width) current += space + w
      else {
        lines += 1
        current = w
      }
      // A single word wider than the line breaks inside itself (overflowWrap: anywhere).
      while (current > width) {
        lines += 1
        current -= width
      }
    }
  }
  return lines
}

export type Fit = { fontSize: number; lines: number }

/**
 * The largest size from `max` down to `min` (in steps of 2) at which the text fits in
 * `maxLines` lines of `width`; at `min` it takes up to two lines more (wrapped, not cut).
 */
export function fitText(
  text: string,
  options: {
    font: ThemeFont
    weight?: number
    width: number
    maxLines: number
    max: number
    min: number
    uppercase?: boolean
    letterSpacing?: number
  },
): Fit {
  const { max, min, maxLines } = options
  // A size at which a word is wider than the line would break it mid-word: shrink past it.
  const longest = Math.max(
    0,
    ...text.split(/\s+/).map((word) => textWidthEm(word, options.font, options.uppercase, options.weight ?? 800)),
  )
  for (let size = max; size >= min; size -= 2) {
    const lines = countLines(text, { ...options, size })
    if (lines <= maxLines && longest * size <= options.width) return { fontSize: size, lines }
  }
  // Wrapped rather than cut, up to two lines more; beyond that (text no form allows) clamped.
  return { fontSize: min, lines: Math.min(maxLines + 2, countLines(text, { ...options, size: min })) }
}

/** Cuts a text to about `max` characters on a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

/**
 * The largest size (max … min, steps of 2) at which the text's lines fit a box of `width` ×
 * `height`; returns the lines allowed at that size (at `min`, one more when the text needs it).
 */
export function fitTextInBox(
  text: string,
  options: {
    font: ThemeFont
    weight?: number
    width: number
    height: number
    max: number
    min: number
    lineHeight: number
    uppercase?: boolean
  },
): Fit {
  const { max, min, height, lineHeight } = options
  for (let size = max; size >= min; size -= 2) {
    const allowed = Math.max(1, Math.floor(height / (size * lineHeight)))
    const lines = countLines(text, { ...options, size })
    if (lines <= allowed) return { fontSize: size, lines: allowed }
  }
  const allowed = Math.max(1, Math.floor(height / (min * lineHeight)))
  return { fontSize: min, lines: Math.max(allowed, Math.min(allowed + 1, countLines(text, { ...options, size: min }))) }
}
