// A post's images for anyone with its link: the public data of a post (/posts/{postId}),
// its images by the screenshot-service contract (ADR 043: post/{id}, optional slide index, a
// staging flag, the stored media used directly when no slide is asked for), the single-image
// download and Carousel.zip (ADR 044). Images are rendered by the built-in renderer, or fetched
// from SCREENSHOT_URL when it is set. Rendered images are cached by version (ETag) until the post,
// its property or its owner's brand changes (the render queue: post-image-cache.server.ts; the
// zip: integrations/render/zip.server.ts). See ADR 040–044.
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { postRows, type PostRows } from '~/models/post-rows.server'
import {
  buildPostContent,
  carouselEntries,
  mainSlide,
  type CarouselEntry,
  type PostContent,
} from '~/domain/post-content'
import type { Slide } from '~/domain/slides'
import { isPublicId, screenshotPath } from '~/domain/public-links'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import {
  RENDERER_VERSION,
  preparePhotos,
  renderSlide,
  storageImageLoader,
  storageKeyOf,
  type ImageFormat,
} from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { signedOwnUploadUrl } from '~/integrations/storage/upload-links.server'
import { streamStoredZip } from '~/integrations/render/zip.server'
import { createRenderQueue, type RenderQueue } from './post-image-cache.server'
import { currentLogger } from '~/utils/logger.server'

// ------------------------------------------------------------------ public post data

export type PublicPost = PostRows & {
  content: PostContent
  /** Changes whenever anything drawn on the post's images changes. */
  version: string
}

/** The post (not deleted) with what its slides show, by its public id; null when there is none. */
export async function loadPublicPost(db: Database, publicId: string): Promise<PublicPost | null> {
  if (!isPublicId(publicId)) return null
  return publicPostOf(await postRows(db, { publicId }))
}

/** The same, for its owner's own code (scheduling, data export): by id, only when it is theirs. */
export async function loadOwnPost(db: Database, userId: string, postId: number): Promise<PublicPost | null> {
  return publicPostOf(await postRows(db, { userId, postId }))
}

function publicPostOf(rows: PostRows | null): PublicPost | null {
  if (!rows) return null
  const { post, home, owner } = rows
  const content = buildPostContent(rows)
  const version = createHash('sha256')
    .update(
      [
        RENDERER_VERSION,
        post.id,
        post.updated_at.toISOString(),
        home?.updated_at.toISOString() ?? '',
        owner?.updated_at.toISOString() ?? '',
      ].join('|'),
    )
    .digest('base64url')
    .slice(0, 22)
  return { ...rows, content, version }
}

/**
 * Links the page's images load from: signed /uploads links (anyone may open them for a week,
 * ADR 021) of the owner's own files only, the 1080 px derivative where there is one. The expiry
 * is rounded to the day so the page's HTML stays the same all day (cacheable).
 */
export function pageImageSources(data: PublicPost, secret: string, now = Date.now()): Record<string, string> {
  const day = 24 * 3600 * 1000
  const issued = Math.floor(now / day) * day
  const items = [...(data.home?.gallery ?? []), ...(data.home?.floor_plans ?? [])]
  const byUrl = new Map(items.map((item) => [item.url, item]))
  const refs = new Set<string>([
    ...(data.content.home?.photos ?? []),
    ...(data.content.home?.floorPlans ?? []),
    ...data.content.slides.filter((slide) => !slide.hide).map((slide) => slide.image ?? ''),
    data.content.brand.logo ?? '',
  ])
  const sources: Record<string, string> = {}
  for (const ref of refs) {
    const key = ref ? storageKeyOf(ref) : null
    if (!key || !key.startsWith(`users/${data.post.user_id}/`)) continue
    const variant = byUrl.get(ref)?.variants?.w1080 ?? key
    const link = signedOwnUploadUrl(secret, data.post.user_id, variant, 8 * 24 * 3600, issued)
    if (link) sources[ref] = link
  }
  return sources
}

