// The built-in post image renderer: the slide's React layout → Satori (SVG) → resvg-js (pixels)
// → sharp (palette PNG or JPEG). Photos come from storage, resized by sharp to the box they
// fill and embedded as data URLs; nothing is fetched over the network. Fonts load once.
// See ADR 040 (one renderer), 041 (PNG optimisation) and 042 (where it runs).
import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { renderAsync } from '@resvg/resvg-js'
import { createElement, type ReactElement } from 'react'
import satori from 'satori'
import sharp from 'sharp'
import { makeKit } from '~/components/post/kit'
import { PostSlide, slideImageNeeds } from '~/components/post/PostSlide'
import type { ImageNeed } from '~/components/post/types'
import type { MediaItem } from '~/domain/media'
import type { PostContent } from '~/domain/post-content'
import { slideLayout, type FormatSize, type Slide } from '~/domain/slides'
import { palettePng } from './png-palette.server'

export type ImageFormat = 'png' | 'jpeg'

/** Bumped when the layouts change, so ETags and caches of old renders expire. */
export const RENDERER_VERSION = '1'

// ------------------------------------------------------------------ fonts (loaded once)

type SatoriFont = { name: string; data: Buffer; weight: 400 | 500 | 600 | 700 | 800; style: 'normal' }

export const FONT_FILES: Array<{ pkg: string; file: string; name: string; weight: SatoriFont['weight'] }> = [
  { pkg: '@fontsource/inter', file: 'inter-latin-400-normal.woff', name: 'Inter', weight: 400 },
  { pkg: '@fontsource/inter', file: 'inter-latin-500-normal.woff', name: 'Inter', weight: 500 },
  { pkg: '@fontsource/inter', file: 'inter-latin-600-normal.woff', name: 'Inter', weight: 600 },
  { pkg: '@fontsource/inter', file: 'inter-latin-700-normal.woff', name: 'Inter', weight: 700 },
  { pkg: '@fontsource/inter', file: 'inter-latin-800-normal.woff', name: 'Inter', weight: 800 },
  { pkg: '@fontsource/montserrat', file: 'montserrat-latin-700-normal.woff', name: 'Montserrat', weight: 700 },
  { pkg: '@fontsource/montserrat', file: 'montserrat-latin-800-normal.woff', name: 'Montserrat', weight: 800 },
  { pkg: '@fontsource/playfair-display', file: 'playfair-display-latin-700-normal.woff', name: 'Playfair Display', weight: 700 },
  { pkg: '@fontsource/playfair-display', file: 'playfair-display-latin-800-normal.woff', name: 'Playfair Display', weight: 800 },
]

let fontsPromise: Promise<SatoriFont[]> | null = null

/** The shipped @fontsource woff files (Satori reads woff, not woff2), read once per process. */
export function loadFonts(): Promise<SatoriFont[]> {
  fontsPromise ??= (async () => {
    const require = createRequire(import.meta.url)
    const dirs = new Map<string, string>()
    const dirOf = (pkg: string) => {
      if (!dirs.has(pkg)) dirs.set(pkg, path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files'))
      return dirs.get(pkg)!
    }
    return Promise.all(
      FONT_FILES.map(async (font) => ({
        name: font.name,
        weight: font.weight,
        style: 'normal' as const,
        data: await readFile(path.join(dirOf(font.pkg), font.file)),
      })),
    )
  })()
  fontsPromise.catch(() => (fontsPromise = null))
  return fontsPromise
}

// ------------------------------------------------------------------ element → pixels → file

export type EncodeOptions = {
  format: ImageFormat
  /**
   * PNG only: an 8-bit palette with dithering (3–5× smaller; for photo slides), keeping these
   * colours exact. Without it the PNG is truecolour (flat slides are small that way).
   */
  palette?: { fixed: string[] } | false
}

/** SVG of a React element at a size (Satori). */
export async function elementToSvg(element: ReactElement, size: FormatSize): Promise<string> {
  return satori(element, { width: size.width, height: size.height, fonts: await loadFonts() })
}

/** Raw RGBA pixels of an SVG (resvg-js, on libuv's thread pool). */
export async function svgToPixels(svg: string): Promise<{ pixels: Buffer; width: number; height: number }> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
    shapeRendering: 2,
    imageRendering: 0,
  })
  return { pixels: image.pixels, width: image.width, height: image.height }
}

