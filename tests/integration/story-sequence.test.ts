// "Sequência de Stories" (issue 63): a property's sequence is 3–6 frames of 1080×1920, as they
// are published (the publication's JPEGs), and every word Tesseract reads on them sits inside
// Instagram's safe zones: nothing but photo in the top 250 px and the bottom 340 px.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, users, type MediaItem } from '../../db/schema'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { createLogger } from '../../app/utils/logger.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { renderPublicationImages } from '../../app/workflows/publication-images.server'
import { createStorySequence } from '../../app/workflows/story-sequence.server'
import { defaultSlides } from '../../app/workflows/scheduling.server'
import type { Home } from '../../app/models/homes.server'
import { seedDemoSubscription } from '../../scripts/seed/billing'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { schedulePost } from '../../app/workflows/scheduling.server'
import { runPublication } from '../../app/workflows/publishing.server'
import { listOutbox, readOutboxFile } from '../../app/integrations/meta/outbox.server'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import type { Jobs } from '../../app/utils/jobs.server'
import { createTestDatabase } from '../setup/db'
import { authorizeHome, jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let dir: string
let storage: Storage
let ownerId: string

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-stories-'))
  storage = createDiskStorage(dir)
  ownerId = randomUUID()
  await handle.db.insert(users).values({
    id: ownerId,
    email: `ana-${ownerId}@example.com`,
    full_name: 'Ana Souza',
    phone: '(11) 98765-4321',
    role: 'user',
    theme: { creci: '123456-F', whatsapp: '11987654321', instagram: 'anasouza.imoveis' },
  })
  await seedDemoSubscription(handle.db, ownerId)
}, 120_000)