// ------------------------------------------------------------------ the screenshot contract

/** The screenshot contract (ADR 043): path post/{public id}, optional slide index, staging flag on a staging host. */
export function screenshotUrl(
  base: string,
  publicId: string,
  options: { slide?: number | null; host?: string | null } = {},
): string {
  const url = new URL(screenshotPath(publicId), base.endsWith('/') ? base : `${base}/`)
  if (options.slide !== undefined && options.slide !== null) url.searchParams.set('slide', String(options.slide))
  if (options.host?.toLowerCase().startsWith('staging')) url.searchParams.set('staging', 'true')
  return url.toString()
}

/** The ETag of one image of a post version. */
export function imageEtag(version: string, slide: number | null, format: ImageFormat): string {
  return `"${version}-${slide ?? 'main'}-${format}"`
}

// ------------------------------------------------------------------ the service

export type ImageResult =
  | { kind: 'bytes'; body: Uint8Array; contentType: string; etag: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'not-found' }

export type PostImages = ReturnType<typeof createPostImages>

type Options = {
  storage: Storage
  logger: Logger
  /** SCREENSHOT_URL: images come from this screenshot service instead of the built-in renderer. */
  screenshotBase?: string | null
  fetch?: typeof fetch
  /** Bytes of rendered images kept in memory. */
  cacheBytes?: number
  /** Slides rendered at once for a zip (the machine's cores). */
  concurrency?: number
}

type Fetched = { body: Uint8Array; contentType: string }

/** A failed fetch is retried: 3 attempts in all. */
function retryingFetch(doFetch: typeof fetch) {
  return async function fetchBytes(url: string): Promise<Fetched> {
    let last: unknown
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(30_000) })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return {
          body: new Uint8Array(await response.arrayBuffer()),
          contentType: response.headers.get('content-type') ?? 'image/png',
        }
      } catch (error) {
        last = error
        if (attempt < 3) await new Promise((r) => setTimeout(r, 150 * attempt))
      }
    }
    throw last instanceof Error ? last : new Error('fetch failed')
  }
}

/** The stored media (used directly when no slide is asked for). Stored files are read; other URLs redirect. */
async function mediaImage(storage: Storage, data: PublicPost, url: string): Promise<ImageResult> {
  const key = storageKeyOf(url)
  if (!key) return /^https?:\/\//.test(url) ? { kind: 'redirect', url } : { kind: 'not-found' }
  if (!key.startsWith(`users/${data.post.user_id}/`)) return { kind: 'not-found' }
  const body = await storage.get(key)
  if (!body) return { kind: 'not-found' }
  const contentType = key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg'
  return { kind: 'bytes', body, contentType, etag: `"${data.version}-media"` }
}

/** Reads the post's own stored photos (the 1080 px derivative where it is big enough). */
function postImageLoader(storage: Storage, data: PublicPost) {
  return storageImageLoader({
    storage,
    ownerId: data.post.user_id,
    media: [...(data.home?.gallery ?? []), ...(data.home?.floor_plans ?? [])],
  })
}

type SlideImage = (
  data: PublicPost,
  index: number | null,
  format: ImageFormat,
  host?: string | null,
) => Promise<Uint8Array>

/**
 * One slide (index into the post's slides; null: the main image) rendered by the built-in
 * renderer or fetched from the screenshot service, through the render queue.
 */
function slideImages(options: Options, queue: RenderQueue, fetchBytes: (url: string) => Promise<Fetched>): SlideImage {
  const loaderFor = (data: PublicPost) => postImageLoader(options.storage, data)
  const make = async (data: PublicPost, index: number | null, format: ImageFormat, host?: string | null) => {
    if (options.screenshotBase)
      return (await fetchBytes(screenshotUrl(options.screenshotBase, data.post.public_id, { slide: index, host }))).body
    const slide: Slide = index === null ? mainSlide(data.content) : data.content.slides[index]!
    return renderSlide(data.content, slide, loaderFor(data), { format })
  }
  return (data, index, format, host) => {
    // The main image is the first visible slide when there is one: one cache entry for both.
    if (index === null) {
      const first = data.content.slides.findIndex((slide) => !slide.hide)
      if (first >= 0) index = first
    }
    return queue.get(imageEtag(data.version, index, format), () => make(data, index, format, host))
  }
}

