// What the brand editor learns from a logo's pixels (RGBA rows): whether it sits on a flat
// background colour (a logo exported as JPEG or as a PNG without transparency), that background
// made transparent from the edges inwards, and a primary and accent colour suggested from what
// is left. Pure: integrations/images/logo.server.ts hands it sharp's raw pixels.

export type Pixels = { data: Uint8Array; width: number; height: number }
type Rgb = [number, number, number]

const TOLERANCE = 40

function distance(a: Rgb, b: Rgb): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])
}

function rgbAt(p: Pixels, index: number): Rgb {
  const o = index * 4
  return [p.data[o]!, p.data[o + 1]!, p.data[o + 2]!]
}

function borderIndexes(p: Pixels): number[] {
  const out: number[] = []
  for (let x = 0; x < p.width; x++) out.push(x, (p.height - 1) * p.width + x)
  for (let y = 1; y < p.height - 1; y++) out.push(y * p.width, y * p.width + p.width - 1)
  return out
}

/**
 * The background colour when the logo has one: at least 90 % of its border pixels are opaque and
 * within a small distance of the border's most common colour. Null for a transparent or busy edge.
 */
export function flatBackground(p: Pixels): Rgb | null {
  const border = borderIndexes(p)
  if (border.length === 0) return null
  const counts = new Map<string, { rgb: Rgb; n: number }>()
  for (const i of border) {
    if (p.data[i * 4 + 3]! < 250) return null
    const rgb = rgbAt(p, i)
    const key = rgb.map((v) => v >> 4).join(',')
    const entry = counts.get(key) ?? { rgb, n: 0 }
    entry.n += 1
    counts.set(key, entry)
  }
  const top = [...counts.values()].sort((a, b) => b.n - a.n)[0]!
  const near = border.filter((i) => distance(rgbAt(p, i), top.rgb) <= TOLERANCE).length
  return near / border.length >= 0.9 ? top.rgb : null
}

/**
 * Makes the background transparent: a flood fill from every border pixel through pixels close to
 * the background colour, so a white letter inside a white-background logo's shape is kept.
 * Returns how many pixels were cleared.
 */
export function clearBackground(p: Pixels, background: Rgb): number {
  const seen = new Uint8Array(p.width * p.height)
  const stack = borderIndexes(p)
  let cleared = 0
  while (stack.length) {
    const i = stack.pop()!
    if (seen[i]) continue
    seen[i] = 1
    if (distance(rgbAt(p, i), background) > TOLERANCE) continue
    p.data[i * 4 + 3] = 0
    cleared += 1
    const x = i % p.width
    if (x > 0) stack.push(i - 1)
    if (x < p.width - 1) stack.push(i + 1)
    if (i >= p.width) stack.push(i - p.width)
    if (i + p.width < p.width * p.height) stack.push(i + p.width)
  }
  return cleared
}

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`

function saturation([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  return max === 0 ? 0 : (max - min) / max
}

/**
 * The logo's two main colours: opaque pixels grouped in coarse buckets, weighted towards
 * saturated ones (a grey outline should not win over the brand's blue). The accent is the most
 * common colour clearly different from the primary; null when the logo has only one.
 */
export function suggestColours(p: Pixels): { primary: string; accent: string | null } | null {
  const buckets = new Map<string, { sum: [number, number, number]; n: number }>()
  const step = Math.max(1, Math.floor((p.width * p.height) / 40_000))
  for (let i = 0; i < p.width * p.height; i += step) {
    if (p.data[i * 4 + 3]! < 200) continue
    const rgb = rgbAt(p, i)
    const key = rgb.map((v) => v >> 5).join(',')
    const bucket = buckets.get(key) ?? { sum: [0, 0, 0], n: 0 }
    bucket.sum[0] += rgb[0]
    bucket.sum[1] += rgb[1]
    bucket.sum[2] += rgb[2]
    bucket.n += 1
    buckets.set(key, bucket)
  }
  const ranked = [...buckets.values()]
    .map((b) => {
      const rgb = b.sum.map((v) => Math.round(v / b.n)) as Rgb
      return { rgb, score: b.n * (0.25 + saturation(rgb)) }
    })
    .sort((a, b) => b.score - a.score)
  const primary = ranked[0]
  if (!primary) return null
  const accent = ranked.find((c) => distance(c.rgb, primary.rgb) > 120)
  return { primary: hex(primary.rgb), accent: accent ? hex(accent.rgb) : null }
}
