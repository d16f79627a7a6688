// The video job's paths that need no encoder (ADR 221): a video whose photos are gone fails with
// its pt-BR reason and goes back to the queue with "Tentar de novo"; a video a stopped process
// left "Montando" goes back to the queue once its lease has run out (none stays stuck), and a live
// lease of another instance is left alone; two instances never render one video; the next video
// is another account's when one account has queued many (round robin); another account's video
// is not found; the narration kept on /audio for the property is the one
// a video speaks. (A Reel is a scheduled publication: tests/integration/reels-publish.test.ts.)
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { homes, narrations, users, videos } from '../../db/schema'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import {
  claimNextVideo,
  createVideo,
  getVideo,
  markVideoFailed,
  markVideoReady,
  MAX_RENDER_ATTEMPTS,
  recoverVideos,
  requeueVideo,
} from '../../app/models/videos.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { latestHomeNarration } from '../../app/models/narrations.server'
import { renderNextVideo, VIDEO_MESSAGES } from '../../app/workflows/video-job.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let dir: string
const logger = createLogger('silent')

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-videos-'))
}, 60_000)

// The queue is every account's: each test starts from an empty one.
beforeEach(async () => {
  await handle.db.delete(videos)
})

afterAll(async () => {
  await handle.close()
  await rm(dir, { recursive: true, force: true })
})

async function agentWithHome() {
  const id = crypto.randomUUID()
  await handle.db.insert(users).values({ id, email: `video-${id.slice(0, 8)}@example.com`, full_name: 'Ana' })
  const [home] = await handle.db
    .insert(homes)
    .values({
      user_id: id,
      status: 'sale',
      category: 'apartment',
      name: 'Apartamento',
      zipcode: '01310-100',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      // Photos the row names but storage no longer has.
      gallery: [0, 1].map((i) => ({ name: `${i}.jpg`, url: `/uploads/users/${id}/homes/${i}.jpg` })),
    })
    .returning()
  return { userId: id, homeId: home!.id }
}

const deps = () => ({ db: handle.db, storage: createDiskStorage(dir), logger, speech: {} })
const options = { duration: 15, narration: false, photos: [0, 1] }

test('photos that are gone: failed with the pt-BR reason, then "Tentar de novo" queues it again', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  expect(await renderNextVideo(deps())).toEqual({ videoId: row.id, outcome: 'failed' })
  const failed = await getVideo(handle.db, userId, row.id)
  expect(failed).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.photos })
  // A job run twice does nothing the second time.
  expect(await renderNextVideo(deps())).toBeNull()
  expect(await requeueVideo(handle.db, userId, row.id)).toMatchObject({ status: 'queued', error: null })
  // Only a failed video is queued again, and only by its owner.
  expect(await requeueVideo(handle.db, userId, row.id)).toBeNull()
  const stranger = await agentWithHome()
  expect(await getVideo(handle.db, stranger.userId, row.id)).toBeNull()
})

const leaseEnded = (id: number) =>
  handle.db
    .update(videos)
    .set({ lease_until: sql`now() - interval '1 second'` })
    .where(eq(videos.id, id))

test('a render another instance holds is left alone; once its lease has run out, a restart takes it again', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  // Instance A is rendering it (a live lease): B's start-up and B's jobs leave it alone.
  expect(await claimNextVideo(handle.db, 'instancia-a', 120)).toMatchObject({ id: row.id, status: 'rendering' })
  expect(await recoverVideos(handle.db, VIDEO_MESSAGES.stopped)).toEqual([])
  expect(await claimNextVideo(handle.db, 'instancia-b', 120)).toBeNull()
  // A was killed: its lease runs out, the video goes back to the queue and B renders it.
  await leaseEnded(row.id)
  expect(await recoverVideos(handle.db, VIDEO_MESSAGES.stopped)).toEqual([row.id])
  expect(await claimNextVideo(handle.db, 'instancia-b', 120)).toMatchObject({ id: row.id, attempts: 2 })
  // A's render, had it come back, writes nothing over B's.
  const result = { storageKey: 'k', coverKey: 'c', durationMs: 1, byteSize: 1, subtitles: [], caption: null }
  expect(await markVideoReady(handle.db, row.id, 'instancia-a', result)).toBe(false)
  expect(await markVideoReady(handle.db, row.id, 'instancia-b', result)).toBe(true)
  expect(await getVideo(handle.db, userId, row.id)).toMatchObject({ status: 'ready', storage_key: 'k' })
})

test('a video whose render keeps stopping its process is failed with a reason, not taken forever', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  for (let i = 0; i < MAX_RENDER_ATTEMPTS; i++) {
    expect(await claimNextVideo(handle.db, `instancia-${i}`, 120)).toMatchObject({ id: row.id })
    await leaseEnded(row.id)
  }
  expect(await recoverVideos(handle.db, VIDEO_MESSAGES.stopped)).toEqual([])
  expect(await getVideo(handle.db, userId, row.id)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.stopped })
  expect(await requeueVideo(handle.db, userId, row.id)).toMatchObject({ status: 'queued', attempts: 0 })
})

test('two instances asking at once: one video, one render', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => claimNextVideo(handle.db, owner, 120)))
  expect(claims.filter(Boolean).map((claim) => claim!.id)).toEqual([row.id])
})

test("round robin by account: another account's video starts within one render of being asked for", async () => {
  const busy = await agentWithHome()
  const ask = (agent: { userId: string; homeId: number }) =>
    createVideo(handle.db, agent.userId, { createdBy: agent.userId, homeId: agent.homeId, options, caption: '' })
  const first = await ask(busy)
  // The busy account's first video is rendering when it asks for nine more…
  expect(await claimNextVideo(handle.db, 'w', 120)).toMatchObject({ id: first.id })
  const more = []
  for (let i = 0; i < 9; i++) more.push(await ask(busy))
  // …then two other accounts ask for one each.
  const [calm, late] = [await agentWithHome(), await agentWithHome()]
  const calmVideo = await ask(calm)
  const lateVideo = await ask(late)
  const order: number[] = []
  await markVideoFailed(handle.db, first.id, 'w', 'feito')
  for (let next = await claimNextVideo(handle.db, 'w', 120); next; next = await claimNextVideo(handle.db, 'w', 120)) {
    order.push(next.id)
    await markVideoFailed(handle.db, next.id, 'w', 'feito')
  }
  // The next two renders are theirs, then the busy account's nine in the order asked.
  expect(order).toEqual([calmVideo.id, lateVideo.id, ...more.map((v) => v.id)])
})

test("the soundtrack is the property's newest narration kept on /audio", async () => {
  const { userId, homeId } = await agentWithHome()
  const other = await agentWithHome()
  const row = (text: string, owner = userId, home: number | null = homeId) => ({
    user_id: owner,
    home_id: home,
    text,
    voice: 'feminina',
    format: 'mp3' as const,
    engine: 'offline',
    duration_ms: 9000,
    byte_size: 10,
    storage_key: `users/${owner}/audio/${text}.mp3`,
  })
  expect(await latestHomeNarration(handle.db, userId, homeId)).toBeNull()
  await handle.db.insert(narrations).values([row('antiga'), row('sem-imovel', userId, null)])
  await handle.db.insert(narrations).values(row('nova'))
  await handle.db.insert(narrations).values(row('de-outra-pessoa', other.userId, other.homeId))
  expect((await latestHomeNarration(handle.db, userId, homeId))?.text).toBe('nova')
  // Another account's property: nothing of theirs is read with this owner's id.
  expect(await latestHomeNarration(handle.db, userId, other.homeId)).toBeNull()
})
