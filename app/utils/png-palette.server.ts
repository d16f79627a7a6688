// An 8-bit palette PNG for a rendered photo slide, 2–3× smaller than truecolour (ADR 041, 045). Slides
// are photos plus flat brand colours, and a general quantiser handles the flat areas badly
// (it moves the brand colour by a step and dithers the band into visible "worms"), and slowly.
// So: the theme's colours go into the palette exactly and are never dithered; the remaining
// entries come from a median cut of the other pixels; Floyd–Steinberg dithering (serpentine)
// spreads the error only through non-flat pixels, so photos keep smooth skies (no banding).
import { encodeIndexedPng } from '~/utils/png-encode.server'

export { encodeIndexedPng }

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

/**
 * Nearest palette entry of a 5-bit cell's centre, by the weighted distance 2·dr² + 4·dg² + 3·db².
 * Cells are grouped 4×4×4 into 512 blocks; the first lookup in a block lists the entries that
 * can be nearest anywhere in it (those whose nearest distance to the block is within the
 * smallest farthest distance: a locally sorted search), so a lookup compares a handful of
 * entries instead of all 256.
 */
function nearestFinder(palR: Int32Array, palG: Int32Array, palB: Int32Array, size: number): (cell: number) => number {
  const lists = new Array<Uint8Array | undefined>(512)
  const span = (v: number, lo: number, hi: number): [number, number] => [
    v < lo ? lo - v : v > hi ? v - hi : 0,
    Math.max(Math.abs(v - lo), Math.abs(v - hi)),
  ]
  const candidates = (rb: number, gb: number, bb: number): Uint8Array => {
    // Cell centres in the block run from block·32 + 4 to block·32 + 28 on each axis.
    const near = new Float64Array(size)
    let bound = Infinity
    for (let e = 0; e < size; e++) {
      const [rn, rf] = span(palR[e]!, rb * 32 + 4, rb * 32 + 28)
      const [gn, gf] = span(palG[e]!, gb * 32 + 4, gb * 32 + 28)
      const [bn, bf] = span(palB[e]!, bb * 32 + 4, bb * 32 + 28)
      near[e] = 2 * rn * rn + 4 * gn * gn + 3 * bn * bn
      bound = Math.min(bound, 2 * rf * rf + 4 * gf * gf + 3 * bf * bf)
    }
    const list: number[] = []
    for (let e = 0; e < size; e++) if (near[e]! <= bound) list.push(e)
    return Uint8Array.from(list)
  }
  return (cell) => {
    const r5 = cell >> (2 * BITS)
    const g5 = (cell >> BITS) & (LEVELS - 1)
    const b5 = cell & (LEVELS - 1)
    const block = ((r5 >> 2) << 6) | ((g5 >> 2) << 3) | (b5 >> 2)
    const list = (lists[block] ??= candidates(r5 >> 2, g5 >> 2, b5 >> 2))
    const half = 1 << (SHIFT - 1)
    const cr = (r5 << SHIFT) + half
    const cg = (g5 << SHIFT) + half
    const cb = (b5 << SHIFT) + half
    let best = Infinity
    let hit = list[0]!
    for (let k = 0; k < list.length; k++) {
      const e = list[k]!
      const dr = palR[e]! - cr
      const dg = palG[e]! - cg
      const db = palB[e]! - cb
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
      if (d < best) {
        best = d
        hit = e
      }
    }
    return hit
  }
}

