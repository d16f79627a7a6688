// Child process of tests/integration/kill-during-publishing.test.ts (its Reel case): opens the database at
// argv[2], keeps a ready property video (an MP4 and its cover in storage), schedules it as a Reel
// for the Instagram account of the local Graph API at argv[3] (token argv[4]), serves the Reel's
// signed files as the app's /agendar-posts/midia route would, says `publication <id>` on stdout
// and runs the attempt; the Graph API publishes and never answers, and the parent kills this
// process with SIGKILL while media_publish is in flight.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { homes, users, videos } from '../../db/schema'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { insertReelPublication } from '../../app/models/scheduled-publications.server'
import { authorizeHome } from './sample-home'
import { saveConnectedAccount } from '../../app/models/social-accounts.server'
import { openDatabase } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { publicationReelFile, runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const [dataDir, graphUrl, token] = process.argv.slice(2) as [string, string, string]
const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
await handle.migrate()
const logger = createLogger('silent')
const storage = createDiskStorage(dataDir)
const userId = randomUUID()
await handle.db.insert(users).values({ id: userId, email: `kill-reel-${userId}@example.com`, full_name: 'Paula' })
await seedDemoSubscription(handle.db, userId)
const [home] = await handle.db
  .insert(homes)
  .values({
    user_id: userId,
    status: 'sale',
    category: 'apartment',
    name: 'Apartamento no Itaim',
    zipcode: '04530-001',
    neighborhood: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
  })
  .returning()
// The owner's authorisation in force, so the Reel is not paused (issue 65).
await authorizeHome(handle.db, userId, home!.id)
// A stand-in MP4 (an ISO BMFF header) and a JPEG cover, kept where the renderer keeps them.
const videoKey = `users/${userId}/videos/1/video.mp4`
const coverKey = `users/${userId}/videos/1/capa.jpg`
await storage.put(
  videoKey,
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4000)]),
  'video/mp4',
)
await storage.put(
  coverKey,
  await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#14213D' } })
    .jpeg()
    .toBuffer(),
  'image/jpeg',
)
const [video] = await handle.db
  .insert(videos)
  .values({
    user_id: userId,
    created_by: userId,
    home_id: home!.id,
    status: 'ready',
    options: { duration: 30, narration: false, photos: [] },
    caption: 'Apartamento à venda #imoveis',
    duration_ms: 30_000,
    byte_size: 4012,
    storage_key: videoKey,
    cover_key: coverKey,
  })
  .returning()

const app: { deps?: PublishingDeps } = {}
const files = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const m = /^\/agendar-posts\/midia\/(\d+)\/(video\.mp4|capa\.jpg)$/.exec(url.pathname)
  const bytes = m ? await publicationReelFile(app.deps!, Number(m[1]), m[2] as 'video.mp4', url) : null
  if (!bytes) return void res.writeHead(404).end()
  res.writeHead(200).end(Buffer.from(bytes))
})
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
const deps: PublishingDeps = {
  db: handle.db,
  logger,
  postImages: createPostImages({ storage, logger }),
  storage,
  graph: createGraphClient({ baseUrl: graphUrl }),
  credentialsKey: 'chave-de-teste',
  appUrl: `http://127.0.0.1:${(files.address() as AddressInfo).port}`,
  poll: { intervalMs: 20 },
}
app.deps = deps
const accountId = await saveConnectedAccount(handle.db, userId, deps.credentialsKey, {
  provider: 'instagram',
  name: '@imobiliaria.teste',
  externalId: 'ig-user-1',
  token,
  expiresAt: new Date(Date.now() + 30 * 86400_000),
})
const publication = await insertReelPublication(handle.db, userId, {
  videoId: video!.id,
  accountId,
  publishAt: new Date(Date.now() - 1000),
  caption: video!.caption,
})
process.stdout.write(`publication ${publication!.id}\n`)
const result = await runPublication(deps, publication!.id)
process.stdout.write(`finished: ${result} (the parent should have killed this process)\n`)
process.exit(1)
