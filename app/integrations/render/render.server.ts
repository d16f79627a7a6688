// The built-in post image renderer: the slide's React layout → @takumi-rs/helpers `fromJsx` (a
// node tree) → Takumi's native `Renderer.render` (layout, text and pixels, on libuv's thread
// pool) → Takumi's PNG, or our palette PNG (photo slides), or a JPEG by sharp. Photos are read
// from storage, resized by sharp to the box they fill (cached) and handed to Takumi as image
// sources by key; Takumi keeps what it decoded in its cache. Nothing is fetched over the
// network, nothing is a data URL. Fonts are registered once per process.
// See ADR 040 (one set of layouts), 045 (Takumi), 042 (where it runs).
import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Renderer, type ImageSource } from '@takumi-rs/core'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import { LRUCache } from 'lru-cache'
import { AgentShareCard, type AgentShareCardProps } from '~/components/public/agent-share-card'
import { createElement, type ReactElement } from 'react'
import sharp from 'sharp'
import { makeKit } from '~/components/post/kit'
import { PostSlide, slideImageNeeds } from '~/components/post/post-slide'
import type { ImageNeed } from '~/components/post/types'
import { toneOf, type ImageTone } from '~/components/post/tone'
import type { MediaItem } from '~/domain/media'
import { slidePosition, type PostContent } from '~/domain/post-content'
import { slideLayout, type FormatSize, type Slide } from '~/domain/slides'
import { palettePng } from '~/utils/png-palette.server'
import { currentLogger } from '~/utils/logger.server'

export type ImageFormat = 'png' | 'jpeg'

/** Bumped when the layouts or the renderer change, so ETags and caches of old renders expire. */
export const RENDERER_VERSION = '8'

// ------------------------------------------------------------------ fonts and the renderer (once)

type FontWeight = 400 | 500 | 600 | 700 | 800
export type FontFile = { name: string; data: Buffer; weight: FontWeight; style: 'normal' }

export const FONT_FILES: Array<{ pkg: string; file: string; name: string; weight: FontWeight }> = [
  { pkg: '@fontsource/inter', file: 'inter-latin-400-normal.woff', name: 'Inter', weight: 400 },
  { pkg: '@fontsource/inter', file: 'inter-latin-500-normal.woff', name: 'Inter', weight: 500 },
  { pkg: '@fontsource/inter', file: 'inter-latin-600-normal.woff', name: 'Inter', weight: 600 },
  { pkg: '@fontsource/inter', file: 'inter-latin-700-normal.woff', name: 'Inter', weight: 700 },
  { pkg: '@fontsource/inter', file: 'inter-latin-800-normal.woff', name: 'Inter', weight: 800 },
  { pkg: '@fontsource/montserrat', file: 'montserrat-latin-700-normal.woff', name: 'Montserrat', weight: 700 },
  { pkg: '@fontsource/montserrat', file: 'montserrat-latin-800-normal.woff', name: 'Montserrat', weight: 800 },
  {
    pkg: '@fontsource/playfair-display',
    file: 'playfair-display-latin-700-normal.woff',
    name: 'Playfair Display',
    weight: 700,
  },
  {
    pkg: '@fontsource/playfair-display',
    file: 'playfair-display-latin-800-normal.woff',
    name: 'Playfair Display',
    weight: 800,
  },
  {
    pkg: '@fontsource/dm-serif-display',
    file: 'dm-serif-display-latin-400-normal.woff',
    name: 'DM Serif Display',
    weight: 400,
  },
  { pkg: '@fontsource/dm-sans', file: 'dm-sans-latin-400-normal.woff', name: 'DM Sans', weight: 400 },
  { pkg: '@fontsource/dm-sans', file: 'dm-sans-latin-500-normal.woff', name: 'DM Sans', weight: 500 },
  { pkg: '@fontsource/dm-sans', file: 'dm-sans-latin-700-normal.woff', name: 'DM Sans', weight: 700 },
  { pkg: '@fontsource/oswald', file: 'oswald-latin-500-normal.woff', name: 'Oswald', weight: 500 },
  { pkg: '@fontsource/oswald', file: 'oswald-latin-600-normal.woff', name: 'Oswald', weight: 600 },
  { pkg: '@fontsource/oswald', file: 'oswald-latin-700-normal.woff', name: 'Oswald', weight: 700 },
]

let fontsPromise: Promise<FontFile[]> | null = null