/**
 * Serpentine Floyd–Steinberg remap. Pixels of a fixed colour map to it exactly and neither take
 * nor pass on error, so flat brand areas stay clean. The error carried to the next pixel and the
 * next row's two open slots live in locals (one store per pixel and channel instead of four
 * read-modify-writes): the same result as the textbook loop, about twice as fast.
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
  const palR = new Int32Array(paletteSize)
  const palG = new Int32Array(paletteSize)
  const palB = new Int32Array(paletteSize)
  for (let k = 0; k < paletteSize; k++) {
    palR[k] = palette[k * 3]!
    palG[k] = palette[k * 3 + 1]!
    palB[k] = palette[k * 3 + 2]!
  }
  const nearestEntry = nearestFinder(palR, palG, palB, paletteSize)
  // Errors in 1/16ths, as integers (FS weights 7, 3, 5, 1); slot (x + 1) · 3, a guard each side.
  // Every slot of a row is written exactly once, so the buffers never need clearing.
  const remapper: Remapper = {
    pixels,
    width,
    indices,
    palR,
    palG,
    palB,
    fixedList,
    fixedCell,
    nearestOfCell,
    nearestEntry,
    errCur: new Int32Array((width + 2) * 3),
    errNext: new Int32Array((width + 2) * 3),
  }
  for (let y = 0; y < height; y++) remapRow(remapper, y)
  return indices
}

type Remapper = {
  pixels: Uint8Array
  width: number
  indices: Uint8Array
  palR: Int32Array
  palG: Int32Array
  palB: Int32Array
  fixedList: Int32Array
  fixedCell: Uint8Array
  nearestOfCell: Int16Array
  nearestEntry: (cell: number) => number
  errCur: Int32Array
  errNext: Int32Array
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v)

/** The index of a colour kept exact, or -1. */
function fixedEntry(fixedList: Int32Array, fixedCell: Uint8Array, r: number, g: number, b: number): number {
  if (fixedCell[((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT)] !== 1) return -1
  const rgb = (r << 16) | (g << 8) | b
  return fixedList.indexOf(rgb)
}

/** One row of the remap, left to right on even rows and right to left on odd ones. */
function remapRow(r: Remapper, y: number) {
  const {
    pixels,
    width,
    indices,
    palR,
    palG,
    palB,
    fixedList,
    fixedCell,
    nearestOfCell,
    nearestEntry,
    errCur,
    errNext,
  } = r
  const ltr = (y & 1) === 0
  const dx = ltr ? 1 : -1
  const step = ltr ? 3 : -3
  const x = ltr ? 0 : width - 1
  // 7/16 of the last pixel's error, for this one.
  let cr = 0
  let cg = 0
  let cb = 0
  // Next row: the slot behind this pixel (1/16 + 5/16 so far) and the one below it (1/16).
  let pr = 0
  let pg = 0
  let pb = 0
  let qr = 0
  let qg = 0
  let qb = 0
  let p = y * width + x
  let i = p * 4
  let e = (x + 1) * 3
  const di = dx * 4
  for (let n = 0; n < width; n++, p += dx, i += di, e += step) {
    const r0 = pixels[i]!
    const g0 = pixels[i + 1]!
    const b0 = pixels[i + 2]!
    let er = 0
    let eg = 0
    let eb = 0
    const exact = fixedEntry(fixedList, fixedCell, r0, g0, b0)
    if (exact >= 0) {
      indices[p] = exact
    } else {
      const r = clampByte(r0 + ((errCur[e]! + cr) >> 4))
      const g = clampByte(g0 + ((errCur[e + 1]! + cg) >> 4))
      const b = clampByte(b0 + ((errCur[e + 2]! + cb) >> 4))
      const cell = ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT)
      let idx = nearestOfCell[cell]!
      if (idx < 0) {
        idx = nearestEntry(cell)
        nearestOfCell[cell] = idx
      }
      indices[p] = idx
      er = r - palR[idx]!
      eg = g - palG[idx]!
      eb = b - palB[idx]!
    }
    cr = er * 7
    cg = eg * 7
    cb = eb * 7
    const behind = e - step
    errNext[behind] = pr + er * 3
    errNext[behind + 1] = pg + eg * 3
    errNext[behind + 2] = pb + eb * 3
    pr = qr + er * 5
    pg = qg + eg * 5
    pb = qb + eb * 5
    qr = er
    qg = eg
    qb = eb
  }
  // The last pixel's slot below it (e has stepped one past it).
  e -= step
  errNext[e] = pr
  errNext[e + 1] = pg
  errNext[e + 2] = pb
  r.errCur = errNext
  r.errNext = errCur
}

/** Palette PNG of an RGBA image, the given colours kept exact. */
export async function palettePng(image: RgbaImage, fixed: string[] = []): Promise<Buffer> {
  const { palette, indices } = quantize(image, { fixed })
  return encodeIndexedPng(image.width, image.height, palette, indices)
}