afterAll(async () => {
  await handle?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function home(scenes: Parameters<typeof roomPhoto>[0][], captions: string[], extra = {}): Promise<Home> {
  const gallery: MediaItem[] = []
  for (const [n, scene] of scenes.entries()) {
    const item = await storeHomeImage(
      storage,
      ownerId,
      { name: `${scene}-${n}.jpg`, bytes: await roomPhoto(scene, n + 3) },
      { featured: n === 0 },
    )
    gallery.push({ ...item, caption: captions[n] ?? null })
  }
  const [row] = await handle.db
    .insert(homes)
    .values(jardinsApartment(ownerId, { gallery, ...extra }))
    .returning()
  await authorizeHome(handle.db, ownerId, row!.id)
  return row as Home
}

type Word = { text: string; top: number; bottom: number; confidence: number }

/** The words Tesseract reads on a frame (Portuguese), with their boxes. */
function ocrWords(png: Buffer): Word[] {
  const file = path.join(os.tmpdir(), `vitrine-story-ocr-${process.pid}-${randomUUID()}.png`)
  fs.writeFileSync(file, png)
  try {
    const tsv = execFileSync('tesseract', [file, '-', '-l', 'por', 'tsv'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return tsv
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .filter((cols) => cols.length >= 12 && cols[0] === '5')
      .map((cols) => ({
        text: cols[11]!.trim(),
        top: Number(cols[7]),
        bottom: Number(cols[7]) + Number(cols[9]),
        confidence: Number(cols[10]),
      }))
      .filter((word) => word.confidence >= 60 && /[\p{L}\p{N}]{2,}/u.test(word.text))
  } finally {
    fs.rmSync(file, { force: true })
  }
}

async function frames(target: Home) {
  const post = await createStorySequence(handle.db, ownerId, { home: target, createdBy: ownerId })
  const postImages = createPostImages({ storage, logger: createLogger('silent') })
  const slides = await defaultSlides(handle.db, ownerId, post.id)
  const images = await renderPublicationImages(handle.db, postImages, {
    userId: ownerId,
    postId: post.id,
    slides,
    ratio: 'original',
    fit: 'cover',
  })
  return { post, images: images ?? [] }
}

describe('a property’s "Sequência de Stories"', () => {
  test('six frames of 1080×1920 with their words out of the top 250 px and the bottom 340 px', async () => {
    const target = await home(
      ['facade', 'living', 'kitchen', 'bedroom', 'bathroom'],
      ['', 'Sala ampla com varanda gourmet', 'Cozinha americana integrada', 'Suíte com closet'],
    )
    const { images } = await frames(target)
    expect(images).toHaveLength(6)
    const read: string[] = []
    for (const [i, image] of images.entries()) {
      expect([image.facts.width, image.facts.height, image.facts.format]).toEqual([1080, 1920, 'jpeg'])
      const png = await sharp(image.bytes).png().toBuffer()
      if (process.env.STORY_FRAMES_DIR)
        fs.writeFileSync(path.join(process.env.STORY_FRAMES_DIR, `frame-${i + 1}.png`), png)
      const words = ocrWords(png)
      // Every frame says something (the OCR reads it), and all of it is inside the safe area.
      expect(words.length, `frame ${i + 1}`).toBeGreaterThan(0)
      for (const word of words) {
        expect(word.top, `frame ${i + 1}: "${word.text}"`).toBeGreaterThanOrEqual(250)
        expect(word.bottom, `frame ${i + 1}: "${word.text}"`).toBeLessThanOrEqual(1920 - 340)
      }
      read.push(words.map((word) => word.text).join(' '))
    }
    // The photos' own captions, the price and the agent's WhatsApp are what the frames say.
    expect(read[1]).toMatch(/varanda/i)
    expect(read[2]).toMatch(/Cozinha/i)
    expect(read[4]).toMatch(/1\.890\.000/)
    expect(read[5]).toMatch(/98765-4321/)
  }, 180_000)

  test('a property with one photo still gets three frames: cover, price and contact', async () => {
    const target = await home(['facade'], [''], { name: 'Casa térrea com quintal' })
    const { images } = await frames(target)
    expect(images).toHaveLength(3)
    for (const image of images) expect([image.facts.width, image.facts.height]).toEqual([1080, 1920])
  }, 120_000)
})

describe('scheduling the sequence', () => {
  test('publishes each frame once, in order, as a Story, to the local outbox', async () => {
    const target = await home(['facade', 'living', 'kitchen'], ['', 'Sala integrada', 'Cozinha planejada'], {
      name: 'Apartamento na Vila Madalena',
    })
    const post = await createStorySequence(handle.db, ownerId, { home: target, createdBy: ownerId })
    const outbox = await ensureOutboxAccount(handle.db, ownerId)
    const queued: number[] = []
    // The queue is told when to run it; the attempt below is what the worker runs.
    const jobs = { send: async (_q: string, data: { publicationId: number }) => void queued.push(data.publicationId) }
    const postImages = createPostImages({ storage, logger: createLogger('silent') })
    const outcome = await schedulePost({ db: handle.db, postImages, jobs: jobs as unknown as Jobs }, ownerId, {
      by: { id: ownerId, accountRole: 'owner' },
      postId: post.id,
      accountIds: [outbox.id],
      publishAt: new Date(Date.now() + 5 * 60_000),
      caption: post.description ?? '',
      altText: '',
      slides: null,
      ratio: 'original',
      fit: 'cover',
    })
    // 9:16 is no longer refused: a Story-format post is scheduled as Stories.
    expect(outcome.status).toBe('scheduled')
    if (outcome.status !== 'scheduled') return
    const [id] = outcome.ids
    expect(queued).toEqual([id])
    await handle.db.execute(`update scheduled_publications set publish_at = now() where id = ${id}`)
    const deps = {
      db: handle.db,
      logger: createLogger('silent'),
      postImages,
      storage,
      graph: createGraphClient({ baseUrl: 'http://127.0.0.1:9/v23.0' }),
      credentialsKey: 'chave-de-teste',
      appUrl: 'http://127.0.0.1:9',
    }
    expect(await runPublication(deps, id!)).toBe('published')
    expect(await runPublication(deps, id!)).toBe('skipped')
    const entries = (await listOutbox(storage, ownerId)).filter((entry) => entry.publicationId === id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ kind: 'story', files: ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'] })
    // In order: the cover first, the contact frame last, each 1080×1920.
    const expected = await renderPublicationImages(handle.db, postImages, {
      userId: ownerId,
      postId: post.id,
      slides: [0, 1, 2, 3, 4],
      ratio: 'original',
      fit: 'cover',
    })
    for (const [i, file] of entries[0]!.files.entries()) {
      const bytes = await readOutboxFile(storage, ownerId, id!, file)
      const meta = await sharp(bytes!).metadata()
      expect([meta.width, meta.height]).toEqual([1080, 1920])
      expect(Buffer.from(bytes!).equals(expected![i]!.bytes)).toBe(true)
    }
  }, 180_000)
})