/** The shipped @fontsource woff files (the ones the page loads too), read once per process. */
export function loadFonts(): Promise<FontFile[]> {
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

let rendererPromise: Promise<Renderer> | null = null

/**
 * The process's Takumi renderer with the fonts registered. Its cache (decoded photos, glyphs)
 * is shared by every render; stored keys never change content, so nothing in it goes stale.
 */
export function slideRenderer(): Promise<Renderer> {
  rendererPromise ??= (async () => {
    const renderer = new Renderer({ cacheMaxBytes: 64 * 1024 * 1024 })
    for (const font of await loadFonts()) await renderer.registerFont(font)
    return renderer
  })()
  rendererPromise.catch(() => (rendererPromise = null))
  return rendererPromise
}

// ------------------------------------------------------------------ element → file

export type RenderInput = { element: ReactElement; size: FormatSize; images?: ImageSource[] }

/**
 * Takumi sizes boxes border-box by default; the browser (the post page draws the same layouts)
 * sizes them content-box unless told otherwise. The layouts are written for the browser.
 */
const BROWSER_DEFAULTS = '* { box-sizing: content-box }'

export type EncodeOptions = {
  format: ImageFormat
  /**
   * PNG only: an 8-bit palette with dithering (2–3× smaller on photo slides), keeping these
   * colours exact (ADR 041). Without it, the PNG Takumi writes (truecolour; flat slides are
   * small that way).
   */
  palette?: string[] | false
}

/** A React element drawn by Takumi, encoded as asked. */
export async function renderElement(input: RenderInput, options: EncodeOptions): Promise<Buffer> {
  const renderer = await slideRenderer()
  const { node } = await fromJsx(input.element)
  const { width, height } = input.size
  const common = { width, height, images: input.images ?? [], css: [BROWSER_DEFAULTS] }
  if (options.format === 'png' && !options.palette) return renderer.render(node, { ...common, format: 'png' })
  // Raw pixels (Takumi draws a slide in a few ms; its encoders are the slow part), then our
  // palette PNG, or libjpeg-turbo: 2× faster than Takumi's JPEG. The JPEG is what a phone shares
  // to Instagram, which re-encodes at 4:2:0 anyway: q82 4:2:0 is ≈ 37 % fewer bytes (ADR 189).
  const pixels = await renderer.render(node, { ...common, format: 'raw' })
  if (options.format === 'png') return palettePng({ pixels, width, height }, options.palette || [])
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
    .toBuffer()
}

// ------------------------------------------------------------------ photos

/** Reads a stored image by URL; null when it is not there (or not readable for this post). */
export type ImageLoader = (ref: string, need: ImageNeed) => Promise<Uint8Array | null>

/**
 * A photo made ready for one box: `src` is the key the slide's element and Takumi know it by.
 * `tone` is measured the first time a slide that reads it asks (toneOfPrepared), then kept.
 */
type Prepared = { src: string; bytes: Buffer; tone?: Promise<ImageTone | null> }

/**
 * Prepared images by key, bounded by total size (lru-cache); one preparation at a time per key
 * (its `fetch`), and one that gives nothing (a photo that cannot be read) is not kept. Stored keys
 * are unique per upload and never rewritten, so a prepared image never goes stale.
 */
const prepared = new LRUCache<string, Prepared, { need: ImageNeed; load: ImageLoader }>({
  maxSize: 96 * 1024 * 1024,
  sizeCalculation: (value) => Math.max(1, value.bytes.length),
  fetchMethod: (key, _stale, { context }) => prepareUncached(key, context.need, context.load),
  ignoreFetchAbort: true,
})

/**
 * An image resized by sharp to the box it fills (cover: exactly the box; contain: one side the
 * box's), as an uncompressed PNG. Measured on a 1080×1350 photo slide: Takumi draws a photo of
 * its box's size in ~3 ms but spends ~10 ms more per render resampling a bigger one, and it
 * decodes a JPEG ~4× slower than libjpeg-turbo (70 vs 15 ms for 1600×1200) while an
 * uncompressed PNG costs it ~15 ms. So sharp decodes and resizes once, Takumi reads raw rows.
 */
export async function prepareImage(bytes: Uint8Array, need: ImageNeed): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate()
  const { width = 0, height = 0, orientation = 1 } = await image.metadata()
  const [w, h] = orientation >= 5 ? [height, width] : [width, height]
  const box = { width: Math.max(1, Math.round(need.width)), height: Math.max(1, Math.round(need.height)) }
  const scale = need.fit === 'cover' ? Math.max(box.width / w, box.height / h) : Math.min(box.width / w, box.height / h)
  return image
    .resize({
      ...box,
      fit: need.fit === 'cover' ? 'cover' : 'inside',
      // A cover crop keeps the part of the photo with the most to see (sharp's saliency
      // measure: luminance, saturation and skin), not blindly the middle.
      position: need.fit === 'cover' ? sharp.strategy.attention : 'centre',
      // Enlarging (a 4:3 photo filling a 4:5 or 9:16 slide): bilinear, as a browser does, at
      // 60% of Lanczos's time; shrinking keeps Lanczos (sharp).
      kernel: scale > 1 ? 'linear' : 'lanczos3',
    })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer()
}

/** Cells of the tone grid a prepared image is measured on (tone.ts). */
const TONE_GRID = 16

/** The coarse luminance and opacity grid of a prepared image; null when it cannot be read. */
async function measureTone(png: Buffer): Promise<ImageTone | null> {
  try {
    const raw = await sharp(png).resize(TONE_GRID, TONE_GRID, { fit: 'fill' }).ensureAlpha().raw().toBuffer()
    return toneOf(raw, TONE_GRID, TONE_GRID)
  } catch (error) {
    currentLogger().warn('photo tone not measured', { error })
    return null
  }
}

