// An 8-bit palette PNG for a rendered slide, 3–5× smaller than truecolour (ADR 041). Slides
// are photos plus flat brand colours, and a general quantiser handles the flat areas badly
// (it moves the brand colour by a step and dithers the band into visible "worms"), and slowly.
// So: the theme's colours go into the palette exactly and are never dithered; the remaining
// entries come from a median cut of the other pixels; Floyd–Steinberg dithering (serpentine)
// spreads the error only through non-flat pixels, so photos keep smooth skies (no banding).
import * as zlib from 'node:zlib'
import { deflate } from 'node:zlib'
import { promisify } from 'node:util'

const deflateAsync = promisify(deflate)

export type RgbaImage = { pixels: Uint8Array; width: number; height: number }

type Box = { lo: number; hi: number; count: number; score: number; axis: number }

const BITS = 5
const LEVELS = 1 << BITS
const SHIFT = 8 - BITS

function parseHex(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  return m ? parseInt(m[1]!, 16) : null
}

const BINS = LEVELS * LEVELS * LEVELS

const cellOf = (r: number, g: number, b: number) => ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT)

/** Exact colours kept as they are (brand colours, white, black), and the 5-bit cells they fall in. */
function fixedColours(fixed: string[] = []) {
  const rgbs = [...new Set(fixed.map(parseHex).filter((v): v is number => v !== null))].slice(0, 32)
  const list = Int32Array.from(rgbs)
  // Cells that hold a fixed colour: only their pixels are compared with the fixed list.
  const cells = new Uint8Array(BINS)
  for (const rgb of rgbs) cells[cellOf(rgb >> 16, (rgb >> 8) & 255, rgb & 255)] = 1
  return { rgbs, list, cells }
}

type Fixed = ReturnType<typeof fixedColours>

/** Histogram of the non-fixed pixels on a 5-bit grid, with colour sums for exact means. */
function histogram(image: RgbaImage, fixed: Fixed) {
  const { pixels, width, height } = image
  const count = new Uint32Array(BINS)
  // 1458000 px × 255 fits a Uint32 many times over.
  const sumR = new Uint32Array(BINS)
  const sumG = new Uint32Array(BINS)
  const sumB = new Uint32Array(BINS)
  const fixedList = fixed.list
  const fixedCount = fixedList.length
  const isFixed = (rgb: number) => {
    for (let f = 0; f < fixedCount; f++) if (fixedList[f] === rgb) return true
    return false
  }
  // Every other pixel of every other row: a quarter of the work, the same palette to the eye.
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 4
      const r = pixels[i]!
      const g = pixels[i + 1]!
      const b = pixels[i + 2]!
      const bin = cellOf(r, g, b)
      if (fixed.cells[bin] === 1 && isFixed((r << 16) | (g << 8) | b)) continue
      count[bin]!++
      sumR[bin]! += r
      sumG[bin]! += g
      sumB[bin]! += b
    }
  }
  return { count, sumR, sumG, sumB }
}

type Histogram = ReturnType<typeof histogram>

const channel = (bin: number, c: number) => (bin >> (c === 0 ? 2 * BITS : c === 1 ? BITS : 0)) & (LEVELS - 1)

/** The box's widest channel (weighted: green most to the eye, blue least) and that range. */
function rangeOf(box: Box, order: Int32Array): [number, number] {
  let best = 0
  let axis = 0
  for (let c = 0; c < 3; c++) {
    let min = LEVELS
    let max = -1
    for (let k = box.lo; k < box.hi; k++) {
      const v = channel(order[k]!, c)
      if (v < min) min = v
      if (v > max) max = v
    }
    const weighted = (max - min) * (c === 1 ? 1.2 : c === 0 ? 1 : 0.8)
    if (weighted > best) {
      best = weighted
      axis = c
    }
  }
  return [best, axis]
}

function makeBox(lo: number, hi: number, order: Int32Array, count: Uint32Array): Box {
  let n = 0
  for (let k = lo; k < hi; k++) n += count[order[k]!]!
  const box: Box = { lo, hi, count: n, score: 0, axis: 0 }
  if (hi - lo >= 2) {
    const [range, axis] = rangeOf(box, order)
    box.score = range * Math.sqrt(n)
    box.axis = axis
  }
  return box
}