/** Encodes raw RGBA pixels. */
export async function encodePixels(
  raw: { pixels: Buffer; width: number; height: number },
  options: EncodeOptions,
): Promise<Buffer> {
  if (options.format === 'png' && options.palette)
    return palettePng({ pixels: raw.pixels, width: raw.width, height: raw.height }, options.palette.fixed)
  const image = sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: 4 } }).removeAlpha()
  if (options.format === 'jpeg')
    return image.jpeg({ quality: 86, chromaSubsampling: '4:4:4' }).toBuffer()
  return image.png({ compressionLevel: 3 }).toBuffer()
}

export async function renderElement(element: ReactElement, size: FormatSize, options: EncodeOptions): Promise<Buffer> {
  const svg = await elementToSvg(element, size)
  return encodePixels(await svgToPixels(svg), options)
}

// ------------------------------------------------------------------ photos

/** Reads a stored image by URL; null when it is not there (or not readable for this post). */
export type ImageLoader = (ref: string, need: ImageNeed) => Promise<Uint8Array | null>

type Prepared = { src: string; bytes: Buffer }

/** A small LRU of prepared images, bounded by total size. */
class PreparedImages {
  private map = new Map<string, Prepared>()
  private size = 0
  constructor(private readonly limit: number) {}
  get(key: string) {
    const value = this.map.get(key)
    if (value !== undefined) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }
  set(key: string, value: Prepared) {
    const weight = (v: Prepared) => v.src.length + v.bytes.length
    if (weight(value) > this.limit) return
    const old = this.map.get(key)
    if (old !== undefined) {
      this.size -= weight(old)
      this.map.delete(key)
    }
    this.map.set(key, value)
    this.size += weight(value)
    for (const [k, v] of this.map) {
      if (this.size <= this.limit) break
      this.map.delete(k)
      this.size -= weight(v)
    }
  }
}

/** Stored keys are unique per upload and never rewritten, so a prepared image never goes stale. */
const cache = new PreparedImages(128 * 1024 * 1024)

/** Resizes an image to the box it fills: JPEG for photos, PNG when it has transparency. */
export async function prepareImage(bytes: Uint8Array, need: ImageNeed): Promise<Prepared> {
  const resized = sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({
      width: Math.max(1, Math.round(need.width)),
      height: Math.max(1, Math.round(need.height)),
      // Contain: one side exactly the box's, so the image is drawn 1:1, never rescaled by resvg.
      fit: need.fit === 'cover' ? 'cover' : 'inside',
      position: 'centre',
    })
  const meta = await sharp(bytes).metadata()
  if (meta.hasAlpha) {
    const png = await resized.png({ compressionLevel: 3 }).toBuffer()
    return { bytes: png, src: `data:image/png;base64,${png.toString('base64')}` }
  }
  const jpeg = await resized.jpeg({ quality: 88 }).toBuffer()
  return { bytes: jpeg, src: `data:image/jpeg;base64,${jpeg.toString('base64')}` }
}

async function prepareNeeds(needs: ImageNeed[], load: ImageLoader): Promise<Map<string, Prepared & { need: ImageNeed }>> {
  const sources = new Map<string, Prepared & { need: ImageNeed }>()
  await Promise.all(
    needs.map(async (need) => {
      const key = `${need.ref}|${Math.round(need.width)}x${Math.round(need.height)}|${need.fit}`
      let prepared = cache.get(key)
      if (!prepared) {
        const bytes = await load(need.ref, need).catch(() => null)
        if (!bytes) return
        prepared = await prepareImage(bytes, need).catch(() => undefined)
        if (!prepared) return
        cache.set(key, prepared)
      }
      if (!sources.has(need.ref)) sources.set(need.ref, { ...prepared, need })
    }),
  )
  return sources
}

// ------------------------------------------------------------------ a post's slide

/** The element of one slide for the renderer, with its photos prepared. */
export async function slideElement(content: PostContent, slide: Slide, load: ImageLoader): Promise<ReactElement> {
  return (await slideElementWithInfo(content, slide, load)).element
}

