import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  deleteMediaFiles,
  detectImageKind,
  ImageRejectedError,
  isUserUploadKey,
  processImage,
  storeHomeImage,
} from './images.server'
import { createDiskStorage, type Storage } from '~/integrations/storage/storage.server'

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') => {
  const corner = `<svg width="${width}" height="${height}"><rect width="${width / 4}" height="${height / 4}" fill="#fff"/></svg>`
  const image = sharp({ create: { width, height, channels: 3, background: '#b85c38' } })
  return image
    .composite([{ input: Buffer.from(corner) }])
    .toFormat(format)
    .toBuffer()
}

let dir = ''
let storage: Storage
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-images-'))
  storage = createDiskStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

test('knows images by their first bytes, not their names', async () => {
  expect(detectImageKind(await photo(10, 10, 'jpeg'))).toBe('jpeg')
  expect(detectImageKind(await photo(10, 10, 'png'))).toBe('png')
  expect(detectImageKind(await photo(10, 10, 'webp'))).toBe('webp')
  expect(detectImageKind(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ'))).toBeNull()
  expect(detectImageKind(new Uint8Array())).toBeNull()
})

test('turns the photo upright and strips EXIF, GPS included', async () => {
  // Stored sideways (300×200) with orientation 6 = "turn 90° to show": upright it is 200×300.
  const sideways = await sharp(await photo(300, 200))
    .withExif({ IFD0: { Make: 'Celular' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
  expect((await sharp(sideways).metadata()).exif).toBeDefined()

  const out = await processImage(sideways, 'sala.jpg')
  expect([out.width, out.height]).toEqual([200, 300])
  for (const bytes of [out.original.bytes, out.w400, out.w1080]) {
    const meta = await sharp(bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(meta.height).toBeGreaterThan(meta.width!)
  }
})

test('caps the longest side at 2560 px and makes 400 and 1080 px WebP derivatives', async () => {
  const out = await processImage(await photo(4000, 3000), 'fachada.jpg')
  expect([out.width, out.height]).toEqual([2560, 1920])
  expect(out.original.contentType).toBe('image/jpeg')
  const small = await sharp(out.w400).metadata()
  const large = await sharp(out.w1080).metadata()
  expect([small.format, small.width, small.height]).toEqual(['webp', 400, 300])
  expect([large.format, large.width, large.height]).toEqual(['webp', 1080, 810])
})

test('never enlarges a small photo', async () => {
  const out = await processImage(await photo(320, 240, 'webp'), 'mini.webp')
  expect([out.width, out.height]).toEqual([320, 240])
  expect((await sharp(out.w1080).metadata()).width).toBe(320)
})

test('keeps PNG transparency (a logo or a floor plan) as PNG', async () => {
  const transparent = await sharp({
    create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer()
  const out = await processImage(transparent, 'logo.png')
  expect(out.original.contentType).toBe('image/png')
})

test('refuses, in Portuguese and naming the file, what is not a photo', async () => {
  const reject = (bytes: Uint8Array, name: string) =>
    processImage(bytes, name).then(
      () => null,
      (e: unknown) => (e instanceof ImageRejectedError ? e.message : String(e)),
    )
  expect(await reject(new TextEncoder().encode('%PDF-1.7 ...'), 'planta.jpg')).toBe(
    'O arquivo "planta.jpg" não é uma imagem (envie JPEG, PNG, WebP ou AVIF).',
  )
  expect(await reject(new Uint8Array(), 'vazio.png')).toBe('O arquivo "vazio.png" está vazio.')
  const truncated = (await photo(200, 200)).subarray(0, 60)
  expect(await reject(truncated, 'cortada.jpg')).toMatch(/"cortada.jpg".*corrompido/)
})

test('stores original and derivatives under the user prefix with an unguessable id', async () => {
  const item = await storeHomeImage(
    storage,
    'user-1',
    {
      name: 'C:\\fotos\\varanda.jpg',
      bytes: await photo(1600, 1200),
    },
    { caption: 'Varanda gourmet', featured: true },
  )
  expect(item).toMatchObject({ name: 'varanda.jpg', caption: 'Varanda gourmet', featured: true })
  expect(item.variants!.original).toMatch(/^users\/user-1\/homes\/photos\/[0-9a-f]{32}\/original\.jpg$/)
  expect(item.url).toBe(`/uploads/${item.variants!.original}`)
  expect(isUserUploadKey('user-1', item.variants!.w400!)).toBe(true)
  expect(isUserUploadKey('user-2', item.variants!.w400!)).toBe(false)
  expect(await storage.get(item.variants!.w1080!)).not.toBeNull()

  await deleteMediaFiles(storage, item)
  expect(await storage.get(item.variants!.original)).toBeNull()
  expect(await storage.get(item.variants!.w400!)).toBeNull()
})
