// Issue 39: the video job's paths that need no encoder: a video whose photos are gone fails with
// its pt-BR reason and goes back to the queue with "Tentar de novo"; a video a stopped process
// left "Montando" goes back to the queue at start-up (none stays stuck); a job run twice renders
// once; another account's video is not found; the Reel is claimed once; the narration kept on
// /audio for the property is the one a video speaks.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, narrations, users, videos } from '../../db/schema'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import {
  claimReel,
  createVideo,
  getVideo,
  recoverVideos,
  requeueVideo,
  scheduleReel,
} from '../../app/models/videos.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { latestHomeNarration } from '../../app/models/narrations.server'
import { renderVideo, VIDEO_MESSAGES } from '../../app/workflows/video-job.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let dir: string
const logger = createLogger('silent')

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-videos-'))
}, 60_000)

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
  expect(await renderVideo(deps(), row.id)).toBe('failed')
  const failed = await getVideo(handle.db, userId, row.id)
  expect(failed).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.photos })
  // A job run twice does nothing the second time.
  expect(await renderVideo(deps(), row.id)).toBe('skipped')
  expect(await requeueVideo(handle.db, userId, row.id)).toMatchObject({ status: 'queued', error: null })
  // Only a failed video is queued again, and only by its owner.
  expect(await requeueVideo(handle.db, userId, row.id)).toBeNull()
  const stranger = await agentWithHome()
  expect(await getVideo(handle.db, stranger.userId, row.id)).toBeNull()
})

test('a restart puts a video left "Montando" back on the queue', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  await handle.db.update(videos).set({ status: 'rendering', progress: 40 }).where(eq(videos.id, row.id))
  const ids = await recoverVideos(handle.db)
  expect(ids).toContain(row.id)
  expect(await getVideo(handle.db, userId, row.id)).toMatchObject({ status: 'queued', progress: 0 })
})

test('a Reel is scheduled once for a ready video and claimed by one run only', async () => {
  const { userId, homeId } = await agentWithHome()
  const row = await createVideo(handle.db, userId, { createdBy: userId, homeId, options, caption: '' })
  // No social account row is needed for the model's rules (the column may be null).
  const input = { accountId: null as never, publishAt: new Date(), caption: 'Legenda', scheduledBy: userId }
  // Not ready: nothing to schedule.
  expect(await scheduleReel(handle.db, userId, row.id, input)).toBeNull()
  await handle.db.update(videos).set({ status: 'ready' }).where(eq(videos.id, row.id))
  expect(await scheduleReel(handle.db, userId, row.id, input)).toMatchObject({ reel_status: 'scheduled' })
  // Scheduled already: not twice.
  expect(await scheduleReel(handle.db, userId, row.id, input)).toBeNull()
  const [first, second] = await Promise.all([claimReel(handle.db, row.id), claimReel(handle.db, row.id)])
  expect([first, second].filter(Boolean)).toHaveLength(1)
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
