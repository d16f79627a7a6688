// Child process of tests/integration/kill-during-publishing.test.ts (its post case): opens the database at argv[2],
// schedules a post for the Instagram account of the local Graph API at argv[3] (token argv[4]),
// serves the publication's images as the app would, says `publication <id>` on stdout and runs
// the attempt; the Graph API publishes and never answers, and the parent kills this process
// with SIGKILL while media_publish is in flight.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { posts, scheduledPublications, users } from '../../db/schema'
import { makeSlide } from '../../app/domain/slides'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { insertPublication } from '../../app/models/scheduled-publications.server'
import { saveConnectedAccount } from '../../app/models/social-accounts.server'
import { openDatabase } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { publicationImage, runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const [dataDir, graphUrl, token] = process.argv.slice(2) as [string, string, string]
const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
await handle.migrate()
const logger = createLogger('silent')
const userId = randomUUID()
await handle.db.insert(users).values({ id: userId, email: `kill-${userId}@example.com`, full_name: 'Paula' })
await seedDemoSubscription(handle.db, userId)
const slides = [makeSlide('s0', 'text', { title: 'Apartamento no Itaim', description: 'Varanda gourmet' })]
const [post] = await handle.db
  .insert(posts)
  .values({
    user_id: userId,
    template: 'carrossel',
    format: 'feed',
    type: 'carousel',
    description: 'Legenda',
    meta: { slides },
    generated_at: new Date(),
  })
  .returning()

const app: { deps?: PublishingDeps } = {}
const images = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const m = /^\/agendar-posts\/midia\/(\d+)\/(\d+)\.jpg$/.exec(url.pathname)
  const bytes = m ? await publicationImage(app.deps!, Number(m[1]), Number(m[2]), url) : null
  if (!bytes) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes)
})
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
const deps: PublishingDeps = {
  db: handle.db,
  logger,
  postImages: createPostImages({ storage: createDiskStorage(dataDir), logger }),
  storage: createDiskStorage(dataDir),
  graph: createGraphClient({ baseUrl: graphUrl }),
  credentialsKey: 'chave-de-teste',
  appUrl: `http://127.0.0.1:${(images.address() as AddressInfo).port}`,
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
const publication = await insertPublication(handle.db, userId, {
  postId: post!.id,
  accountId,
  publishAt: new Date(Date.now() - 1000),
  caption: 'Apartamento à venda #imoveis',
  slides: [0],
  altText: 'Sala ampla',
  ratio: 'original',
  fit: 'cover',
})
process.stdout.write(`publication ${publication.id}\n`)
const result = await runPublication(deps, publication.id)
const [after] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, publication.id))
process.stdout.write(`finished: ${result} ${after?.error ?? ''} (the parent should have killed this process)\n`)
process.exit(1)
