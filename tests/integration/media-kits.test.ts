// Media kits below the HTTP layer: a real database (PGlite or TEST_DATABASE_URL), photos stored by
// the upload pipeline on disk, the offline copywriter, the Takumi renderer and pdf-lib. From a
// property with 6 photos one call makes the kit; its zip is read back with JSZip, its images
// with sharp, its flyer with pdf.js (page size and extractable text). The public maker's data,
// and the owner's page for another user (404), through the route modules' loaders.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import JSZip from 'jszip'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { floorPlan, roomPhoto, type Scene } from '../../app/integrations/images/sample-photos.server'
import { homes, publicPages, users, type Home } from '../../db/schema'
import {
  authBackendContext,
  dbContext,
  envContext,
  loggerContext,
  storageContext,
  userContext,
  kitFilesContext,
} from '../../app/context'
import { seededRandom } from '../../app/domain/post-plan'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { getMediaKit, setKitShowPhone } from '../../app/models/media-kits.server'
import { loader as makerLoader } from '../../app/routes/media-kits/maker'
import { loader as kitLoader } from '../../app/routes/media-kits/kit'
import { createLogger } from '../../app/utils/logger.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createKitFiles, loadKitData } from '../../app/workflows/media-kit-files.server'
import { createKitForHome, flyerFromDescription, regenerateKitPiece } from '../../app/workflows/media-kits.server'
import { findShortLink } from '../../app/models/listing-stats.server'
import { qrSvg } from '../../app/integrations/render/qr.server'
import { createTestDatabase } from '../setup/db'
import { jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let dir: string
let storage: Storage
let ownerId: string
let home: Home
const OWNER_EMAIL = `corretora-${randomUUID()}@example.com`
const PHONE = '(11) 98765-4321'
const logger = createLogger('silent')
const kitFiles = () => createKitFiles({ storage, logger })
const SITE = 'https://vitrine.example'
const DESCRIPTION = 'Apartamento reformado, sol da manhã, a duas quadras do metrô.'

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

function context(userId: string | null) {
  const ctx = new RouterContextProvider()
  ctx.set(dbContext, handle.db)
  ctx.set(storageContext, storage)
  ctx.set(loggerContext, logger)
  ctx.set(kitFilesContext, kitFiles())
  ctx.set(envContext, { NODE_ENV: 'test', DATA_DIR: dir } as never)
  // The site's own address (APP_URL, else where it listens): what the public pages link to.
  ctx.set(authBackendContext, { siteUrl: SITE } as never)
  ctx.set(
    userContext,
    userId
      ? { id: userId, email: 'x@example.com', full_name: null, role: 'user', accountId: userId, accountRole: 'owner' }
      : null,
  )
  return ctx
}

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-media-kits-'))
  storage = createDiskStorage(dir)
  ownerId = randomUUID()
  await handle.db.insert(users).values({
    id: ownerId,
    email: OWNER_EMAIL,
    full_name: 'Ana Souza',
    phone: PHONE,
    role: 'user',
    theme: { creci: '12345-F' },
  })
  const scenes: Scene[] = ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'pool']
  const gallery = []
  // Camera-sized photos (3000×2250), as agents upload them: the flyer prints at up to 300 dpi.
  for (const [n, scene] of scenes.entries()) {
    const bytes = await roomPhoto(scene, n, { width: 3000, height: 2250 })
    gallery.push(await storeHomeImage(storage, ownerId, { name: `${scene}.jpg`, bytes }, { featured: n === 0 }))
  }
  const plan = await storeHomeImage(
    storage,
    ownerId,
    { name: 'planta.png', bytes: await floorPlan(1) },
    { folder: 'plans' },
  )
  // A public page: the kit's QR code and texts point at the listing page's short address.
  await handle.db.insert(publicPages).values({ user_id: ownerId, handle: `ana-${ownerId.slice(0, 8)}` })
  const [row] = await handle.db
    .insert(homes)
    .values(
      jardinsApartment(ownerId, {
        description: DESCRIPTION,
        street_number: '1501',
        gallery,
        floor_plans: [{ ...plan, caption: 'Planta do 15º andar' }],
      }),
    )
    .returning()
  home = row!
}, 180_000)

