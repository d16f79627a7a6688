// Photos and floor plans: checked by content (magic bytes), turned upright (EXIF orientation),
// stripped of metadata (GPS!), capped at 2560 px on the longest side, and stored with two WebP
// derivatives (400 and 1080 px) for the pages. The normalised original stays JPEG or PNG, the
// formats sharp reads before the post renderer (Takumi) draws them. See ADR 022.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { keysOf, type MediaItem } from '~/domain/media'
import type { Storage } from '~/integrations/storage/storage.server'
import { isTemporaryKey, permanentKeyOf, temporaryKey } from '~/integrations/storage/temporary-uploads.server'

export const IMAGE_LIMITS = {
  /** Longest side of the kept original. */
  maxSide: 2560,
  /** Per file, before processing: phones write 3–12 MB; this leaves room for a DSLR JPEG. */
  maxBytes: 25 * 1024 * 1024,
  /** Decoding bomb guard: 100 megapixels. */
  maxInputPixels: 100_000_000,
  sizes: [400, 1080] as const,
}

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'heic'

/** What the first bytes say the file is, whatever its name claims. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const b = bytes
  const ascii = (start: number, end: number) => String.fromCharCode(...b.subarray(start, Math.min(end, b.length)))
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    ascii(1, 4) === 'PNG' &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png'
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif'
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12)
    if (brand === 'avif' || brand === 'avis') return 'avif'
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic'
  }
  return null
}

/** A file the agent sent that cannot be a photo; the message is pt-BR and names the file. */
export class ImageRejectedError extends Error {
  constructor(
    readonly fileName: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'ImageRejectedError'
  }
}

export type ProcessedImage = {
  original: { bytes: Buffer; contentType: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' }
  w400: Buffer
  w800: Buffer
  w1080: Buffer
  width: number
  height: number
}

const quoted = (name: string) => `"${name || 'sem nome'}"`

export async function processImage(bytes: Uint8Array, fileName: string): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ImageRejectedError(fileName, `O arquivo ${quoted(fileName)} está vazio.`)
  if (bytes.length > IMAGE_LIMITS.maxBytes)
    throw new ImageRejectedError(
      fileName,
      `O arquivo ${quoted(fileName)} tem mais de ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`,
    )
  const kind = detectImageKind(bytes)
  if (!kind)
    throw new ImageRejectedError(
      fileName,
      `O arquivo ${quoted(fileName)} não é uma imagem (envie JPEG, PNG, WebP ou AVIF).`,
    )

  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const options = { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' as const }
    // Upright first, then cap the size; sharp writes no metadata unless asked to, so EXIF
    // (GPS, camera serial) and XMP are gone from every output.
    const { data: upright, info } = await sharp(input, options)
      .autoOrient()
      .resize({
        width: IMAGE_LIMITS.maxSide,
        height: IMAGE_LIMITS.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
    const hasAlpha = info.channels === 4 && (await sharp(upright, raw).stats()).isOpaque === false

    const original = hasAlpha
      ? {
          bytes: await sharp(upright, raw).png({ compressionLevel: 9 }).toBuffer(),
          contentType: 'image/png' as const,
          ext: 'png' as const,
        }
      : {
          bytes: await sharp(upright, raw).removeAlpha().jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
          contentType: 'image/jpeg' as const,
          ext: 'jpg' as const,
        }
    const derivative = (side: number, quality: number, effort: number) =>
      sharp(upright, raw)
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality, effort })
        .toBuffer()
    // The 400 px one fills list cards (≈ 300 CSS px): q55 keeps a page of 12 within budget.
    // The 800 px one is what a phone's listing page picks (a 390 px screen at 2×).
    const [w400, w800, w1080] = await Promise.all([
      derivative(400, 55, 6),
      derivative(800, 70, 5),
      derivative(1080, 78, 5),
    ])
    return { original, w400, w800, w1080, width: info.width, height: info.height }
  } catch (error) {
    if (kind === 'heic')
      throw new ImageRejectedError(
        fileName,
        `O arquivo ${quoted(fileName)} está em HEIC; exporte a foto como JPEG e envie de novo.`,
        { cause: error },
      )
    throw new ImageRejectedError(
      fileName,
      `Não foi possível ler a imagem ${quoted(fileName)}; o arquivo parece corrompido.`,
      { cause: error },
    )
  }
}

/** Storage key prefix of everything one user uploads; the /uploads route checks it (ADR 021). */
export const userUploadsPrefix = (userId: string) => `users/${userId}/`

/** True when a key belongs to this user's saved uploads (what a saved row may point at). */
export function isUserUploadKey(userId: string, key: string): boolean {
  return key.startsWith(userUploadsPrefix(userId)) && !key.includes('..')
}

/** This user's file waiting for its form to be saved (tmp/users/<id>/…, ADR 070). */
export function isUserTemporaryKey(userId: string, key: string): boolean {
  return isTemporaryKey(key) && isUserUploadKey(userId, permanentKeyOf(key))
}

/** Saved or waiting: the keys a form round trip may carry back for this user. */
export const isOwnUploadKey = (userId: string, key: string) =>
  isUserUploadKey(userId, key) || isUserTemporaryKey(userId, key)

/** Processes one file and stores original + derivatives; returns the gallery item. */
export async function storeHomeImage(
  storage: Storage,
  userId: string,
  file: { name: string; bytes: Uint8Array },
  options: {
    caption?: string | null
    featured?: boolean
    folder?: 'photos' | 'plans' | 'logos'
    /** Under tmp/ until the form that sent it is saved (ADR 070). */
    temporary?: boolean
  } = {},
): Promise<MediaItem> {
  return storeProcessedImage(storage, userId, file.name, await processImage(file.bytes, file.name), options)
}

/** Stores an image processed already (the trial's sample photos, processed once, ADR 269). */
export async function storeProcessedImage(
  storage: Storage,
  userId: string,
  name: string,
  processed: ProcessedImage,
  options: Parameters<typeof storeHomeImage>[3] = {},
): Promise<MediaItem> {
  const id = randomBytes(16).toString('hex')
  const saved = `${userUploadsPrefix(userId)}homes/${options.folder ?? 'photos'}/${id}`
  const base = options.temporary ? temporaryKey(saved) : saved
  const keys = {
    original: `${base}/original.${processed.original.ext}`,
    w400: `${base}/w400.webp`,
    w800: `${base}/w800.webp`,
    w1080: `${base}/w1080.webp`,
  }
  await Promise.all([
    storage.put(keys.original, processed.original.bytes, processed.original.contentType),
    storage.put(keys.w400, processed.w400, 'image/webp'),
    storage.put(keys.w800, processed.w800, 'image/webp'),
    storage.put(keys.w1080, processed.w1080, 'image/webp'),
  ])
  return {
    name: cleanFileName(name),
    url: storage.url(keys.original),
    caption: options.caption ?? null,
    featured: options.featured ?? false,
    variants: keys,
    width: processed.width,
    height: processed.height,
  }
}

/** Removes every stored file of a media item (original and derivatives). */
export async function deleteMediaFiles(storage: Storage, item: MediaItem): Promise<void> {
  await Promise.all(keysOf(item).map((key) => storage.delete(key)))
}

/** The file name as a person sees it: no folders, no control characters, at most 120 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '')
  return printable.trim().slice(0, 120) || 'foto'
}
