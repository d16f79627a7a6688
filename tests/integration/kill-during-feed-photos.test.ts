// A feed import killed with SIGKILL while its photos download (ADR 213). The report counts the
// photos already stored (not 0), the lock names the dead process, and the start-up recovery takes
// it over at once (no 30-minute wait), downloads the rest into the same report and releases it:
// "Baixando fotos" ends. A lock held by a live process on another machine is left alone.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { feedSources, homes, integrations } from '../../db/schema'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { countPendingPhotos } from '../../app/models/feed-listings.server'
import { listSyncReports } from '../../app/models/feeds.server'
import { openDatabase } from '../../app/utils/db.server'
import { resumeInterruptedSyncs } from '../../app/workflows/feed-recovery.server'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { startPhotoServer, type PhotoServer } from '../../scripts/feeds/photo-server'

const COUNT = 5
const listings = sampleListings(COUNT, { seed: 5, photos: 2 }).sort((a, b) => a.id.localeCompare(b.id))
const allPhotos = listings.reduce((sum, l) => sum + l.photos, 0)
// One photo worker, listings in code order: the first two are saved when the next one's first
// photo is requested; that request never gets an answer.
const storedBeforeKill = listings[0]!.photos + listings[1]!.photos

let dir = ''
let photos: PhotoServer | undefined
afterAll(async () => {
  await photos?.close()
  await rm(dir, { recursive: true, force: true })
})

function importThenKill(dataDir: string, server: PhotoServer): Promise<{ id: number; agent: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/support/feed-import-and-hang.ts', dataDir, server.url, String(COUNT)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    let found: { id: number; agent: string } | null = null
    const watch = setInterval(() => {
      if (!found || server.requests() <= storedBeforeKill) return
      clearInterval(watch)
      child.kill('SIGKILL')
    }, 20)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /connection (\d+) (\S+)/.exec(out)
      if (match) found = { id: Number(match[1]), agent: match[2]! }
    })
    child.once('exit', (_code, signal) => {
      clearInterval(watch)
      if (signal === 'SIGKILL' && found) resolve(found)
      else reject(new Error(`the child exited by itself (${signal}): ${out}`))
    })
    child.once('error', reject)
  })
}

test('kill -9 while a feed downloads its photos: counted so far, taken over at start-up, finished', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-kill-feed-'))
  photos = await startPhotoServer()
  photos.hold(storedBeforeKill)
  const { id, agent } = await importThenKill(dir, photos)
  photos.release()

  const handle = await openDatabase({ dataDir: path.join(dir, 'db') })
  try {
    const db = handle.db
    const lock = async () => (await db.select().from(feedSources).where(eq(feedSources.integration_id, id)))[0]!
    const report = async () => (await listSyncReports(db, agent, id, 1))[0]!
    // What the dead process stored is counted; the rest still waits, under its lock.
    expect(await report()).toMatchObject({ created: COUNT, photos: storedBeforeKill, failure: null })
    expect(await countPendingPhotos(db, id)).toBe(COUNT - 2)
    const left = await lock()
    expect(left.syncing_at).not.toBeNull()
    expect(left.sync_owner).toMatch(/\/\d+\//)

    const deps = {
      db,
      storage: createDiskStorage(dir),
      credentialsSecret: 'chave-de-teste-das-credenciais-0123456789',
      fetchOptions: { allowPrivateHosts: true },
    }
    // A sync running on another machine (its heartbeat fresh) is not taken from it…
    await db
      .update(feedSources)
      .set({ sync_owner: 'outra-maquina~1/4242/abc', syncing_at: new Date() })
      .where(eq(feedSources.integration_id, id))
    expect(await resumeInterruptedSyncs(deps)).toBe(0)
    expect(await countPendingPhotos(db, id)).toBe(COUNT - 2)

    // …the killed process on this machine is known dead at once: its photos resume.
    await db
      .update(feedSources)
      .set({ sync_owner: left.sync_owner, syncing_at: left.syncing_at })
      .where(eq(feedSources.integration_id, id))
    expect(await resumeInterruptedSyncs(deps)).toBe(1)
    expect(await report()).toMatchObject({ created: COUNT, photos: allPhotos, errors: [], failure: null })
    expect(await countPendingPhotos(db, id)).toBe(0)
    expect(await lock()).toMatchObject({ syncing_at: null, sync_owner: null })
    const [connection] = await db.select().from(integrations).where(eq(integrations.id, id))
    expect(connection!.synced_at).not.toBeNull()
    const galleries = (await db.select().from(homes).where(eq(homes.user_id, agent))).map((h) => h.gallery.length)
    expect(galleries.sort()).toEqual(listings.map((l) => l.photos).sort())
    // Nothing left to resume: a second start-up does nothing.
    expect(await resumeInterruptedSyncs(deps)).toBe(0)
  } finally {
    await handle.close()
  }
}, 180_000)
