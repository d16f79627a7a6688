// Scheduling survives a restart: a post scheduled on the local outbox, the instance stopped
// before its time and started again on the same data directory (PGlite on disk, pg-boss in it),
// goes out once at its time: status published, files in the outbox. Built like the composition
// root (server/app.ts): database, jobs service, publishing service with its worker and recovery.
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, expect, test } from 'vitest'
import { posts, scheduledPublications, users } from '../../db/schema'
import { parseEnv } from '../../app/env.server'
import { makeSlide } from '../../app/domain/slides'
import { createJobsOn } from '../../app/utils/jobs.server'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { openDatabase } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createPublishing, startPublishingJobs } from '../../app/workflows/publishing-service.server'
import { schedulePost } from '../../app/workflows/scheduling.server'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const logger = createLogger(process.env.TEST_LOG === '1' ? 'debug' : 'silent')
let dataDir: string

async function start() {
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  await database.migrate()
  const jobs = createJobsOn(database, undefined, logger)
  const storage = createDiskStorage(path.join(dataDir, 'uploads'))
  const postImages = createPostImages({ storage, logger })
  const publishing = await createPublishing({
    env,
    logger,
    database,
    postImages,
    storage,
    siteUrl: 'http://127.0.0.1:9',
    jobs,
  })
  await startPublishingJobs(publishing, env, logger)
  return {
    database,
    jobs,
    publishing,
    postImages,
    storage,
    async stop() {
      await jobs.stop()
      await database.close()
    },
  }
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test(
  'scheduled on the outbox, the app restarted in between: published once, status shown, files in the outbox',
  { timeout: 120_000 },
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-restart-'))
    const first = await start()
    const db = first.database.db
    const userId = randomUUID()
    await db.insert(users).values({ id: userId, email: `r-${userId}@example.com`, full_name: 'Rita', role: 'user' })
    await seedDemoSubscription(db, userId)
    const [post] = await db
      .insert(posts)
      .values({
        user_id: userId,
        template: 'dica',
        format: 'feed',
        description: 'Dica do dia',
        meta: { slides: [makeSlide('a', 'text', { title: 'Dica' }), makeSlide('b', 'text', { title: 'Mais uma' })] },
      })
      .returning()
    const outbox = await ensureOutboxAccount(db, userId)
    // "Now" a minute back for the pre-flight, so the publication is due in 6 s, not in a minute.
    const publishAt = new Date(Date.now() + 6000)
    const outcome = await schedulePost(
      { db, postImages: first.postImages, jobs: first.jobs },
      userId,
      {
        by: { id: userId, accountRole: 'owner' },
        postId: post!.id,
        accountIds: [outbox.id],
        publishAt,
        caption: 'Dica do dia 🏡\nChame no direct',
        altText: '',
        slides: null,
        ratio: 'original',
        fit: 'cover',
      },
      new Date(Date.now() - 60_000),
    )
    expect(outcome.status).toBe('scheduled')
    const id = outcome.status === 'scheduled' ? outcome.ids[0]! : 0
    await first.stop()

    // The restart: a new instance on the same data directory.
    const second = await start()
    try {
      const db2 = second.database.db
      const statusOf = async () =>
        (await db2.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!
      // Kept across the restart: still waiting, or already being sent when the restart took
      // longer than the 6 s to its time (a loaded machine); never lost, never done twice.
      expect(['scheduled', 'publishing']).toContain((await statusOf()).status)
      const end = Date.now() + 40_000
      while ((await statusOf()).status !== 'published' && Date.now() < end) await new Promise((r) => setTimeout(r, 250))
      const row = await statusOf()
      expect(row).toMatchObject({ status: 'published', published: true, attempts: 1 })
      expect(row.published_at!.getTime()).toBeGreaterThanOrEqual(publishAt.getTime())
      const entries = await listOutbox(second.storage, userId)
      expect(entries).toHaveLength(1)
      expect(entries[0]!.files).toEqual(['01.jpg', '02.jpg'])
      // In the storage service (here its disk default under uploads/), not loose in DATA_DIR.
      const folder = path.join(dataDir, 'uploads', 'outbox', userId, String(id))
      expect((await readdir(folder)).sort()).toEqual(['01.jpg', '02.jpg', 'legenda.txt', 'publicacao.json'])
      expect(await readFile(path.join(folder, 'legenda.txt'), 'utf8')).toBe('Dica do dia 🏡\nChame no direct')
      expect((await sharp(path.join(folder, '01.jpg')).metadata()).format).toBe('jpeg')
      expect(await readdir(dataDir)).not.toContain('outbox')
    } finally {
      await second.stop()
    }
  },
)