/** Splits a box at its pixel median along its axis (sorting its bins in `order` in place). */
function splitBox(box: Box, order: Int32Array, count: Uint32Array, keys: Uint32Array): [Box, Box] {
  const axis = box.axis
  // Sort the box's bins along the axis: key = channel value · 2^15 + bin, a plain numeric sort.
  const part = keys.subarray(box.lo, box.hi)
  for (let k = box.lo; k < box.hi; k++) part[k - box.lo] = channel(order[k]!, axis) * BINS + order[k]!
  part.sort()
  for (let k = box.lo; k < box.hi; k++) order[k] = part[k - box.lo]! % BINS
  let acc = 0
  let split = box.lo + 1
  for (let k = box.lo; k < box.hi; k++) {
    acc += count[order[k]!]!
    if (acc * 2 >= box.count) {
      split = Math.min(box.hi - 1, Math.max(box.lo + 1, k + 1))
      break
    }
  }
  return [makeBox(box.lo, split, order, count), makeBox(split, box.hi, order, count)]
}

/** Median cut over the occupied bins, splitting the box with the most pixels × range. */
function medianCut(count: Uint32Array, wanted: number): { boxes: Box[]; order: Int32Array } {
  const occupied: number[] = []
  for (let bin = 0; bin < BINS; bin++) if (count[bin]) occupied.push(bin)
  const order = Int32Array.from(occupied)
  const boxes: Box[] = []
  if (order.length) boxes.push(makeBox(0, order.length, order, count))
  const keys = new Uint32Array(order.length)
  while (boxes.length < wanted) {
    let pick = -1
    let score = 0
    for (let b = 0; b < boxes.length; b++) {
      if (boxes[b]!.score > score) {
        score = boxes[b]!.score
        pick = b
      }
    }
    if (pick < 0) break
    boxes.splice(pick, 1, ...splitBox(boxes[pick]!, order, count, keys))
  }
  return { boxes, order }
}

/** The fixed colours first, then each box's mean colour. */
function buildPalette(fixedRgb: number[], boxes: Box[], order: Int32Array, hist: Histogram): Uint8Array {
  const palette = new Uint8Array(Math.max(1, fixedRgb.length + boxes.length) * 3)
  fixedRgb.forEach((rgb, i) => {
    palette[i * 3] = rgb >> 16
    palette[i * 3 + 1] = (rgb >> 8) & 255
    palette[i * 3 + 2] = rgb & 255
  })
  boxes.forEach((box, j) => {
    let n = 0
    let r = 0
    let g = 0
    let b = 0
    for (let k = box.lo; k < box.hi; k++) {
      const bin = order[k]!
      n += hist.count[bin]!
      r += hist.sumR[bin]!
      g += hist.sumG[bin]!
      b += hist.sumB[bin]!
    }
    const at = (fixedRgb.length + j) * 3
    palette[at] = Math.round(r / n)
    palette[at + 1] = Math.round(g / n)
    palette[at + 2] = Math.round(b / n)
  })
  return palette
}

/** Palette (RGB triples) and the index of every pixel. */
export function quantize(
  image: RgbaImage,
  options: { fixed?: string[]; colours?: number } = {},
): { palette: Uint8Array; indices: Uint8Array } {
  const { pixels, width, height } = image
  const maxColours = Math.min(256, options.colours ?? 256)
  const fixed = fixedColours(options.fixed)
  const hist = histogram(image, fixed)
  const { boxes, order } = medianCut(hist.count, Math.max(1, maxColours - fixed.rgbs.length))
  const palette = buildPalette(fixed.rgbs, boxes, order, hist)
  const paletteSize = Math.max(1, fixed.rgbs.length + boxes.length)
  // A plain Uint8Array view (a Buffer is a subclass, which V8 optimises less well in hot loops).
  const view = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length)
  const indices = remap(view, width, height, palette, paletteSize, fixed.list, fixed.cells)
  return { palette: palette.subarray(0, paletteSize * 3), indices }
}

/** Nearest palette entry of a 5-bit cell's centre (weighted RGB distance). */
function nearestEntry(cell: number, palette: Uint8Array, paletteSize: number): number {
  const half = 1 << (SHIFT - 1)
  const cr = ((cell >> (2 * BITS)) << SHIFT) + half
  const cg = (((cell >> BITS) & (LEVELS - 1)) << SHIFT) + half
  const cb = ((cell & (LEVELS - 1)) << SHIFT) + half
  let best = Infinity
  let hit = 0
  for (let e = 0; e < paletteSize; e++) {
    const dr = palette[e * 3]! - cr
    const dg = palette[e * 3 + 1]! - cg
    const db = palette[e * 3 + 2]! - cb
    const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
    if (d < best) {
      best = d
      hit = e
    }
  }
  return hit
}

/**
 * Serpentine Floyd–Steinberg remap. Pixels of a fixed colour map to it exactly and neither take
 * nor pass on error, so flat brand areas stay clean.
 */
