// The trial's end when it is left (ADR 269): an anonymous visitor not seen for 7 days
// is deleted with their files, as an account deletion deletes (rows, stored files, auth user).
// Hourly on pg-boss; a run takes at most a batch, the next run the rest.
import type { Jobs } from '~/utils/jobs.server'
import { createAdminClient, type AuthBackend } from '~/utils/auth.server'
import { unusedVisitors } from '~/models/users.server'
import { deleteAccount, type DeletionDeps } from './account.server'

export const TRIAL_CLEANUP_QUEUE = 'trial-cleanup'
/** Days a trial is kept after the visitor was last seen. */
export const TRIAL_DAYS = 7

/** Deletes the visitors unseen for TRIAL_DAYS; returns how many. */
export async function deleteUnusedTrials(deps: DeletionDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRIAL_DAYS * 24 * 60 * 60 * 1000)
  const ids = await unusedVisitors(deps.db, cutoff)
  let deleted = 0
  for (const id of ids) {
    try {
      await deleteAccount(deps, id)
      deleted++
    } catch (error) {
      deps.logger.error('trial cleanup: visitor not deleted', { userId: id, error })
    }
  }
  if (deleted) deps.logger.info('trial cleanup', { deleted })
  return deleted
}

/** The auth user at the auth service; a missing one is fine (the built-in one goes with the rows). */
export function authUserDeleter(backend: AuthBackend) {
  return async (userId: string) => {
    const { error } = await createAdminClient(backend).auth.admin.deleteUser(userId)
    if (error && error.status !== 404) throw error
  }
}

export async function startTrialCleanupJob(jobs: Jobs, deps: DeletionDeps) {
  await jobs.work(TRIAL_CLEANUP_QUEUE, async () => void (await deleteUnusedTrials(deps)))
  await jobs.schedule(TRIAL_CLEANUP_QUEUE, '41 * * * *')
}