async function slideElementWithInfo(content: PostContent, slide: Slide, load: ImageLoader) {
  const { width, height } = content.size
  const needs = slideImageNeeds(slide, content, content.size)
  const sources = await prepareNeeds(needs, load)
  // A full-canvas photo at the bottom of a cover or photo slide is composited beneath the
  // drawing by sharp rather than drawn by resvg (2× faster, same pixels).
  const layout = slideLayout(slide)
  const base = [...sources.values()].find(
    (p) => p.need.fit === 'cover' && Math.round(p.need.width) === width && Math.round(p.need.height) === height,
  )
  const underlay = (layout === 'cover' || layout === 'photo') && base ? base : null
  const kit = makeKit({
    target: 'image',
    size: content.size,
    theme: content.theme,
    src: (ref) => sources.get(ref)?.src ?? null,
    underlay: underlay?.src ?? null,
  })
  const photos = needs.filter((need) => need.fit === 'cover' && sources.has(need.ref)).length
  return {
    element: createElement(PostSlide, { kit, slide, home: content.home, brand: content.brand }),
    photos,
    underlay: underlay?.bytes ?? null,
  }
}

/** The drawing (RGBA, transparent where the photo shows) over its base photo. */
async function compositeOver(
  photo: Buffer,
  drawing: { pixels: Buffer; width: number; height: number },
): Promise<{ pixels: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(photo)
    .ensureAlpha()
    // resvg's pixels are premultiplied by alpha.
    .composite([{ input: drawing.pixels, raw: { width: drawing.width, height: drawing.height, channels: 4, premultiplied: true } }])
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { pixels: data, width: info.width, height: info.height }
}

/** Colours a slide's palette keeps exact: the theme's flat colours. */
export function themeColours(content: Pick<PostContent, 'theme'>): string[] {
  const t = content.theme
  return [t.primary, t.secondary, t.onPrimary, t.onSecondary, t.text, t.surface, '#FFFFFF', '#000000']
}

/** Does the slide draw a photo over most of its area (a palette PNG pays off)? */
export function isPhotoSlide(slide: Slide, drewPhoto: boolean): boolean {
  const layout = slideLayout(slide)
  return drewPhoto && (layout === 'cover' || layout === 'photo' || layout === 'photo-grid')
}

/**
 * One slide as PNG (palette for photo slides, truecolour for flat ones) or JPEG. `optimise`
 * false gives a fast truecolour PNG (previews, benchmarks against a browser screenshot).
 */
export async function renderSlide(
  content: PostContent,
  slide: Slide,
  load: ImageLoader,
  options: { format: ImageFormat; optimise?: boolean },
): Promise<Buffer> {
  const { element, photos, underlay } = await slideElementWithInfo(content, slide, load)
  const svg = await elementToSvg(element, content.size)
  const drawing = await svgToPixels(svg)
  const pixels = underlay ? await compositeOver(underlay, drawing) : drawing
  const palette = options.format === 'png' && options.optimise !== false && isPhotoSlide(slide, photos > 0)
  return encodePixels(pixels, { format: options.format, palette: palette ? { fixed: themeColours(content) } : false })
}

// ------------------------------------------------------------------ reading stored photos

const UPLOADS_PREFIX = '/uploads/'

/** The storage key of a stored URL ('/uploads/<key>'), or null for anything else. */
export function storageKeyOf(ref: string): string | null {
  if (!ref.startsWith(UPLOADS_PREFIX)) return null
  const key = decodeURIComponent(ref.slice(UPLOADS_PREFIX.length).split(/[?#]/)[0] ?? '')
  return key || null
}

/**
 * An image loader over storage for one post: only its owner's files are read (a slide cannot
 * point at someone else's upload), and the 1080 px derivative is used when it is big enough for
 * the box, the original otherwise.
 */
export function storageImageLoader(options: {
  storage: { get(key: string): Promise<Uint8Array | null> }
  ownerId: string
  media?: MediaItem[]
}): ImageLoader {
  const byUrl = new Map<string, MediaItem>()
  for (const item of options.media ?? []) if (item?.url) byUrl.set(item.url, item)
  const ownPrefix = `users/${options.ownerId}/`
  return async (ref, need) => {
    const key = storageKeyOf(ref)
    if (!key || !key.startsWith(ownPrefix)) return null
    const item = byUrl.get(ref)
    const variant = item?.variants?.w1080
    if (variant && item?.width && item?.height) {
      const scale = Math.min(1, 1080 / Math.max(item.width, item.height))
      const vw = item.width * scale
      const vh = item.height * scale
      const needed =
        need.fit === 'cover' ? Math.max(need.width / vw, need.height / vh) : Math.min(need.width / vw, need.height / vh)
      if (needed <= 1.02) {
        const bytes = await options.storage.get(variant)
        if (bytes) return bytes
      }
    }
    return options.storage.get(key)
  }
}
