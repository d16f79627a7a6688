// Faults (ADR 033, 143): a process killed with SIGKILL in the middle of a generation leaves a post
// `generating`; the sweep fails it with a pt-BR message (the agent sees "Tentar de novo"), and
// nothing was done twice (one post, one AI reservation).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { posts } from '../../db/schema'
import { openDatabase } from '../../app/utils/db.server'
import { recoverStuckPosts } from '../../app/models/posts.server'

let dir = ''
afterAll(() => rm(dir, { recursive: true, force: true }))

function generateThenKill(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/generate-and-hang.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /generating (\S+)/.exec(out)
      if (match) {
        child.kill('SIGKILL')
        child.once('exit', (_code, signal) =>
          signal === 'SIGKILL' ? resolve(match[1]!) : reject(new Error(`exit ${signal}`)),
        )
      }
    })
    child.once('error', reject)
  })
}

test('kill -9 during generation: the post is failed by the sweep, not left generating, and not doubled', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-kill-'))
  const userId = await generateThenKill(dir)
  const handle = await openDatabase({ dataDir: dir })
  try {
    const stuck = await handle.db.select().from(posts).where(eq(posts.user_id, userId))
    expect(stuck).toHaveLength(1)
    expect(stuck[0]!.generating).toBe(true)
    // Another instance's generation younger than the threshold is left alone…
    expect(await recoverStuckPosts(handle.db, 60_000)).toBe(0)
    // …an older one is failed (the sweep runs every minute with a five-minute threshold).
    expect(await recoverStuckPosts(handle.db, 0)).toBe(1)
    const [after] = await handle.db.select().from(posts).where(eq(posts.user_id, userId))
    expect(after!.generating).toBe(false)
    expect(after!.error).toMatch(/[Tt]ente|gerar/)
    expect(await handle.db.select().from(posts).where(eq(posts.user_id, userId))).toHaveLength(1)
  } finally {
    await handle.close()
  }
}, 120_000)
