// A new property (the form's, or a copy) counted and saved under the account's quota lock, as
// scheduling and posts are: two taps at the plan's last property make one property.
import type { Storage } from '~/integrations/storage/storage.server'
import type { HomeInput } from '~/domain/home-schema'
import { createHome, duplicateHome, type Home } from '~/models/homes.server'
import { canCreateHome, lockQuotaOf } from '~/models/quota.server'
import type { Database } from '~/utils/db.server'

/** The saved property, or 'over-limit' when the plan holds no more (nothing written). */
export function createHomeWithinPlan(
  db: Database,
  storage: Storage,
  accountId: string,
  input: HomeInput,
  responsibleId: string,
): Promise<Home | 'over-limit'> {
  return db.transaction(async (tx) => {
    await lockQuotaOf(tx, accountId)
    if (!(await canCreateHome(tx, accountId)).allowed) return 'over-limit'
    return createHome(tx, storage, accountId, input, responsibleId)
  })
}

/** A copy of one of the account's properties, within the plan; null when it is not theirs. */
export function duplicateHomeWithinPlan(
  db: Database,
  storage: Storage,
  accountId: string,
  id: number,
  responsibleId: string,
): Promise<Home | 'over-limit' | null> {
  return db.transaction(async (tx) => {
    await lockQuotaOf(tx, accountId)
    if (!(await canCreateHome(tx, accountId)).allowed) return 'over-limit'
    return duplicateHome(tx, storage, accountId, id, responsibleId)
  })
}
