// Shared set-up of the feed tests: a migrated database, disk storage, the local photo host, an
// agent on the unlimited plan, the template library, and the sync's dependencies.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { users } from '../../db/schema'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import type { FeedSyncDeps } from '../../app/workflows/feed-sync.server'
import { startPhotoServer, type PhotoServer } from '../../scripts/feeds/photo-server'
import { createTestDatabase } from '../setup/db'

export type FeedHarness = {
  handle: DatabaseHandle
  storage: Storage
  photos: PhotoServer
  deps: FeedSyncDeps
  dir: string
  close: () => Promise<void>
}

export async function createFeedHarness(): Promise<FeedHarness> {
  const handle = await createTestDatabase()
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-feeds-'))
  const storage = createDiskStorage(dir)
  const photos = await startPhotoServer()
  await installTemplateLibrary(handle.db)
  const deps: FeedSyncDeps = {
    db: handle.db,
    storage,
    credentialsSecret: 'chave-de-teste-das-credenciais-0123456789',
    fetchOptions: { allowPrivateHosts: true },
    writer: createOfflineWriter(() => 0.5),
  }
  return {
    handle,
    storage,
    photos,
    deps,
    dir,
    close: async () => {
      await photos.close()
      await handle.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A new agent; `unlimited` gives the Imobiliária plan (no property limit). */
export async function createAgent(handle: DatabaseHandle, unlimited = true): Promise<string> {
  const id = crypto.randomUUID()
  await handle.db.insert(users).values({ id, email: `corretor-${id}@example.com`, full_name: 'Corretora Teste' })
  if (unlimited)
    await applySubscriptionState(handle.db, {
      userId: id,
      provider: 'demo',
      customerId: `demo_cus_${id}`,
      subscriptionId: `demo_sub_${id}`,
      status: 'active',
      lookupKey: 'imobiliaria_mensal',
      currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      cancelAtPeriodEnd: false,
      stateAt: new Date(),
    })
  return id
}