/** A prepared image's tone grid, measured once (on the first slide that reads it). */
function toneOfPrepared(image: Prepared): Promise<ImageTone | null> {
  image.tone ??= measureTone(image.bytes)
  return image.tone
}

/**
 * Does this slide's layout read how light its images are? Only the covers do (the measured
 * scrims and the brand mark's surface, ADR 247); photo, grid and plan slides draw their images
 * without looking, so theirs are not measured (a carousel measures one image, not nine).
 */
function readsTone(slide: Slide): boolean {
  return slideLayout(slide) === 'cover'
}

/** One image of a slide, prepared once per stored file and box; null when it cannot be drawn. */
function prepareNeed(need: ImageNeed, load: ImageLoader): Promise<Prepared | null> {
  const key = `stored:${need.ref}#${Math.round(need.width)}x${Math.round(need.height)}-${need.fit}`
  return prepared.fetch(key, { context: { need, load } }).then((value) => value ?? null)
}

async function prepareUncached(key: string, need: ImageNeed, load: ImageLoader): Promise<Prepared | undefined> {
  // A photo that cannot be drawn leaves its box empty; the slide is still drawn, and logged.
  const bytes = await load(need.ref, need).catch((error: unknown) => {
    currentLogger().warn('slide photo could not be loaded; drawn without it', { ref: need.ref, error })
    return null
  })
  if (!bytes) return undefined
  const png = await prepareImage(bytes, need).catch((error: unknown) => {
    currentLogger().warn('slide photo could not be decoded; drawn without it', { ref: need.ref, error })
    return null
  })
  return png ? { src: key, bytes: png } : undefined
}

/** The prepared images of a slide by URL; an image that cannot be read is left out (not drawn). */
async function prepareNeeds(needs: ImageNeed[], load: ImageLoader): Promise<Map<string, Prepared>> {
  const sources = new Map<string, Prepared>()
  await Promise.all(
    needs.map(async (need) => {
      const image = await prepareNeed(need, load)
      // The first need of a URL wins (a slide draws each photo once).
      if (image && !sources.has(need.ref)) sources.set(need.ref, image)
    }),
  )
  return sources
}

/**
 * Starts preparing the photos of these slides at once (not awaited; a photo that fails is left
 * out when its slide asks for it), so that sharp decodes and resizes the later slides' photos
 * on the other core while the first slides are drawn (Carousel.zip, ADR 188).
 */
export function preparePhotos(content: PostContent, slides: Slide[], load: ImageLoader): void {
  for (const slide of slides)
    for (const need of slideImageNeeds(slide, content, content.size)) void prepareNeed(need, load)
}

// ------------------------------------------------------------------ a post's slide

/**
 * The element of one slide for the renderer, with the images it draws as Takumi image sources
 * (by key, never data URLs). Takumi keeps what it decoded in its cache ('auto', keyed by the
 * bytes), so the next render of the same photo does not decode it again.
 */
export async function slideInput(
  content: PostContent,
  slide: Slide,
  load: ImageLoader,
): Promise<RenderInput & { photos: number }> {
  const needs = slideImageNeeds(slide, content, content.size)
  const sources = await prepareNeeds(needs, load)
  const tones = new Map<string, ImageTone | null>()
  if (readsTone(slide))
    await Promise.all([...sources].map(async ([ref, image]) => tones.set(ref, await toneOfPrepared(image))))
  const kit = makeKit({
    target: 'image',
    size: content.size,
    theme: content.theme,
    src: (ref) => sources.get(ref)?.src ?? null,
    tone: (ref) => tones.get(ref) ?? null,
  })
  const unique = new Map([...sources.values()].map((p) => [p.src, p.bytes]))
  return {
    element: createElement(PostSlide, {
      kit,
      slide,
      home: content.home,
      brand: content.brand,
      art: content.art,
      position: slidePosition(content, slide),
    }),
    size: content.size,
    images: [...unique].map(([src, data]) => ({ src, data, cache: 'auto' as const })),
    photos: needs.filter((need) => need.fit === 'cover' && sources.has(need.ref)).length,
  }
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
 * One slide as PNG (palette for photo slides, Takumi's truecolour for flat ones) or JPEG.
 * `optimise` false gives Takumi's truecolour PNG for every slide (benchmarks).
 */
export async function renderSlide(
  content: PostContent,
  slide: Slide,
  load: ImageLoader,
  options: { format: ImageFormat; optimise?: boolean },
): Promise<Buffer> {
  const input = await slideInput(content, slide, load)
  const palette = options.format === 'png' && options.optimise !== false && isPhotoSlide(slide, input.photos > 0)
  return renderElement(input, { format: options.format, palette: palette ? themeColours(content) : false })
}

// ------------------------------------------------------------------ the agent page's share card

/** The agent page's share image (1200×630 JPEG); images by key, already fitted to their boxes. */
export function renderAgentCard(props: AgentShareCardProps, images: Array<{ src: string; data: Buffer }>) {
  return renderElement(
    { element: createElement(AgentShareCard, props), size: { width: 1200, height: 630 }, images },
    { format: 'jpeg' },
  )
}

export const agentCardPhotoBoxes = AgentShareCard.photoBoxes

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
