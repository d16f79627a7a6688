// What the renderer measured of an image (a coarse grid of its luminance and opacity), so a
// layout can ask how light the photo is under a text before drawing it: a scrim only where the
// white text would read below 4.5:1, and a logo's surface chosen to match it. Pure. ADR 247.

/** A grid of cells over the image, row by row: WCAG relative luminance (0–1) and opacity (0–1). */
export type ImageTone = { cols: number; rows: number; luminance: number[]; alpha: number[] }

/** A part of a drawn image, as fractions of its width and height. */
export type Region = { x: number; y: number; width: number; height: number }

/** The luminance of the lightest cell the region touches (1 when nothing was measured). */
export function lightestIn(tone: ImageTone | null, region: Region): number {
  if (!tone) return 1
  const x0 = Math.max(0, Math.floor(region.x * tone.cols))
  const y0 = Math.max(0, Math.floor(region.y * tone.rows))
  const x1 = Math.min(tone.cols, Math.ceil((region.x + region.width) * tone.cols))
  const y1 = Math.min(tone.rows, Math.ceil((region.y + region.height) * tone.rows))
  let max = 0
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) max = Math.max(max, tone.luminance[y * tone.cols + x]!)
  return max
}

/** White text on a background of this luminance: its WCAG contrast ratio. */
export function whiteContrast(luminance: number): number {
  return 1.05 / (luminance + 0.05)
}

/** The AA ratio for text: what white text over a photo must reach. */
export const TEXT_CONTRAST = 4.5

/**
 * How dark a black scrim must be (0 = none) for white text to reach 4.5:1 over a background
 * whose lightest part has this luminance. The scrim darkens sRGB values, so luminance falls
 * about as (1 − a)^2.2; a small margin covers the grid's averaging.
 */
export function scrimFor(luminance: number): number {
  const target = 0.1
  if (whiteContrast(luminance) >= TEXT_CONTRAST && luminance <= target) return 0
  const keep = Math.pow(target / Math.max(luminance, 1e-6), 1 / 2.2)
  return Math.min(0.88, Math.max(0.3, 1 - keep))
}

/** A logo as its pixels show it: is its background see-through, and how light is the mark. */
export function logoLook(tone: ImageTone | null): { transparent: boolean; luminance: number } | null {
  if (!tone) return null
  let border = 0
  let borderClear = 0
  let weight = 0
  let sum = 0
  for (let y = 0; y < tone.rows; y++)
    for (let x = 0; x < tone.cols; x++) {
      const i = y * tone.cols + x
      const a = tone.alpha[i]!
      if (x === 0 || y === 0 || x === tone.cols - 1 || y === tone.rows - 1) {
        border += 1
        if (a < 0.1) borderClear += 1
      }
      weight += a
      sum += a * tone.luminance[i]!
    }
  return { transparent: borderClear / Math.max(1, border) > 0.6, luminance: weight > 0 ? sum / weight : 1 }
}

/** Relative luminance of an sRGB triple (0–255). */
export function rgbLuminance(r: number, g: number, b: number): number {
  const lin = (v: number) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** The tone grid of raw RGBA pixels (already shrunk to cols × rows). */
export function toneOf(pixels: Uint8Array, cols: number, rows: number): ImageTone {
  const luminance: number[] = []
  const alpha: number[] = []
  for (let i = 0; i < cols * rows; i++) {
    const o = i * 4
    luminance.push(rgbLuminance(pixels[o]!, pixels[o + 1]!, pixels[o + 2]!))
    alpha.push(pixels[o + 3]! / 255)
  }
  return { cols, rows, luminance, alpha }
}
