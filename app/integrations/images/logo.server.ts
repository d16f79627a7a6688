// The account's logo and profile photo, through the same sharp pipeline as property photos
// (images.server.ts: size and type checks, upright, metadata stripped). A logo on a flat
// background colour (JPEG, or PNG without transparency) gets that background made transparent;
// the colours the editor suggests come from what is left (domain/logo-pixels.ts).
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { clearBackground, flatBackground, suggestColours } from '~/domain/logo-pixels'
import type { Storage } from '~/integrations/storage/storage.server'
import { detectImageKind, IMAGE_LIMITS, ImageRejectedError, userUploadsPrefix } from './images.server'

export type ProcessedLogo = {
  png: Buffer
  /** The flat background was made transparent. */
  backgroundRemoved: boolean
  suggestion: { primary: string; accent: string | null } | null
}

const LOGO_SIDE = 800
const AVATAR_SIDE = 256

function checked(bytes: Uint8Array, fileName: string) {
  const name = `"${fileName || 'sem nome'}"`
  if (bytes.length === 0) throw new ImageRejectedError(fileName, `O arquivo ${name} está vazio.`)
  if (bytes.length > IMAGE_LIMITS.maxBytes)
    throw new ImageRejectedError(fileName, `O arquivo ${name} tem mais de ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`)
  const kind = detectImageKind(bytes)
  if (!kind || kind === 'heic' || kind === 'gif')
    throw new ImageRejectedError(fileName, `O arquivo ${name} não é uma imagem (envie PNG, JPEG ou WebP).`)
  return { kind, input: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name }
}

export async function processLogo(bytes: Uint8Array, fileName: string): Promise<ProcessedLogo> {
  const { kind, input, name } = checked(bytes, fileName)
  try {
    const { data, info } = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    }
    const background = kind === 'png' || kind === 'jpeg' ? flatBackground(pixels) : null
    const backgroundRemoved = background ? clearBackground(pixels, background) > 0 : false
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .trim({ threshold: 1 })
      .png({ compressionLevel: 9 })
      .toBuffer()
      .catch(() =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
          .png()
          .toBuffer(),
      )
    return { png, backgroundRemoved, suggestion: suggestColours(pixels) }
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error
    throw new ImageRejectedError(fileName, `Não foi possível ler a imagem ${name}.`, { cause: error })
  }
}

/** A square JPEG of the face, 256 px. */
export async function processAvatar(bytes: Uint8Array, fileName: string): Promise<Buffer> {
  const { input, name } = checked(bytes, fileName)
  try {
    return await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer()
  } catch (error) {
    throw new ImageRejectedError(fileName, `Não foi possível ler a imagem ${name}.`, { cause: error })
  }
}

/** Stores an account image under the user's prefix with a fresh name; its URL. */
export async function storeAccountImage(
  storage: Storage,
  userId: string,
  folder: 'brand' | 'avatar',
  bytes: Buffer,
  ext: 'png' | 'jpg',
): Promise<string> {
  const key = `${userUploadsPrefix(userId)}${folder}/${randomBytes(12).toString('hex')}.${ext}`
  await storage.put(key, bytes, ext === 'png' ? 'image/png' : 'image/jpeg')
  return storage.url(key)
}