function remap(
  pixels: Uint8Array,
  width: number,
  height: number,
  palette: Uint8Array,
  paletteSize: number,
  fixedList: Int32Array,
  fixedCell: Uint8Array,
): Uint8Array {
  const nearestOfCell = new Int16Array(LEVELS * LEVELS * LEVELS).fill(-1)
  const indices = new Uint8Array(width * height)
  const fixedCount = fixedList.length
  // Errors in 1/16ths, as integers (FS weights 7, 3, 5, 1).
  let errCur = new Int32Array((width + 2) * 3)
  let errNext = new Int32Array((width + 2) * 3)
  for (let y = 0; y < height; y++) {
    const ltr = (y & 1) === 0
    const step = ltr ? 3 : -3
    const dx = ltr ? 1 : -1
    let x = ltr ? 0 : width - 1
    for (let n = 0; n < width; n++, x += dx) {
      const p = y * width + x
      const i = p * 4
      const r0 = pixels[i]!
      const g0 = pixels[i + 1]!
      const b0 = pixels[i + 2]!
      const e = (x + 1) * 3
      const cell0 = ((r0 >> SHIFT) << (2 * BITS)) | ((g0 >> SHIFT) << BITS) | (b0 >> SHIFT)
      if (fixedCell[cell0] === 1) {
        const rgb = (r0 << 16) | (g0 << 8) | b0
        let exact = -1
        for (let f = 0; f < fixedCount; f++)
          if (fixedList[f] === rgb) {
            exact = f
            break
          }
        if (exact >= 0) {
          indices[p] = exact
          continue
        }
      }
      let r = r0 + (errCur[e]! >> 4)
      let g = g0 + (errCur[e + 1]! >> 4)
      let b = b0 + (errCur[e + 2]! >> 4)
      r = r < 0 ? 0 : r > 255 ? 255 : r
      g = g < 0 ? 0 : g > 255 ? 255 : g
      b = b < 0 ? 0 : b > 255 ? 255 : b
      const cell = ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT)
      let idx = nearestOfCell[cell]!
      if (idx < 0) {
        idx = nearestEntry(cell, palette, paletteSize)
        nearestOfCell[cell] = idx
      }
      indices[p] = idx
      const er = r - palette[idx * 3]!
      const eg = g - palette[idx * 3 + 1]!
      const eb = b - palette[idx * 3 + 2]!
      const ahead = e + step
      const behind = e - step
      errCur[ahead] = errCur[ahead]! + er * 7
      errCur[ahead + 1] = errCur[ahead + 1]! + eg * 7
      errCur[ahead + 2] = errCur[ahead + 2]! + eb * 7
      errNext[behind] = errNext[behind]! + er * 3
      errNext[behind + 1] = errNext[behind + 1]! + eg * 3
      errNext[behind + 2] = errNext[behind + 2]! + eb * 3
      errNext[e] = errNext[e]! + er * 5
      errNext[e + 1] = errNext[e + 1]! + eg * 5
      errNext[e + 2] = errNext[e + 2]! + eb * 5
      errNext[ahead] = errNext[ahead]! + er
      errNext[ahead + 1] = errNext[ahead + 1]! + eg
      errNext[ahead + 2] = errNext[ahead + 2]! + eb
    }
    const swap = errCur
    errCur = errNext
    errNext = swap
    errNext.fill(0)
  }
  return indices
}

// ------------------------------------------------------------------ PNG (indexed) encoder

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

const nativeCrc32 = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32

function crc32(chunks: Uint8Array[]): number {
  if (nativeCrc32) return chunks.reduce((value, bytes) => nativeCrc32(bytes, value), 0) >>> 0
  let c = 0xffffffff
  for (const bytes of chunks) for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const tail = Buffer.alloc(4)
  tail.writeUInt32BE(crc32([head.subarray(4), data]), 0)
  return Buffer.concat([head, data, tail])
}

/**
 * Writes an 8-bit indexed PNG (filter: none per row, which suits palette images best). zlib level
 * 4: 2% bigger than 6 at 40% of the time on dithered photos.
 */
export async function encodeIndexedPng(
  width: number,
  height: number,
  palette: Uint8Array,
  indices: Uint8Array,
  level = 4,
): Promise<Buffer> {
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0
    raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 3 // colour type: indexed
  ihdr[10] = 0
  ihdr[11] = 0
  ihdr[12] = 0
  const idat = await deflateAsync(raw, { level, memLevel: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', palette),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ])
}

/** Palette PNG of an RGBA image, the given colours kept exact. */
export async function palettePng(image: RgbaImage, fixed: string[] = []): Promise<Buffer> {
  const { palette, indices } = quantize(image, { fixed })
  return encodeIndexedPng(image.width, image.height, palette, indices)
}
