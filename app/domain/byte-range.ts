// HTTP byte ranges (RFC 9110 §14): what a player's `Range` header asks of a file of `size` bytes.

export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  /** Every byte asked for is past the end: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }

/**
 * One range ('bytes=0-1023', 'bytes=500-', 'bytes=-500'), clipped to the file. A header that does
 * not parse, or asks for several ranges, is ignored (the whole file), as the RFC allows.
 */
export function byteRange(header: string | null, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (!match[1] && !match[2])) return { kind: 'whole' }
  if (!match[1]) {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const last = match[2] ? Number(match[2]) : size - 1
  if (match[2] && last < start) return { kind: 'whole' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end: Math.min(last, size - 1) }
}
