// Photo work for /ambientes with sharp, offline: enhancement (straighten, white balance, auto
// level, brightness, sharpen) that keeps the picture's size, the offline style simulation of
// virtual staging, and the visible "Imagem ilustrativa" mark burned into every AI-altered
// picture. Each step works on raw pixels so the order is the one written here (sharp reorders
// operations inside one pipeline). See ADR 092.
import { createElement } from 'react'
import sharp, { type Sharp } from 'sharp'
import { ILLUSTRATIVE_MARK, straightenCrop, type EnhanceOptions, type RoomStyle } from '~/domain/room-styles'
import { renderElement } from '~/integrations/render/render.server'

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }
export type EncodedImage = { bytes: Buffer; width: number; height: number; contentType: 'image/jpeg' }

const LIMITS = { limitInputPixels: 100_000_000, failOn: 'error' as const }

async function decode(input: Uint8Array): Promise<Raw> {
  const { data, info } = await sharp(input, LIMITS)
    .autoOrient()
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

const load = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })

async function step(raw: Raw, apply: (image: Sharp) => Sharp): Promise<Raw> {
  const { data, info } = await apply(load(raw)).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

async function encode(raw: Raw): Promise<EncodedImage> {
  const bytes = await load(raw).removeAlpha().jpeg({ quality: 88, mozjpeg: true }).toBuffer()
  return { bytes, width: raw.width, height: raw.height, contentType: 'image/jpeg' }
}

/** Turns the picture and crops back to its own size, so no empty corners show. */
async function straighten(raw: Raw, degrees: number): Promise<Raw> {
  const crop = straightenCrop(raw.width, raw.height, degrees)
  const rotated = await step(raw, (image) => image.rotate(degrees, { background: '#000000' }))
  return step(rotated, (image) =>
    image
      .extract({
        left: Math.min(crop.left, rotated.width - crop.width),
        top: Math.min(crop.top, rotated.height - crop.height),
        width: Math.min(crop.width, rotated.width),
        height: Math.min(crop.height, rotated.height),
      })
      .resize(raw.width, raw.height, { fit: 'fill' }),
  )
}

/**
 * Grey world, halfway: scales the channels towards equal averages. Full grey world turns a room
 * with warm walls blue, so the correction is the square root of the gains, and bounded.
 */
async function whiteBalance(raw: Raw): Promise<Raw> {
  const stats = await load(raw).stats()
  const means = stats.channels.slice(0, 3).map((channel) => Math.max(channel.mean, 1))
  const grey = means.reduce((sum, mean) => sum + mean, 0) / means.length
  const gains = means.map((mean) => Math.min(1.2, Math.max(0.85, Math.sqrt(grey / mean))))
  return step(raw, (image) => image.linear(gains, [0, 0, 0]))
}

export async function enhancePhoto(input: Uint8Array, options: EnhanceOptions): Promise<EncodedImage> {
  let raw = await decode(input)
  if (options.straighten) raw = await straighten(raw, options.straighten)
  if (options.white_balance) raw = await whiteBalance(raw)
  if (options.auto_level) raw = await step(raw, (image) => image.normalise({ lower: 1, upper: 99 }))
  if (options.brightness) raw = await step(raw, (image) => image.modulate({ brightness: 1 + options.brightness / 100 }))
  if (options.sharpen) raw = await step(raw, (image) => image.sharpen({ sigma: 1.2, m1: 0.8, m2: 2.5 }))
  return encode(raw)
}

/** Colour grading per style: the offline stand-in for an image model's redecoration. */
const STYLE_GRADES: Record<RoomStyle, { brightness: number; saturation: number; gains: number[]; offset: number }> = {
  moderno: { brightness: 1.02, saturation: 0.85, gains: [0.98, 1.0, 1.08], offset: -6 },
  escandinavo: { brightness: 1.12, saturation: 0.7, gains: [1.03, 1.02, 0.98], offset: 8 },
  industrial: { brightness: 0.9, saturation: 0.55, gains: [1.08, 1.0, 0.9], offset: -10 },
  classico: { brightness: 1.0, saturation: 1.05, gains: [1.08, 1.0, 0.88], offset: 0 },
  boho: { brightness: 1.04, saturation: 1.2, gains: [1.1, 1.02, 0.86], offset: 2 },
  minimalista: { brightness: 1.1, saturation: 0.45, gains: [1.0, 1.0, 1.02], offset: 10 },
}

export async function simulateStyle(input: Uint8Array, style: RoomStyle): Promise<Buffer> {
  const grade = STYLE_GRADES[style]
  let raw = await decode(input)
  raw = await step(raw, (image) => image.modulate({ brightness: grade.brightness, saturation: grade.saturation }))
  raw = await step(raw, (image) =>
    image.linear(
      grade.gains,
      grade.gains.map(() => grade.offset),
    ),
  )
  return (await encode(raw)).bytes
}

/** The badge: dark pill with white words, drawn by Satori as paths (no system fonts needed). */
async function markPng(imageWidth: number): Promise<{ png: Buffer; width: number; height: number }> {
  const height = Math.max(28, Math.round(imageWidth * 0.045))
  const fontSize = Math.round(height * 0.5)
  const width = Math.round(fontSize * 0.62 * ILLUSTRATIVE_MARK.length + height)
  const element = createElement(
    'div',
    {
      style: {
        width,
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: height / 2,
        backgroundColor: 'rgba(15, 23, 42, 0.82)',
        color: '#ffffff',
        fontFamily: 'Inter',
        fontWeight: 700,
        fontSize,
        letterSpacing: 0.5,
      },
    },
    ILLUSTRATIVE_MARK,
  )
  return { png: await renderElement({ element, size: { width, height } }, { format: 'png' }), width, height }
}

/**
 * Burns "Imagem ilustrativa" into the picture's lower-left corner and fits it to `size` (the
 * original's size: a provider may answer with another). Returns a JPEG.
 */
export async function markIllustrative(
  input: Uint8Array,
  size?: { width: number; height: number },
): Promise<EncodedImage> {
  let raw = await decode(input)
  if (size && (raw.width !== size.width || raw.height !== size.height))
    raw = await step(raw, (image) => image.resize(size.width, size.height, { fit: 'cover' }))
  const mark = await markPng(Math.min(raw.width, raw.height * 1.6))
  const margin = Math.round(mark.height * 0.6)
  const left = Math.max(0, Math.min(margin, raw.width - mark.width))
  const top = Math.max(0, raw.height - mark.height - margin)
  const badge = await sharp(mark.png)
    .resize({ width: Math.min(mark.width, raw.width), height: Math.min(mark.height, raw.height), fit: 'inside' })
    .png()
    .toBuffer()
  raw = await step(raw, (image) => image.composite([{ input: badge, left, top }]))
  return encode(raw)
}

/** Where the mark sits (for tests and for the page's caption). */
export function markBox(width: number, height: number) {
  const markHeight = Math.max(28, Math.round(Math.min(width, height * 1.6) * 0.045))
  const margin = Math.round(markHeight * 0.6)
  return { left: margin, top: height - markHeight - margin, height: markHeight }
}