/** What the service's operations share. */
type Service = {
  options: Options
  slideImage: SlideImage
  fetchBytes: (url: string) => Promise<Fetched>
  concurrency: number
  queue: RenderQueue
}

/**
 * GET post/{id}[?slide=N]: the stored media when no slide is asked for and the post has one,
 * else the slide (or main image) as PNG or JPEG.
 */
async function image(
  service: Service,
  data: PublicPost,
  request: { slide?: number | null; format?: ImageFormat; host?: string | null },
): Promise<ImageResult> {
  const format = request.format ?? 'png'
  const slide = request.slide ?? null
  if (slide === null && data.content.media) return mediaImage(service.options.storage, data, data.content.media)
  if (slide !== null && !data.content.slides[slide]) return { kind: 'not-found' }
  const body = await service.slideImage(data, slide, format, request.host)
  return {
    kind: 'bytes',
    body,
    contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    etag: imageEtag(data.version, slide, format),
  }
}

/** A thumbnail's width: twice the history's 96 px box, for sharp screens. */
export const THUMBNAIL_WIDTH = 240

/** The ETag of a post version's thumbnail. */
export function thumbnailEtag(version: string): string {
  return `"${version}-thumb"`
}

/**
 * The main image as a small JPEG (the history's list): made once per post version from the main
 * image (which is cached too) and kept in the render queue; unchanged posts answer 304.
 */
async function thumbnail(service: Service, data: PublicPost, host?: string | null): Promise<ImageResult> {
  const etag = thumbnailEtag(data.version)
  const make = async () => {
    const main = await image(service, data, { slide: null, format: 'png', host })
    if (main.kind !== 'bytes') throw new Error(main.kind)
    return sharp(main.body).resize({ width: THUMBNAIL_WIDTH }).jpeg({ quality: 78 }).toBuffer()
  }
  if (data.content.media && !storageKeyOf(data.content.media)) return image(service, data, { slide: null, host })
  try {
    const body = await service.queue.get(etag, make)
    return { kind: 'bytes', body, contentType: 'image/jpeg', etag }
  } catch (error) {
    service.options.logger.error('post thumbnail not drawn; answered 404', { postId: data.post.id, error })
    return { kind: 'not-found' }
  }
}

/** Posts waiting for a prewarm at most; past it the oldest is dropped (its download renders then). */
const PREWARM_BACKLOG = 200

/**
 * Renders a carousel's PNGs in the background, once per post version, so that the download a
 * moment later comes from the cache. Called when the post page is opened. One slide at a time for
 * the whole process, and the event loop is given back between slides: a burst of posts opened at
 * once must not put dozens of renders ahead of the page requests (ADR 185). The promise (which
 * the page does not wait for) gives how many slides this call drew: 0 when it had nothing to do.
 */
function prewarmer(service: Service) {
  const prewarmed = new Set<string>()
  const waiting: Array<{ data: PublicPost; done: (drawn: number) => void }> = []
  let running = false
  const drain = async () => {
    running = true
    for (let item = waiting.shift(); item; item = waiting.shift()) {
      let drawn = 0
      for (const entry of carouselEntries(item.data.content)) {
        if (entry.kind !== 'slide') continue
        await new Promise((resolve) => setImmediate(resolve))
        const png = await service
          .slideImage(item.data, entry.index < 0 ? null : entry.index, 'png')
          .catch((error: unknown) => {
            currentLogger().warn('slide not prewarmed', { error })
            return null
          })
        if (png) drawn += 1
      }
      item.done(drawn)
    }
    running = false
  }
  return (data: PublicPost): Promise<number> => {
    if (service.options.screenshotBase || data.post.generating || prewarmed.has(data.version)) return Promise.resolve(0)
    prewarmed.add(data.version)
    if (prewarmed.size > 10_000) prewarmed.clear()
    const drawn = new Promise<number>((done) => waiting.push({ data, done }))
    if (waiting.length > PREWARM_BACKLOG) {
      const dropped = waiting.shift()!
      prewarmed.delete(dropped.data.version)
      dropped.done(0)
    }
    if (!running) void drain()
    return drawn
  }
}

