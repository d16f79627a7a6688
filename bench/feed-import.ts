// Property feeds at scale (ADR 124; goal: ≤ 60 s and ≤ 300 MB for 1,000 listings): a generated VRSync feed of 1,000
// listings (--listings N) served by a local host, connected by address and imported into a fresh database, then:
//   1. the import: time until the listings are written (phase 1), then until every photo went
//      through the sharp pipeline (phase 2; --photos N per listing, default 1), peak RSS;
//   2. the same feed again: prints "0 changes" when nothing was created, updated or archived;
//   3. the feed without 10 listings: prints "10 archived".
// Run: [TEST_DATABASE_URL=postgres://…] npx tsx bench/feed-import.ts [--listings 1000] [--photos 1]
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { users } from '../db/schema'
import { createDiskStorage } from '../app/integrations/storage/storage.server'
import { getFeedConnection } from '../app/models/feeds.server'
import { applySubscriptionState } from '../app/models/subscriptions.server'
import { createTestDatabase } from '../tests/setup/db'
import { connectFeed } from '../app/workflows/feed-connect.server'
import { startSync, type FeedSyncDeps } from '../app/workflows/feed-sync.server'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { vrsyncFeed } from '../scripts/feeds/sample-feeds'
import { sampleListings } from '../scripts/feeds/sample-listings'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const LISTINGS = arg('listings', 1000)
const PHOTOS = arg('photos', 1)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

let peak = process.memoryUsage().rss
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-feed-bench-'))
  const uploads = path.join(dir, 'uploads')
  // A fresh database: on the Postgres at TEST_DATABASE_URL when set (the import's own memory
  // then stands alone), else PGlite in this process (its ≈ 800 MB count in the RSS below).
  const handle = await createTestDatabase()
  // The photo host runs in a process of its own: its drawing is not the importer's memory.
  const host = spawn(process.execPath, ['--import', 'tsx', 'scripts/feeds/photo-server.ts', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(host.stdout!, 'data')) as [Buffer]
  const photos = { url: line.toString().trim() }
  const userId = crypto.randomUUID()
  await handle.db.insert(users).values({ id: userId, email: `bench-${userId}@example.com` })
  await applySubscriptionState(handle.db, {
    userId,
    provider: 'demo',
    customerId: `c_${userId}`,
    subscriptionId: `s_${userId}`,
    status: 'active',
    lookupKey: 'imobiliaria_mensal',
    currentPeriodEnd: new Date(Date.now() + 864e5 * 30),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
  const deps: FeedSyncDeps = {
    db: handle.db,
    storage: createDiskStorage(uploads),
    credentialsSecret: 'bench',
    fetchOptions: { allowPrivateHosts: true },
  }
  const listings = sampleListings(LISTINGS, { seed: 18, photos: PHOTOS })
  const xml = vrsyncFeed(listings, photos.url)
  await fs.writeFile(path.join(dir, 'feed.xml'), xml)
  console.log(
    `database: ${process.env.TEST_DATABASE_URL ? 'Postgres (TEST_DATABASE_URL), a fresh database' : 'PGlite in this process'}`,
  )
  console.log(
    `feed: ${LISTINGS} listings, ${listings.reduce((n, l) => n + l.photos, 0)} photos, ${mb(Buffer.byteLength(xml))} of XML; load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  )

  const connected = await connectFeed(deps, userId, { kind: 'url', url: `${photos.url}/feed.xml` })
  if (!connected.ok) throw new Error(connected.message)
  const connection = async () => (await getFeedConnection(handle.db, userId, connected.connection.id))!
  const baseline = process.memoryUsage().rss
  peak = baseline
  const t0 = performance.now()
  const first = (await startSync(deps, await connection(), 'connect'))!
  const t1 = performance.now()
  console.log(
    `RSS before the import (database client, feed text): ${mb(baseline)}; peak while writing the listings: ${mb(peak)}`,
  )
  const done = await first.photos
  const t2 = performance.now()
  console.log(
    `import: ${first.report.created} created, ${first.report.errors.length} errors; listings written in ${s(t1 - t0)}, photos (${done.photos}) in ${s(t2 - t1)} more; total ${s(t2 - t0)}; peak RSS ${mb(peak)}`,
  )

  const t3 = performance.now()
  const again = await (await startSync(deps, await connection(), 'manual'))!.photos
  const changes = again.created + again.updated + again.archived
  console.log(
    `re-import: ${changes === 0 ? '0 changes' : `${changes} changes`} (${again.unchanged} unchanged, ${again.photos} photos) in ${s(performance.now() - t3)}`,
  )

  await fs.writeFile(path.join(dir, 'feed.xml'), vrsyncFeed(listings.slice(10), photos.url))
  const t4 = performance.now()
  const trimmed = await (await startSync(deps, await connection(), 'manual'))!.photos
  console.log(
    `10 removed: ${trimmed.archived} archived, ${trimmed.created + trimmed.updated} other changes, in ${s(performance.now() - t4)}`,
  )
  console.log(`peak RSS over the run: ${mb(peak)} (${mb(peak - baseline)} above the RSS before the import)`)

  clearInterval(sampler)
  host.kill()
  await handle.close()
  await fs.rm(dir, { recursive: true, force: true })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
