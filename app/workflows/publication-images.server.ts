// The images a publication sends out: the post's chosen items (stored media or rendered slides)
// in the chosen order, as JPEGs cropped or fitted to the chosen ratio; and the signed,
// short-lived address Meta downloads each of them from.
import { createHmac, timingSafeEqual } from 'node:crypto'
import sharp from 'sharp'
import { carouselEntries, type CarouselEntry } from '~/domain/post-content'
import type { PreparedImage } from '~/domain/publishing-rules'
import { RATIO_VALUES, type ImageFit, type PublishRatio } from '~/domain/scheduling'
import type { Database } from '~/utils/db.server'
import { loadOwnPost, type PostImages, type PublicPost } from './post-images.server'

export type ImageChoice = { slides: number[]; ratio: PublishRatio; fit: ImageFit }

/** The items a post can publish, in the order of its carousel download. */
export function publishableItems(data: PublicPost): CarouselEntry[] {
  return carouselEntries(data.content)
}

async function entryBytes(postImages: PostImages, data: PublicPost, entry: CarouselEntry): Promise<Uint8Array> {
  const slide = entry.kind === 'media' ? null : entry.index < 0 ? null : entry.index
  const result = await postImages.image(data, { slide, format: 'jpeg' })
  if (result.kind === 'bytes') return result.body
  if (result.kind === 'redirect') {
    const response = await fetch(result.url, { signal: AbortSignal.timeout(30_000) })
    if (!response.ok) throw new Error(`image ${result.url}: HTTP ${response.status}`)
    return new Uint8Array(await response.arrayBuffer())
  }
  throw new Error('image not found')
}

/** Re-encodes as JPEG, cropped (cover) or fitted on white (contain) to the ratio. */
export async function toPublishedJpeg(bytes: Uint8Array, ratio: PublishRatio, fit: ImageFit): Promise<Buffer> {
  const image = sharp(bytes).rotate().flatten({ background: '#ffffff' })
  if (ratio !== 'original') {
    const meta = await sharp(bytes).metadata()
    const width = Math.min(1440, meta.width ?? 1080)
    const height = Math.round(width / RATIO_VALUES[ratio])
    image.resize(width, height, { fit, background: '#ffffff', position: 'attention' })
  }
  return image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
}

export type RenderedImage = { bytes: Buffer; facts: PreparedImage }

/** The publication's JPEGs; null when the post is gone or not the owner's. */
export async function renderPublicationImages(
  db: Database,
  postImages: PostImages,
  input: { userId: string; postId: number } & ImageChoice,
): Promise<RenderedImage[] | null> {
  const data = await loadOwnPost(db, input.userId, input.postId)
  if (!data || data.post.user_id !== input.userId || data.post.generating) return null
  const items = publishableItems(data)
  const chosen = input.slides.map((i) => items[i]).filter((entry): entry is CarouselEntry => !!entry)
  const images: RenderedImage[] = []
  for (const entry of chosen) {
    const bytes = await toPublishedJpeg(await entryBytes(postImages, data, entry), input.ratio, input.fit)
    const meta = await sharp(bytes).metadata()
    images.push({
      bytes,
      facts: { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '', bytes: bytes.byteLength },
    })
  }
  return images
}

// ------------------------------------------------------------------ the address Meta fetches

/** A Reel's two files (ADR 263): fetched by Meta from the publication's signed address too. */
export type ReelFile = 'video.mp4' | 'capa.jpg'

const signatureOf = (key: string, publicationId: number, index: number | ReelFile, expires: number) =>
  createHmac('sha256', `publication-media:${key}`).update(`${publicationId}/${index}/${expires}`).digest('base64url')

/**
 * THE one place a publication image's public address is made (Meta downloads it while the
 * container is made): absolute, signed, valid for an hour.
 */
export function publicationImageUrl(
  appUrl: string,
  key: string,
  publicationId: number,
  index: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + 3600
  const url = new URL(`/agendar-posts/midia/${publicationId}/${index}.jpg`, appUrl)
  url.searchParams.set('expires', String(expires))
  url.searchParams.set('signature', signatureOf(key, publicationId, index, expires))
  return url.toString()
}

/** A Reel's MP4 or cover, signed like the images, valid for a day (Meta may fetch a video late). */
export function publicationMediaUrl(
  appUrl: string,
  key: string,
  publicationId: number,
  file: ReelFile,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + 24 * 3600
  const url = new URL(`/agendar-posts/midia/${publicationId}/${file}`, appUrl)
  url.searchParams.set('expires', String(expires))
  url.searchParams.set('signature', signatureOf(key, publicationId, file, expires))
  return url.toString()
}

export function validImageSignature(
  key: string,
  publicationId: number,
  index: number | ReelFile,
  url: URL,
  now = Date.now(),
) {
  const expires = Number(url.searchParams.get('expires'))
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false
  const expected = Buffer.from(signatureOf(key, publicationId, index, expires))
  const given = Buffer.from(url.searchParams.get('signature') ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
