// Post images end to end below the HTTP layer: a real database (PGlite or TEST_DATABASE_URL),
// files on disk through the app's storage, photos drawn in code and stored by the upload
// pipeline, the built-in renderer, and a local HTTP server standing in for SCREENSHOT_URL.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import JSZip from 'jszip'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { authBackendContext, dbContext, postImagesContext } from '../../app/context'
import { loader as postImage } from '../../app/routes/posts/image'
import type { AuthBackend } from '../../app/utils/auth.server'
import { floorPlan, roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { homes, posts, users, type MediaItem, type Slide } from '../../db/schema'
import { PRICE_BAND, priceBandTop } from '../../app/components/post/cover'
import { makeSlide } from '../../app/domain/slides'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import { createLogger } from '../../app/utils/logger.server'
import {
  THUMBNAIL_WIDTH,
  createPostImages,
  loadPublicPost,
  pageImageSources,
  thumbnailEtag,
} from '../../app/workflows/post-images.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { hasValidSignature } from '../../app/integrations/storage/upload-links.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createTestDatabase } from '../setup/db'
import { jardinsApartment } from '../support/sample-home'

const PRIMARY = '#0B6E4F'
const SECONDARY = '#F2C14E'

let handle: DatabaseHandle
let dir: string
let storage: Storage
let ownerId: string
let gallery: MediaItem[]
let plans: MediaItem[]
let homeId: number
const logLines: string[] = []
const logger = {
  ...createLogger('silent'),
  error: (msg: string, fields?: Record<string, unknown>) => void logLines.push(`${msg} ${JSON.stringify(fields)}`),
}

