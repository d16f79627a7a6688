// Subscriptions, customers and the webhook event log. The subscription row is the only source
// entitlements are read from; applySubscriptionState is the one way it changes, used alike by
// the Stripe webhook, the success page's re-read and the demo checkout (ADR 082).
import { and, eq, sql } from 'drizzle-orm'
import { billingCustomers, billingEvents, subscriptions, users, type Subscription } from '../../db/schema'
import { entitlementsOf, LIVE_STATUSES, planOfSubscription } from '~/domain/billing'
import { settledPayment, type SubscriptionPayment } from '~/domain/payment-methods'
import { approvalToKeep } from '~/domain/team'
import { preparedQuery, type Database } from '~/utils/db.server'

export type BillingProvider = 'stripe' | 'demo'

/** A subscription as the provider reports it, at a moment of the provider's clock. */
export type SubscriptionState = {
  userId: string
  provider: BillingProvider
  customerId: string
  subscriptionId: string
  status: string
  lookupKey: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  /** When the provider produced this state (a Stripe event's `created`). */
  stateAt: Date
  /**
   * How it is paid, when this state tells (undefined: it does not, and what is stored stays,
   * e.g. a Stripe event whose payment method is not expanded).
   */
  payment?: SubscriptionPayment | null
}

/** The event a state came with: recorded in the same transaction, so a repeat is a no-op. */
export type EventRecord = { id: string; type: string; createdAt: Date }

export type ApplyOutcome = 'applied' | 'stale' | 'duplicate'

/** The user's subscription row (the header reads it on every signed-in page: prepared once). */
const subscriptionOf = preparedQuery((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.user_id, sql.placeholder('userId')))
    .limit(1)
    .prepare('subscription_of_user'),
)

export async function getSubscription(db: Database, userId: string): Promise<Subscription | null> {
  const [row] = await subscriptionOf(db).execute({ userId })
  return row ?? null
}

const isLiveStatus = (status: string) => LIVE_STATUSES.has(status)
/** Over: not live, and not a first payment still awaited (a boleto or Pix not paid yet). */
const isEnded = (status: string) => !isLiveStatus(status) && status !== 'incomplete'

/**
 * Whether `incoming` may replace `stored` (ADR 082):
 * - the same subscription: not when it is older; at the same second, an ended subscription
 *   is not brought back by a live state (Stripe's clock has one-second steps), while one awaiting
 *   its first payment (`incomplete`) may become live;
 * - another subscription: an ended one never replaces a live one (a late event of an old
 *   subscription), and a live one replaces a live one only when it is not older.
 */
export function replaces(stored: Subscription, incoming: SubscriptionState): boolean {
  const storedAt = stored.state_at?.getTime() ?? Number.NEGATIVE_INFINITY
  const incomingAt = incoming.stateAt.getTime()
  if (stored.subscription_id === incoming.subscriptionId) {
    if (incomingAt < storedAt) return false
    if (incomingAt === storedAt && isEnded(stored.status) && isLiveStatus(incoming.status)) return false
    return true
  }
  if (!isLiveStatus(stored.status)) return true
  if (!isLiveStatus(incoming.status)) return false
  return incomingAt >= storedAt
}

/**
 * Records the event (when given) and applies the state, in one transaction: a repeated event
 * id changes nothing, and an older state never rolls a newer one back.
 */
export async function applySubscriptionState(
  db: Database,
  state: SubscriptionState | null,
  event?: EventRecord,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    if (event) {
      const recorded = await tx
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, created_at: event.createdAt })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id })
      if (recorded.length === 0) return 'duplicate'
    }
    if (!state) return 'stale'
    const live = isLiveStatus(state.status)
    const values = {
      lookup_key: state.lookupKey,
      status: state.status,
      customer_id: state.customerId,
      subscription_id: state.subscriptionId,
      current_period_end: state.currentPeriodEnd,
      cancel_at_period_end: state.cancelAtPeriodEnd,
      provider: state.provider,
      state_at: state.stateAt,
    }
    const inserted = await tx
      .insert(subscriptions)
      .values({ user_id: state.userId, ...values, payment: settledPayment(state.payment ?? null, live) })
      .onConflictDoNothing({ target: subscriptions.user_id })
      .returning({ id: subscriptions.id })
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.user_id, state.userId))
        .for('update')
      if (!stored || !replaces(stored, state)) return 'stale'
      const known =
        state.payment !== undefined
          ? state.payment
          : stored.subscription_id === state.subscriptionId
            ? stored.payment
            : null
      await tx
        .update(subscriptions)
        .set({ ...values, payment: settledPayment(known, live) })
        .where(eq(subscriptions.id, stored.id))
    }
    await keepApprovalOf(tx, state.userId, entitlementsOf(planOfSubscription(values)).seats)
    return 'applied'
  })
}

/**
 * A team plan's default approval written on the account (ADR 306): a later downgrade or lapse,
 * which may come with no event at all (a period that ends), leaves it on until the owner turns it off.
 */
async function keepApprovalOf(tx: Database, accountId: string, seats: number) {
  const [account] = await tx.select({ setting: users.require_approval }).from(users).where(eq(users.id, accountId))
  if (!account) return
  const kept = approvalToKeep(account.setting, seats)
  if (kept !== account.setting) await tx.update(users).set({ require_approval: kept }).where(eq(users.id, accountId))
}

/** Records an event that changes no subscription (another mode, an unknown customer). */
export async function recordEvent(db: Database, event: EventRecord): Promise<ApplyOutcome> {
  return applySubscriptionState(db, null, event)
}

export async function eventSeen(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId))
  return Boolean(row)
}

export async function getCustomerId(db: Database, userId: string, provider: BillingProvider): Promise<string | null> {
  const [row] = await db
    .select({ customer_id: billingCustomers.customer_id })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.user_id, userId), eq(billingCustomers.provider, provider)))
  return row?.customer_id ?? null
}

/**
 * Keeps the user's customer id; when two requests raced, the first one stored wins and is
 * returned (the Stripe create call is idempotent per user, so both saw the same id anyway).
 */
export async function saveCustomerId(
  db: Database,
  userId: string,
  provider: BillingProvider,
  customerId: string,
): Promise<string> {
  await db
    .insert(billingCustomers)
    .values({ user_id: userId, provider, customer_id: customerId })
    .onConflictDoUpdate({
      target: billingCustomers.user_id,
      set: { customer_id: customerId, provider },
      // A customer of the other provider (a demo install moved to Stripe) is replaced.
      setWhere: sql`${billingCustomers.provider} <> ${provider}`,
    })
  return (await getCustomerId(db, userId, provider)) ?? customerId
}

export async function userIdOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ user_id: billingCustomers.user_id })
    .from(billingCustomers)
    .where(eq(billingCustomers.customer_id, customerId))
  return row?.user_id ?? null
}

/** Whether the account still exists (an event may arrive for a deleted one). */
export async function userExists(db: Database, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return false
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  return Boolean(row)
}
