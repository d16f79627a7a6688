// The demo account's plan (idempotent): a demo subscription to Profissional for a year, written
// through the same state code as the webhook, so the seeded account can use the whole product.
import { applySubscriptionState, getSubscription } from '../../app/models/subscriptions.server'
import type { Database } from '../../app/utils/db.server'

export const DEMO_ACCOUNT_PLAN = 'profissional_anual'

export async function seedDemoSubscription(db: Database, userId: string, now = new Date()) {
  if (await getSubscription(db, userId)) return false
  const periodEnd = new Date(now)
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1)
  await applySubscriptionState(db, {
    userId,
    provider: 'demo',
    customerId: `demo_cus_${userId}`,
    subscriptionId: `demo_sub_seed_${userId}`,
    status: 'active',
    lookupKey: DEMO_ACCOUNT_PLAN,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    stateAt: now,
  })
  return true
}
