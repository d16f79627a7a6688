// The whole stylesheet goes in every production page's <head> (ADR 190): 47 KB of text. The
// server encodes it once, when it starts, and writes those bytes in place of the mark React
// renders (ADR 233), instead of joining it into the page's text and encoding it on every request.
import { INLINE_CSS_MARK } from './inline-css'

/**
 * The bytes of a piece of the page as React wrote it: the stylesheet's bytes in place of the
 * mark, when the piece holds it (`found` says so: a page has one).
 */
export function encodeWithInlineCss(text: string, stylesheet: Buffer): { bytes: Buffer[]; found: boolean } {
  const at = text.indexOf(INLINE_CSS_MARK)
  if (at === -1) return { bytes: [Buffer.from(text)], found: false }
  return {
    bytes: [Buffer.from(text.slice(0, at)), stylesheet, Buffer.from(text.slice(at + INLINE_CSS_MARK.length))],
    found: true,
  }
}
