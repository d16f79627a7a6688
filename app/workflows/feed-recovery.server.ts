// Syncs a dead process left behind (ADR 213): a killed server's lock is taken over as
// soon as its holder is known dead (or its heartbeat is two minutes old), its photos resume in
// the same report, and a sync killed before all its listings were read is failed visibly and run
// again. At start-up (and once more when a holder's heartbeat may have gone stale) and hourly.
import { countPendingPhotos } from '~/models/feed-listings.server'
import { failInterruptedReport, listInterruptedConnections, listSyncReports } from '~/models/feeds.server'
import { holdSyncLock, photoPhase, syncConnection, type FeedSyncDeps } from './feed-sync.server'

export const INTERRUPTED_SYNC =
  'A sincronização foi interrompida antes de ler todos os imóveis (o servidor reiniciou). Ela foi feita de novo logo depois.'

/**
 * Takes over every interrupted sync whose holder is gone and finishes it; a live sync is left
 * alone. `soleProcess`: the embedded database (no other process can hold a lock). Returns how
 * many connections were resumed.
 */
export async function resumeInterruptedSyncs(deps: FeedSyncDeps, soleProcess = false): Promise<number> {
  let resumed = 0
  for (const connection of await listInterruptedConnections(deps.db)) {
    const lock = await holdSyncLock(deps.db, connection.id, soleProcess)
    if (!lock) continue
    const [last] = await listSyncReports(deps.db, connection.user_id, connection.id, 1)
    if (last && last.finished_at) {
      const pending = await countPendingPhotos(deps.db, connection.id)
      deps.logger?.info('feed sync resumed', { integrationId: connection.id, pendingPhotos: pending })
      await photoPhase(deps, connection, last.id, !last.failure, lock)
    } else {
      if (last) await failInterruptedReport(deps.db, last.id, INTERRUPTED_SYNC)
      await lock.release(null)
      deps.logger?.info('feed sync restarted', { integrationId: connection.id })
      await syncConnection(deps, connection, 'schedule')
    }
    resumed++
  }
  return resumed
}