/** The main image as a PNG for the single download (post-{template}-{id}.png, ADR 044). */
async function mainPng(service: Service, data: PublicPost, host?: string | null): Promise<Uint8Array | null> {
  if (data.content.media) {
    const media = await image(service, data, { slide: null, host })
    if (media.kind === 'bytes' && media.contentType === 'image/png') return media.body
    // A JPEG or remote media: the download is a PNG of the main slide instead.
  }
  return service.slideImage(data, null, 'png', host)
}

/** One file of the carousel: the stored media as a PNG (or the main slide), or a slide. */
async function carouselFile(service: Service, data: PublicPost, entry: CarouselEntry, host?: string | null) {
  if (entry.kind === 'media') {
    const media = await mediaImage(service.options.storage, data, entry.url)
    if (media.kind === 'bytes' && media.contentType === 'image/png') return media.body
    if (media.kind === 'redirect') return (await service.fetchBytes(media.url)).body
    // Stored JPEG media or none: the main slide is drawn instead.
    return service.slideImage(data, null, 'png', host)
  }
  return service.slideImage(data, entry.index < 0 ? null : entry.index, 'png', host)
}

/**
 * Carousel.zip (ADR 044): the main image as slide-1.png, then every visible slide in order.
 * A slide that fails is logged and skipped; the rest still download. The zip is streamed.
 */
async function carouselZip(
  service: Service,
  data: PublicPost,
  host?: string | null,
): Promise<{ stream: Readable; files: string[] }> {
  // Slides are rendered `concurrency` at a time and each goes out as soon as it is ready (a
  // stored zip, streamed); `files` is complete when the stream ends. The photos of the slides
  // not rendered yet are all put in preparation first: sharp works on them beside the renders.
  const entries = carouselEntries(data.content)
  if (!service.options.screenshotBase) {
    const pending = entries.flatMap((entry) =>
      entry.kind === 'slide' && !service.queue.has(imageEtag(data.version, entry.index < 0 ? null : entry.index, 'png'))
        ? [entry.slide]
        : [],
    )
    preparePhotos(data.content, pending, postImageLoader(service.options.storage, data))
  }
  return streamStoredZip(
    entries.map((entry) => ({ name: entry.name, bytes: () => carouselFile(service, data, entry, host) })),
    {
      concurrency: service.concurrency,
      // The real date the images were made: the post's generation (or last edit) (ADR 152).
      modified: data.post.generated_at ?? data.post.updated_at,
      onError: (source, error) =>
        service.options.logger.error('carousel slide failed; skipped', {
          postId: data.post.id,
          file: source.name,
          error,
        }),
    },
  )
}

export function createPostImages(options: Options) {
  const fetchBytes = retryingFetch(options.fetch ?? fetch)
  const queue = createRenderQueue(options.cacheBytes ?? 128 * 1024 * 1024)
  const service: Service = {
    options,
    fetchBytes,
    slideImage: slideImages(options, queue, fetchBytes),
    queue,
    concurrency: Math.max(1, options.concurrency ?? 2),
  }
  return {
    image: (data: PublicPost, request: Parameters<typeof image>[2]) => image(service, data, request),
    thumbnail: (data: PublicPost, host?: string | null) => thumbnail(service, data, host),
    prewarm: prewarmer(service),
    mainPng: (data: PublicPost, host?: string | null) => mainPng(service, data, host),
    carouselZip: (data: PublicPost, host?: string | null) => carouselZip(service, data, host),
  }
}
