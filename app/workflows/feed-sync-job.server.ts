// The hourly feed sync (ADR 120) on the jobs service: every connection whose last sync
// is older than 55 minutes is read again. pg-boss runs one job of a queue at a time per worker
// and a singleton key keeps two instances from syncing the same hour twice.
import type { Env } from '~/env.server'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { addListingPiece } from './month-autopilot.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { credentialsKeyFor } from '~/models/app-secrets.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { SYNC_LOCK_STALE_MS } from '~/models/feeds.server'
import { resumeInterruptedSyncs } from './feed-recovery.server'
import { syncDueConnections, type FeedSyncDeps } from './feed-sync.server'

export const FEED_SYNC_QUEUE = 'feeds-sync-due'

export async function feedSyncDeps(env: Env, db: Database, storage: Storage, logger: Logger): Promise<FeedSyncDeps> {
  return {
    db,
    storage,
    credentialsSecret: await credentialsKeyFor(env, db),
    fetchOptions: { allowPrivateHosts: env.FEED_PRIVATE_HOSTS },
    writer: createCopyWriter(env),
    logger,
  }
}

const resume = (deps: FeedSyncDeps, soleProcess: boolean) =>
  resumeInterruptedSyncs(deps, soleProcess).catch((error) => deps.logger?.error('feed sync recovery failed', { error }))

/**
 * Registers the hourly sync on `jobs` (a worker instance only), which first finishes the syncs a
 * dead process left; and finishes them now, in the background, and again once a holder on
 * another machine would have stopped its heartbeat long enough (ADR 213). `soleProcess`: the
 * embedded database.
 */
export async function startFeedSyncJob(jobs: Jobs, given: FeedSyncDeps, soleProcess = false) {
  // A new listing or a lower price adds a piece to the current "Mês pronto" month (ADR 283).
  const deps: FeedSyncDeps = {
    ...given,
    onListingEvents: async (accountId, events) => {
      for (const event of events) await addListingPiece({ db: given.db, jobs }, accountId, event)
    },
  }
  await jobs.work(FEED_SYNC_QUEUE, async () => {
    await resume(deps, soleProcess)
    const reports = await syncDueConnections(deps)
    if (reports.length) deps.logger?.info('feeds synced', { connections: reports.length })
  })
  await jobs.schedule(FEED_SYNC_QUEUE, '7 * * * *')
  void resume(deps, soleProcess)
  setTimeout(() => void resume(deps, soleProcess), SYNC_LOCK_STALE_MS + 10_000).unref()
}