async function insertPost(values: {
  slides: Slide[]
  media?: string | null
  format?: string
  home?: number | null
  user?: string
}) {
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: values.user ?? ownerId,
      home_id: values.home === undefined ? homeId : values.home,
      template: 'carrossel-venda',
      format: values.format ?? 'carousel',
      type: 'carousel',
      description: 'Apartamento à venda no Jardins.\nAgende sua visita!',
      media: values.media ?? null,
      meta: { slides: values.slides },
      generated_at: new Date(),
    })
    .returning()
  return post!
}

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b]
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`

async function pixel(png: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return hex(data[i]!, data[i + 1]!, data[i + 2]!)
}

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-post-images-'))
  storage = createDiskStorage(dir)
  ownerId = randomUUID()
  await handle.db.insert(users).values({
    id: ownerId,
    email: `ana-${ownerId}@example.com`,
    full_name: 'Ana Souza',
    phone: '(11) 98765-4321',
    role: 'user',
  })
  gallery = []
  for (const [n, scene] of (['facade', 'living', 'kitchen', 'bedroom'] as const).entries())
    gallery.push(
      await storeHomeImage(
        storage,
        ownerId,
        { name: `${scene}.jpg`, bytes: await roomPhoto(scene, n) },
        { featured: n === 0 },
      ),
    )
  plans = [
    await storeHomeImage(storage, ownerId, { name: 'planta.png', bytes: await floorPlan(1) }, { folder: 'plans' }),
  ]
  const [home] = await handle.db
    .insert(homes)
    .values(
      jardinsApartment(ownerId, {
        gallery,
        floor_plans: plans,
        theme: { primary_color: PRIMARY, secondary_color: SECONDARY, font: 'Playfair Display' },
      }),
    )
    .returning()
  homeId = home!.id
}, 120_000)

afterAll(async () => {
  await handle?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('rendered slides', () => {
  test('a cover is a 1080×1350 PNG, not blank, with the property’s primary colour in the price band', async () => {
    const post = await insertPost({ slides: [makeSlide('c', 'cover', { image: gallery[0]!.url, caption: 'À venda' })] })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const service = createPostImages({ storage, logger })
    const result = await service.image(data, { slide: 0 })
    expect(result.kind).toBe('bytes')
    if (result.kind !== 'bytes') return
    expect(result.contentType).toBe('image/png')
    const meta = await sharp(result.body).metadata()
    expect(meta.format).toBe('png')
    expect([meta.width, meta.height]).toEqual([1080, 1350])
    // Not blank: the photo makes every channel vary a lot.
    const stats = await sharp(result.body).stats()
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20)
    // The price band: its top-right corner is the theme's primary colour, exactly.
    const top = priceBandTop({ width: 1080, height: 1350 })
    expect(await pixel(result.body, 1060, top + 8)).toBe(PRIMARY)
    expect(await pixel(result.body, 540, top + PRICE_BAND - 6)).toBe(PRIMARY)
    // And the accent bar at its left edge is the secondary colour.
    expect(await pixel(result.body, 6, top + 100)).toBe(SECONDARY)
    // A phone downloads it quickly: a photo slide stays under 800 KB.
    expect(result.body.byteLength).toBeLessThanOrEqual(800 * 1024)
  })

  test('every layout renders at every format without throwing, and the JPEG variant decodes', async () => {
    const slides = [
      makeSlide('a', 'cover', {
        title: 'Um título bem longo que precisa quebrar em várias linhas e ainda caber no espaço do slide sem sair',
        image: gallery[0]!.url,
      }),
      makeSlide('b', 'photo', { image: gallery[1]!.url, caption: 'Sala integrada' }),
      makeSlide('c', 'photo-grid', { image: gallery[2]!.url, title: 'Tour' }),
      makeSlide('d', 'features', {}),
      makeSlide('e', 'floor-plan', { image: plans[0]!.url, caption: 'Planta de 120 m²' }),
      makeSlide('f', 'text', {
        title: 'Conheça mais sobre o nosso produto',
        button: 'Saiba mais',
        description: 'Texto '.repeat(120),
      }),
      makeSlide('g', 'closing', { showAvatar: true, button: 'Quero visitar' }),
      { ...makeSlide('h', 'text', { title: 'Cai no texto' }), type: 'unknown-layout' },
    ]
    const service = createPostImages({ storage, logger })
    for (const [format, size] of [
      ['feed', [1080, 1080]],
      ['portrait', [1080, 1350]],
      ['story', [1080, 1920]],
    ] as const) {
      const post = await insertPost({ slides, format })
      const data = (await loadPublicPost(handle.db, post.public_id))!
      for (let i = 0; i < slides.length; i++) {
        const png = await service.image(data, { slide: i })
        if (png.kind !== 'bytes') throw new Error('no image')
        const meta = await sharp(png.body).metadata()
        expect([meta.width, meta.height], `${format} slide ${i}`).toEqual(size)
      }
      const jpeg = await service.image(data, { slide: 0, format: 'jpeg' })
      if (jpeg.kind !== 'bytes') throw new Error('no image')
      expect(jpeg.contentType).toBe('image/jpeg')
      const meta = await sharp(jpeg.body).metadata()
      expect(meta.format).toBe('jpeg')
      expect([meta.width, meta.height]).toEqual(size)
    }
  })
})

/** Compression method of every entry, read from the zip's local file headers. */
function zipMethods(bytes: Buffer): number[] {
  const methods: number[] = []
  for (let i = 0; i + 30 <= bytes.length; i++) {
    if (bytes.readUInt32LE(i) === 0x04034b50) {
      methods.push(bytes.readUInt16LE(i + 8))
      const nameLength = bytes.readUInt16LE(i + 26)
      i += 29 + nameLength
    }
  }
  return methods
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe('the history thumbnail', () => {
  test('is the rendered cover (price band and all) as a small JPEG, made once per post version', async () => {
    const post = await insertPost({ slides: [makeSlide('c', 'cover', { image: gallery[0]!.url, caption: 'À venda' })] })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const service = createPostImages({ storage, logger })
    const result = await service.thumbnail(data)
    expect(result.kind).toBe('bytes')
    if (result.kind !== 'bytes') return
    expect(result.contentType).toBe('image/jpeg')
    const meta = await sharp(result.body).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', THUMBNAIL_WIDTH, 300])
    // The price band of the drawn cover, not the photo: the theme's primary colour near its bottom.
    const top = (priceBandTop({ width: 1080, height: 1350 }) * THUMBNAIL_WIDTH) / 1080
    const [r, g, b] = [
      parseInt(PRIMARY.slice(1, 3), 16),
      parseInt(PRIMARY.slice(3, 5), 16),
      parseInt(PRIMARY.slice(5), 16),
    ]
    const { data: raw, info } = await sharp(result.body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const at = (Math.round(top + 6) * info.width + (THUMBNAIL_WIDTH - 6)) * 3
    expect(Math.abs(raw[at]! - r) + Math.abs(raw[at + 1]! - g) + Math.abs(raw[at + 2]! - b)).toBeLessThan(40)
    // The next page view gets the same bytes from the cache, not a new render.
    const again = await service.thumbnail(data)
    expect(again.kind === 'bytes' && again.body).toBe(result.body)
    expect(again.kind === 'bytes' && again.etag).toBe(thumbnailEtag(data.version))
  })

  test('a thumbnail that cannot be drawn answers 404 and says why in the log', async () => {
    const post = await insertPost({
      slides: [makeSlide('c', 'cover', {})],
      media: `/uploads/users/${ownerId}/posts/sumiu.png`,
    })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    logLines.length = 0
    expect((await createPostImages({ storage, logger }).thumbnail(data)).kind).toBe('not-found')
    expect(logLines).toEqual([expect.stringContaining('post thumbnail not drawn; answered 404')])
  })
})

describe('Carousel.zip', () => {
  test('main image + 4 slides, the 2nd hidden: exactly slide-1..4.png, each a valid 1080×1350 PNG, stored', async () => {
    // The post's main image, stored like any upload of its owner.
    const mainKey = `users/${ownerId}/posts/main.png`
    const main = await sharp(await roomPhoto('pool', 7))
      .resize(1080, 1350)
      .png()
      .toBuffer()
    await storage.put(mainKey, main, 'image/png')
    const slides = [
      makeSlide('s1', 'photo', { image: gallery[1]!.url, caption: 'Sala' }),
      makeSlide('s2', 'photo', { image: gallery[2]!.url, caption: 'Escondido', hide: true }),
      makeSlide('s3', 'features', { title: 'Destaques' }),
      makeSlide('s4', 'closing', { showAvatar: true }),
    ]
    const post = await insertPost({ slides, media: `/uploads/${mainKey}` })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const { stream, files } = await createPostImages({ storage, logger }).carouselZip(data)
    const bytes = await readStream(stream)
    expect(files).toEqual(['slide-1.png', 'slide-2.png', 'slide-3.png', 'slide-4.png'])
    const zip = await JSZip.loadAsync(bytes)
    expect(Object.keys(zip.files).sort()).toEqual(['slide-1.png', 'slide-2.png', 'slide-3.png', 'slide-4.png'])
    for (const name of Object.keys(zip.files)) {
      const png = await zip.file(name)!.async('nodebuffer')
      const meta = await sharp(png).metadata()
      expect(meta.format, name).toBe('png')
      expect([meta.width, meta.height], name).toEqual([1080, 1350])
    }
    // slide-1 is the stored main image itself; slide-2 is the first visible slide (a photo).
    expect(Buffer.compare(await zip.file('slide-1.png')!.async('nodebuffer'), main)).toBe(0)
    // PNGs are stored, not deflated again.
    expect(zipMethods(bytes)).toEqual([0, 0, 0, 0])
    // Entries carry the post's real date (this year), not 1980 or 2098 (ADR 152).
    for (const name of Object.keys(zip.files))
      expect(zip.file(name)!.date.getUTCFullYear(), name).toBe(new Date(Date.now() - 3 * 3600_000).getUTCFullYear())
  })

  test('without stored media the first visible slide is the main image and is not repeated', async () => {
    const slides = [
      makeSlide('a', 'cover', { image: gallery[0]!.url }),
      makeSlide('b', 'text', { title: 'Oculto', hide: true }),
      makeSlide('c', 'closing', {}),
    ]
    const post = await insertPost({ slides })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const { stream, files } = await createPostImages({ storage, logger }).carouselZip(data)
    await readStream(stream)
    expect(files).toEqual(['slide-1.png', 'slide-2.png'])
  })

  test('opening the post page draws every file of the zip once in the background; never while generating, nor twice', async () => {
    const slides = [
      makeSlide('a', 'cover', { image: gallery[0]!.url }),
      makeSlide('b', 'photo', { image: gallery[2]!.url }),
      makeSlide('c', 'text', { title: 'Oculto', hide: true }),
      makeSlide('d', 'closing', {}),
    ]
    const post = await insertPost({ slides })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const service = createPostImages({ storage, logger })
    const [first, again] = await Promise.all([service.prewarm(data), service.prewarm(data)])
    const { stream, files } = await service.carouselZip(data)
    await readStream(stream)
    // Each file of the zip drawn once (the hidden slide is not in it), and not a second time.
    expect([first, again]).toEqual([files.length, 0])
    expect(files).toHaveLength(3)
    expect(await service.prewarm(data)).toBe(0)

    // A post still being generated has nothing final to draw.
    await handle.db.update(posts).set({ generating: true }).where(eq(posts.id, post.id))
    const generating = (await loadPublicPost(handle.db, post.public_id))!
    expect(await createPostImages({ storage, logger }).prewarm(generating)).toBe(0)
  })

  test('with SCREENSHOT_URL, images come from the service (staging flag, retries); a failing slide is logged and skipped', async () => {
    const seen: string[] = []
    const png = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: PRIMARY } })
      .png()
      .toBuffer()
    const server = http.createServer((req, res) => {
      seen.push(req.url!)
      if (req.url!.includes('slide=2')) {
        res.writeHead(500).end('boom')
        return
      }
      res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shots`
    try {
      const slides = [
        makeSlide('a', 'cover', {}),
        makeSlide('b', 'photo', { image: gallery[1]!.url }),
        makeSlide('c', 'text', { title: 'Falha no serviço' }),
        makeSlide('d', 'closing', {}),
      ]
      const post = await insertPost({ slides })
      const data = (await loadPublicPost(handle.db, post.public_id))!
      logLines.length = 0
      const service = createPostImages({ storage, logger, screenshotBase: base })
      const { stream, files } = await service.carouselZip(data, 'staging.vitrine.app')
      await readStream(stream)
      // slide index 2 failed: slide-3.png is missing, the others are there.
      expect(files).toEqual(['slide-1.png', 'slide-2.png', 'slide-4.png'])
      expect(logLines.some((line) => line.includes('carousel slide failed') && line.includes('slide-3.png'))).toBe(true)
      // The screenshot contract (ADR 043): path post/{id}, slide index, staging flag on a staging host; 3 attempts.
      expect(seen).toContain(`/shots/post/${post.public_id}?slide=1&staging=true`)
      expect(seen.filter((url) => url.includes('slide=2'))).toHaveLength(3)
      // A production host gets no staging flag.
      await createPostImages({ storage, logger, screenshotBase: base }).image(data, {
        slide: 3,
        host: 'app.vitrine.app',
      })
      expect(seen.at(-1)).toBe(`/shots/post/${post.public_id}?slide=3`)

      // The public image answer takes the host from the site's address, never from the request:
      // a forged staging Host neither asks the service for staging nor fills the shared cache.
      const context = new RouterContextProvider()
      context.set(dbContext, handle.db)
      context.set(postImagesContext, createPostImages({ storage, logger, screenshotBase: base }))
      context.set(authBackendContext, { siteUrl: 'https://app.vitrine.app' } as AuthBackend)
      const forged = new Request(`http://staging.forjado.example/imagens/post/${post.public_id}?slide=0`, {
        headers: { host: 'staging.forjado.example' },
      })
      const answer = await postImage({ request: forged, context, params: { postId: post.public_id } } as never)
      expect(answer.status).toBe(200)
      expect(seen.at(-1)).toBe(`/shots/post/${post.public_id}?slide=0`)
    } finally {
      server.close()
    }
  })
})

