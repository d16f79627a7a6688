// Child process of tests/integration/kill-during-feed-photos.test.ts: opens the database at
// argv[2]/db (storage in argv[2]), connects an uploaded VRSync feed of `sampleListings(count,
// seed 5)` whose photos are on the local host argv[3], runs its first sync with one photo worker
// and says `connection <id> <agent>` on stdout; the photo host stops answering midway and the
// parent kills this process with SIGKILL.
import path from 'node:path'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { openDatabase } from '../../app/utils/db.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { startSync, type FeedSyncDeps } from '../../app/workflows/feed-sync.server'
import { vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { createAgent } from './feeds'

const [dataDir, photoBase, count] = process.argv.slice(2) as [string, string, string]
const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
await handle.migrate()
const agent = await createAgent(handle)
const deps: FeedSyncDeps = {
  db: handle.db,
  storage: createDiskStorage(dataDir),
  credentialsSecret: 'chave-de-teste-das-credenciais-0123456789',
  fetchOptions: { allowPrivateHosts: true },
  concurrency: 1,
}
const bytes = new TextEncoder().encode(vrsyncFeed(sampleListings(Number(count), { seed: 5, photos: 2 }), photoBase))
const result = await connectFeed(deps, agent, { kind: 'upload', file: { name: 'imoveis.xml', bytes } })
if (!result.ok) throw new Error(result.message)
const outcome = await startSync(deps, result.connection, 'connect')
process.stdout.write(`connection ${result.connection.id} ${agent}\n`)
await outcome?.photos
process.stdout.write('finished (the parent should have killed this process)\n')
process.exit(1)
