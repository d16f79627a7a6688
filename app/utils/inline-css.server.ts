// The whole stylesheet goes in every production page's <head> (ADR 190): 47 KB of text. The
// server encodes it once, when it starts, and writes those bytes in place of the mark React
// renders (ADR 233), instead of joining it into the page's text and encoding it on every request.
import { INLINE_CSS_MARK } from './inline-css'

const MARK = Buffer.from(INLINE_CSS_MARK)

/**
 * The page's bytes as React writes them, with the stylesheet's bytes in place of the mark. React's
 * Node renderer hands its page over in pieces (bytes it encoded into views of a few KB, or a long
 * text as it is), so the mark may straddle two pieces: until it is found, the last bytes that may
 * begin it wait for the next piece (a page has one mark, in <head>; then pieces pass as they come).
 */
export function inlineStylesheet(stylesheet: Buffer) {
  let tail: Buffer | null = Buffer.alloc(0)
  return {
    /** What to write for the next piece React wrote. */
    write(piece: Uint8Array | string): Buffer[] {
      const bytes =
        typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
      if (tail === null) return [bytes]
      const joined = tail.length > 0 ? Buffer.concat([tail, bytes]) : bytes
      const at = joined.indexOf(MARK)
      if (at !== -1) {
        tail = null
        return [joined.subarray(0, at), stylesheet, joined.subarray(at + MARK.length)].filter((b) => b.length > 0)
      }
      const kept = Math.min(joined.length, MARK.length - 1)
      tail = joined.subarray(joined.length - kept)
      return kept === joined.length ? [] : [joined.subarray(0, joined.length - kept)]
    },
    /** The bytes still waiting, once React has written the page. */
    end(): Buffer[] {
      const rest = tail
      tail = null
      return rest && rest.length > 0 ? [rest] : []
    },
  }
}