describe('public post data', () => {
  test('the version changes when the post changes; deleted posts are gone', async () => {
    const post = await insertPost({ slides: [makeSlide('a', 'text', { title: 'Olá' })] })
    const before = (await loadPublicPost(handle.db, post.public_id))!.version
    expect((await loadPublicPost(handle.db, post.public_id))!.version).toBe(before)
    await handle.db.update(posts).set({ description: 'Nova legenda' }).where(eq(posts.id, post.id))
    expect((await loadPublicPost(handle.db, post.public_id))!.version).not.toBe(before)
    await handle.db.update(posts).set({ deleted_at: new Date() }).where(eq(posts.id, post.id))
    expect(await loadPublicPost(handle.db, post.public_id)).toBeNull()
  })

  test('another user’s property or uploads never show on a post', async () => {
    const otherId = randomUUID()
    await handle.db.insert(users).values({ id: otherId, email: `outro-${otherId}@example.com`, role: 'user' })
    // A post of the other user pointing at Ana's property and at one of her photos.
    const post = await insertPost({
      user: otherId,
      slides: [makeSlide('a', 'photo', { image: gallery[1]!.url, caption: 'Não é meu' })],
    })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    expect(data.home).toBeNull()
    expect(data.content.home).toBeNull()
    expect(pageImageSources(data, 'segredo')).toEqual({})
    // The renderer does not read her file either (the slide is drawn without the photo).
    const read: string[] = []
    const spy: Storage = { ...storage, get: (key) => (read.push(key), storage.get(key)) }
    const result = await createPostImages({ storage: spy, logger }).image(data, { slide: 0 })
    expect(result.kind).toBe('bytes')
    expect(read).toEqual([])
  })

  test('page images are signed links of the 1080 px derivatives', async () => {
    const post = await insertPost({ slides: [makeSlide('a', 'cover', { image: gallery[0]!.url })] })
    const data = (await loadPublicPost(handle.db, post.public_id))!
    const sources = pageImageSources(data, 'segredo')
    const link = sources[gallery[0]!.url]!
    expect(link).toContain(gallery[0]!.variants!.w1080!)
    const url = new URL(link, 'http://x')
    expect(hasValidSignature('segredo', gallery[0]!.variants!.w1080!, url)).toBe(true)

    // A derivative that names another account's file is never signed, even beside an own original.
    const stranger = `users/${randomUUID()}/homes/photos/0123456789abcdef0123456789abcdef/w1080.webp`
    const tampered = {
      ...data,
      home: { ...data.home!, gallery: [{ ...gallery[0]!, variants: { ...gallery[0]!.variants!, w1080: stranger } }] },
    }
    expect(JSON.stringify(pageImageSources(tampered, 'segredo'))).not.toContain(stranger)
  })
})