afterAll(async () => {
  await handle?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function newKit() {
  return createKitForHome(
    { db: handle.db, writer: createOfflineWriter(seededRandom(7)), random: seededRandom(7) },
    ownerId,
    home,
  )
}

describe('one click from a property with 6 photos', () => {
  test('the zip holds feed, story, the carousel slides, flyer.pdf (A4, text extractable), the WhatsApp image and the QR code, ≤ 12 MB', async () => {
    const kit = await newKit()
    const data = await loadKitData(handle.db, (await getMediaKit(handle.db, ownerId, kit.id))!, SITE)
    const started = performance.now()
    const zipBytes = await readAll(kitFiles().zip(data).stream)
    const seconds = (performance.now() - started) / 1000
    const zip = await JSZip.loadAsync(zipBytes)
    const names = Object.keys(zip.files)
    // Cover + the 5 other photos + features + floor plan + contact.
    const slides = Array.from({ length: 9 }, (_, i) => `carrossel/slide-${i + 1}.png`)
    expect(names).toEqual(['feed.png', 'story.png', ...slides, 'flyer.pdf', 'whatsapp.jpg', 'textos.txt', 'qrcode.svg'])
    expect(zipBytes.length).toBeLessThanOrEqual(12 * 1024 * 1024)

    const size = async (name: string) => {
      const meta = await sharp(await zip.file(name)!.async('nodebuffer')).metadata()
      return `${meta.format} ${meta.width}x${meta.height}`
    }
    expect(await size('feed.png')).toBe('png 1080x1080')
    expect(await size('story.png')).toBe('png 1080x1920')
    for (const slide of slides) expect(await size(slide)).toBe('png 1080x1350')
    expect(await size('whatsapp.jpg')).toBe('jpeg 1080x1080')

    const pdf = await getDocument({
      data: new Uint8Array(await zip.file('flyer.pdf')!.async('uint8array')),
      verbosity: 0,
    }).promise
    // The sheet, then the floor plan's page.
    expect(pdf.numPages).toBe(2)
    const page = await pdf.getPage(1)
    expect(page.view.map((n) => Math.round(n * 100) / 100)).toEqual([0, 0, 595.28, 841.89])
    const textOf = async (n: number) =>
      (await (await pdf.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ')
    const text = await textOf(1)
    // The agent's own description, as typed; the listing page's short address beside its QR code.
    expect(text).toContain(DESCRIPTION)
    const code = text.match(/vitrine\.example\/l\/([a-z0-9]{4,16})/)?.[1]
    expect((await findShortLink(handle.db, code ?? ''))?.home_id).toBe(home.id)
    const plan = await textOf(2)
    expect(plan).toContain('Planta')
    expect(plan).toContain('Planta do 15º andar')
    expect(plan).toContain('Ana Souza')
    const svg = await zip.file('qrcode.svg')!.async('string')
    expect(svg).toBe(await qrSvg(`${SITE}/l/${code}`))
    expect(text).toContain('R$ 1.890.000')
    expect(text).toContain('Ana Souza')
    expect(text).toContain(PHONE)
    expect(text).toContain('CRECI 12345-F')
    expect(text).toMatch(/Jardins, São Paulo - SP/)
    expect(text).toContain('Varanda gourmet')
    expect(text).not.toContain(OWNER_EMAIL)
    expect(text).not.toContain('Oscar Freire')

    const texts = await zip.file('textos.txt')!.async('string')
    expect(texts).toContain('Imagem para WhatsApp')
    // Kept for looking at the pieces by eye (MEDIA_KIT_OUT=dir).
    if (process.env.MEDIA_KIT_OUT) await writeFile(path.join(process.env.MEDIA_KIT_OUT, 'kit.zip'), zipBytes)
    console.info(`media kit zip: ${(zipBytes.length / 1024 / 1024).toFixed(2)} MB in ${seconds.toFixed(1)} s`)
  }, 180_000)

  test('the flyer prints photos at print resolution (≥ 200 dpi for the large photo)', async () => {
    const kit = await newKit()
    const data = await loadKitData(handle.db, (await getMediaKit(handle.db, ownerId, kit.id))!)
    const bytes = await kitFiles().file(data, { name: 'flyer.pdf', piece: 'flyer', slide: null, type: 'pdf' })
    const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
    const page = await pdf.getPage(1)
    const ops = await page.getOperatorList()
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const images = ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length
    expect(images).toBe(4)
    // The hero is 595 pt wide: 300 dpi is 2480 px; the 3000 px photo gives it all.
    const widths: number[] = []
    for (const [i, fn] of ops.fnArray.entries())
      if (fn === OPS.paintImageXObject) {
        const name = ops.argsArray[i][0] as string
        const img = await new Promise<{ width: number }>((resolve) => page.objs.get(name, resolve))
        widths.push(img.width)
      }
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(Math.round((595 / 72) * 200))
  }, 120_000)
})

test("the flyer says the agent's description as typed; generated words only when asked, and back", async () => {
  const kit = await newKit()
  const flyerText = async () =>
    (await getMediaKit(handle.db, ownerId, kit.id))!.kit.pieces.find((p) => p.key === 'flyer')!.text
  expect(await flyerText()).toBe(DESCRIPTION)
  const deps = { db: handle.db, writer: createOfflineWriter(seededRandom(3)), random: seededRandom(3) }
  expect(await regenerateKitPiece(deps, ownerId, (await getMediaKit(handle.db, ownerId, kit.id))!, 'flyer')).toBe(true)
  const generated = await flyerText()
  expect(generated).toBeTruthy()
  expect(generated).not.toBe(DESCRIPTION)
  expect(await flyerFromDescription(handle.db, ownerId, (await getMediaKit(handle.db, ownerId, kit.id))!)).toBe(true)
  expect(await flyerText()).toBe(DESCRIPTION)
}, 60_000)

describe('the public maker page', () => {
  test('shows nothing private: no e-mail, no account id, no storage keys; the phone only when chosen', async () => {
    const kit = await newKit()
    const call = async () =>
      JSON.stringify(
        await makerLoader({
          request: new Request(`http://localhost/media-kits/${kit.public_id}/maker`),
          params: { id: kit.public_id },
          context: context(null),
        } as never),
      )
    const shown = await call()
    expect(shown).toContain('Apartamento com varanda gourmet nos Jardins')
    expect(shown).toContain('Ana Souza')
    expect(shown).toContain(PHONE)
    for (const secret of [OWNER_EMAIL, ownerId, 'users/', '/uploads/', 'Oscar Freire', '1501'])
      expect(shown).not.toContain(secret)
    await setKitShowPhone(handle.db, ownerId, kit.id, false)
    const hidden = await call()
    expect(hidden).not.toContain(PHONE)
    expect(hidden).not.toContain('98765')
  }, 60_000)

  test('is reached only by the unguessable id (128 bits), never the serial', async () => {
    const kit = await newKit()
    expect(kit.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const other = `${kit.public_id[0] === 'A' ? 'B' : 'A'}${kit.public_id.slice(1)}`
    for (const id of [String(kit.id), other]) {
      const thrown = await makerLoader({
        request: new Request(`http://localhost/media-kits/${id}/maker`),
        params: { id },
        context: context(null),
      } as never).catch((error: unknown) => error)
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404)
    }
  })
})

test("another user's kit is 404 on the owner's page", async () => {
  const kit = await newKit()
  const other = randomUUID()
  await handle.db.insert(users).values({ id: other, email: `outro-${other}@example.com`, role: 'user' })
  const open = (userId: string) =>
    kitLoader({
      request: new Request(`http://localhost/media-kits/${kit.id}`),
      params: { id: String(kit.id) },
      context: context(userId),
    } as never)
  const thrown = await open(other).catch((error: unknown) => error)
  expect((thrown as { init?: { status?: number } }).init?.status).toBe(404)
  const mine = await open(ownerId)
  expect(mine.homeName).toBe(home.name)
  expect(mine.pieces.map((piece) => piece.key)).toEqual(['feed', 'story', 'carousel', 'flyer', 'whatsapp'])
})
