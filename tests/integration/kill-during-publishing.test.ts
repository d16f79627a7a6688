// Faults (ADR 101, 145, 263): a process killed with SIGKILL while Instagram's media_publish is in
// flight (Meta published; the answer never came), for a post and for a Reel, which
// publish through one machinery. After the restart the publication is not stuck: the restart's
// recovery puts it back on the queue, the dead worker's lease is respected, then the next attempt
// settles it as published from the container's status, and Instagram received exactly one
// media_publish: nothing was posted twice.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { scheduledPublications } from '../../db/schema'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { openDatabase } from '../../app/utils/db.server'
import type { Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { recoverPublications, runPublication } from '../../app/workflows/publishing.server'
import { startMockMetaGraph } from '../mocks/meta-graph'

const TOKEN = 'token-valido'
let dir = ''
let graph: Awaited<ReturnType<typeof startMockMetaGraph>> | undefined
afterEach(async () => {
  await graph?.close()
  await rm(dir, { recursive: true, force: true })
})

const publishCalls = () => graph!.state.requests.filter((r) => r.endsWith('/media_publish')).length

/** Runs the child that schedules and publishes; kills it once Meta has published. */
function publishThenKill(script: string, dataDir: string, graphUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, graphUrl, TOKEN], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    let id = 0
    const watch = setInterval(() => {
      // Meta has published (its answer hangs): the worker is inside media_publish.
      if (!id || publishCalls() === 0) return
      clearInterval(watch)
      child.kill('SIGKILL')
    }, 20)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      id = Number(/publication (\d+)/.exec(out)?.[1] ?? 0)
    })
    child.once('exit', (_code, signal) => {
      clearInterval(watch)
      if (signal === 'SIGKILL') resolve(id)
      else reject(new Error(`the child exited by itself (${signal}): ${out}`))
    })
    child.once('error', reject)
  })
}

describe.each([
  { piece: 'a post', script: 'tests/support/publish-and-hang.ts', mediaType: 'IMAGE', video: false },
  { piece: 'a Reel', script: 'tests/support/publish-reel-and-hang.ts', mediaType: 'REELS', video: true },
])('kill -9 during media_publish of $piece', ({ script, mediaType, video }) => {
  test('after the restart it is settled once, not stuck, not posted twice', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-kill-publish-'))
    graph = await startMockMetaGraph({ token: TOKEN })
    graph.state.hangPublish = 1
    const id = await publishThenKill(script, dir, graph.graphUrl)
    expect(graph.state.media).toEqual([expect.objectContaining({ mediaType })])

    const handle = await openDatabase({ dataDir: path.join(dir, 'db') })
    try {
      const row = async () =>
        (await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!
      const left = await row()
      expect(left.status).toBe('publishing')
      expect(left.attempts).toBe(1)
      expect(left.progress).toMatchObject({ publishing: true })
      if (video) expect(left.video_id).not.toBeNull()
      // The restart's recovery puts it back on the queue.
      const queued: unknown[] = []
      const jobs = { send: async (...args: unknown[]) => void queued.push(args) } as unknown as Jobs
      expect(await recoverPublications(handle.db, jobs)).toBe(1)
      expect(queued).toHaveLength(1)
      const logger = createLogger('silent')
      const deps = {
        db: handle.db,
        logger,
        postImages: createPostImages({ storage: createDiskStorage(dir), logger }),
        storage: createDiskStorage(dir),
        graph: createGraphClient({ baseUrl: graph.graphUrl }),
        credentialsKey: 'chave-de-teste',
        appUrl: 'http://127.0.0.1:9',
        poll: { intervalMs: 20 },
      }
      // While the dead worker's lease lasts, a restarted worker leaves the row alone…
      expect(await runPublication(deps, id)).toBe('retry')
      expect(publishCalls()).toBe(1)
      // …once it has run out (five minutes; moved here instead of waited for) the attempt settles it.
      await handle.db
        .update(scheduledPublications)
        .set({ lease_until: sql`now() - interval '1 second'` })
        .where(eq(scheduledPublications.id, id))
      expect(await runPublication(deps, id)).toBe('published')
      const settled = await row()
      expect(settled.status).toBe('published')
      expect(settled.attempts).toBe(2)
      expect(settled.external_id).toBe(graph.state.media[0]!.id)
      expect(settled.permalink).toBe(graph.state.media[0]!.permalink)
      // Exactly one piece on Instagram, one media_publish ever; a job run twice changes nothing.
      expect(await runPublication(deps, id)).toBe('skipped')
      expect(graph.state.media).toHaveLength(1)
      expect(publishCalls()).toBe(1)
    } finally {
      await handle.close()
    }
  }, 180_000)
})
