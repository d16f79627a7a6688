// Billing work that spans the models and the payment backend: plans with their prices,
// checkout, the portal, the webhook's events, the demo checkout and the fiscal data's copy on
// the customer. Every subscription change goes through applySubscriptionState (ADR 082).
import { LRUCache } from 'lru-cache'
import {
  ALL_LOOKUP_KEYS,
  PLANS,
  PLAN_PERIODS,
  planOfLookupKey,
  subscriptionIsLive,
  type CatalogPlan,
  type PlanPeriod,
} from '~/domain/billing'
import { formatDocument } from '~/domain/fiscal'
import type { PaymentMethod } from '~/domain/payment-methods'
import type { FiscalDataInput } from '~/domain/fiscal-schema'
import {
  WebhookSignatureError,
  type BillingBackend,
  type BillingEvent,
  type CheckoutSession,
  type PlanPrice,
  type ProviderSubscription,
} from '~/integrations/stripe/billing.server'
import { getFiscalData, markFiscalDataSynced, saveFiscalData } from '~/models/fiscal-data.server'
import {
  applySubscriptionState,
  eventSeen,
  getCustomerId,
  getSubscription,
  recordEvent,
  saveCustomerId,
  userExists,
  userIdOfCustomer,
  type ApplyOutcome,
} from '~/models/subscriptions.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'

export type BillingUser = { id: string; email: string; full_name: string | null }

export type PlanOffer = { plan: CatalogPlan; prices: Record<PlanPeriod, PlanPrice | null> }

/** The catalogue's plans with the provider's prices (Stripe's by lookup key; cached there). */
export async function planOffers(billing: BillingBackend): Promise<PlanOffer[]> {
  const prices = await billing.listPrices(ALL_LOOKUP_KEYS)
  const byKey = new Map(prices.map((price) => [price.lookupKey, price]))
  return PLANS.map((plan) => ({
    plan,
    prices: Object.fromEntries(
      PLAN_PERIODS.map((period) => [period, byKey.get(plan.prices[period].lookupKey) ?? null]),
    ) as Record<PlanPeriod, PlanPrice | null>,
  }))
}

type Syncable = Pick<BillingBackend, 'updateCustomerFiscal'>

/** Copies the saved fiscal data to the customer; false when the provider refused. */
async function syncFiscalData(db: Database, billing: Syncable, userId: string, customerId: string, logger?: Logger) {
  const fiscal = await getFiscalData(db, userId)
  if (!fiscal) return true
  try {
    await billing.updateCustomerFiscal(customerId, {
      documentType: fiscal.document_type,
      document: formatDocument(fiscal.document_type, fiscal.document),
      name: fiscal.name,
      email: fiscal.invoice_email,
      address: {
        line1: `${fiscal.street}, ${fiscal.street_number}`,
        line2: [fiscal.complement, fiscal.neighborhood].filter(Boolean).join(' - ') || null,
        postalCode: fiscal.zipcode,
        city: fiscal.city,
        state: fiscal.state,
      },
    })
    await markFiscalDataSynced(db, userId, fiscal.updated_at)
    return true
  } catch (error) {
    logger?.warn('fiscal data not copied to the customer', { userId, error })
    return false
  }
}

/** The user's customer at the provider, created (with the fiscal data) the first time. */
export async function ensureCustomer(db: Database, billing: BillingBackend, user: BillingUser, logger?: Logger) {
  const known = await getCustomerId(db, user.id, billing.provider)
  if (known) {
    // Fiscal data that did not reach the customer last time are copied now (best effort).
    const fiscal = await getFiscalData(db, user.id)
    if (fiscal && !fiscal.synced_at) await syncFiscalData(db, billing, user.id, known, logger)
    return known
  }
  const created = await billing.createCustomer({ userId: user.id, email: user.email, name: user.full_name })
  const customerId = await saveCustomerId(db, user.id, billing.provider, created)
  await syncFiscalData(db, billing, user.id, customerId, logger)
  return customerId
}

export class CheckoutError extends Error {
  constructor(
    readonly reason: 'unknown-plan' | 'unknown-method' | 'subscribed' | 'create' | 'access',
    readonly planName: string | null = null,
    options?: ErrorOptions,
  ) {
    super(reason, options)
  }
}

/**
 * A subscription-mode checkout for the signed-in user: the hosted page's URL, or the client
 * secret of an embedded one. An active subscriber is sent to the portal instead (no second
 * subscription).
 */
export async function startCheckout(
  db: Database,
  billing: BillingBackend,
  user: BillingUser,
  input: { lookupKey: string; embedded: boolean; origin: string; paymentMethod?: PaymentMethod },
  logger?: Logger,
): Promise<CheckoutSession> {
  if (!planOfLookupKey(input.lookupKey)) throw new CheckoutError('unknown-plan')
  const paymentMethod = input.paymentMethod ?? 'card'
  if (!billing.paymentMethods.includes(paymentMethod)) throw new CheckoutError('unknown-method')
  const current = await getSubscription(db, user.id)
  if (subscriptionIsLive(current))
    throw new CheckoutError('subscribed', planOfLookupKey(current!.lookup_key)?.name ?? null)
  // A link opened twice, a double tap, a crawler that got past the route: one session a minute
  // per person and plan, the same one handed out again (issue 66); its customer is brought up to
  // date first (fiscal data saved in between).
  const recent = recentCheckouts(billing)
  const key = `${user.id}:${input.lookupKey}:${paymentMethod}:${input.embedded ? 'embedded' : 'hosted'}`
  let session: CheckoutSession
  try {
    const customerId = await ensureCustomer(db, billing, user, logger)
    const reused = recent.get(key)
    if (reused) return reused
    const [price] = await billing.listPrices([input.lookupKey])
    if (!price) throw new Error(`no active price with lookup key ${input.lookupKey}`)
    session = await billing.createCheckout({
      userId: user.id,
      customerId,
      price,
      embedded: input.embedded,
      paymentMethod,
      successUrl: `${input.origin}/plano/sucesso?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}/plano/cancelado`,
    })
  } catch (error) {
    logger?.error('checkout not created', { userId: user.id, lookupKey: input.lookupKey, error })
    throw new CheckoutError('create', null, { cause: error })
  }
  // Created, but nothing to reach it by: the page cannot be opened.
  if (input.embedded ? !session.clientSecret && !session.url : !session.url) throw new CheckoutError('access')
  recent.set(key, session)
  return session
}

/** The checkout sessions made in the last minute, per billing backend (a test's own or the app's). */
const checkoutsByBackend = new WeakMap<BillingBackend, LRUCache<string, CheckoutSession>>()

function recentCheckouts(billing: BillingBackend) {
  let recent = checkoutsByBackend.get(billing)
  if (!recent) {
    recent = new LRUCache<string, CheckoutSession>({ max: 10_000, ttl: 60_000 })
    checkoutsByBackend.set(billing, recent)
  }
  return recent
}

/** The customer portal's address; `returnUrl` already checked to be on our origin. */
export async function openPortal(
  db: Database,
  billing: BillingBackend,
  user: BillingUser,
  returnUrl: string,
  logger?: Logger,
): Promise<string | null> {
  try {
    const customerId = await ensureCustomer(db, billing, user, logger)
    const { url } = await billing.createPortal(customerId, returnUrl)
    return url || null
  } catch (error) {
    logger?.error('portal not opened', { userId: user.id, error })
    return null
  }
}

/** A provider's subscription as the state applySubscriptionState takes. */
export function stateOf(
  subscription: ProviderSubscription,
  userId: string,
  provider: 'stripe' | 'demo',
  stateAt: Date,
) {
  return {
    ...(subscription.payment === undefined ? {} : { payment: subscription.payment }),
    userId,
    provider,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    status: subscription.status,
    lookupKey: subscription.lookupKey,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    stateAt,
  }
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null

/** The subscription an event is about, read fresh from Stripe unless the event carries it. */
async function subscriptionOfEvent(billing: BillingBackend, event: BillingEvent) {
  const object = event.data.object as Record<string, unknown>
  switch (event.type) {
    // A boleto or Pix: the session completes unpaid (the subscription `incomplete`), then its
    // payment succeeds or fails later; each time the subscription is read again.
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.completed': {
      const subscriptionId = object.mode === 'subscription' ? idOf(object.subscription) : null
      if (!subscriptionId) return null
      const subscription = await billing.getSubscription(subscriptionId)
      const userId = typeof object.client_reference_id === 'string' ? object.client_reference_id : null
      return subscription && { subscription, userId: userId ?? subscription.userId }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = billing.readSubscription(object)
      return { subscription, userId: subscription.userId }
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // An invoice that carries its subscription whole (the demo's) is read as it is.
      if (object.subscription && typeof object.subscription === 'object') {
        const subscription = billing.readSubscription(object.subscription)
        return { subscription, userId: subscription.userId }
      }
      const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined
      const subscriptionId = idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription)
      if (!subscriptionId) return null
      const subscription = await billing.getSubscription(subscriptionId)
      return subscription && { subscription, userId: subscription.userId }
    }
    default:
      return null
  }
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const

/**
 * A verified webhook event → the subscription row. Repeats change nothing (the event id is
 * recorded with the change), older states never replace newer ones (the event's time).
 */
export async function handleBillingEvent(
  db: Database,
  billing: BillingBackend,
  event: BillingEvent,
  logger?: Logger,
): Promise<ApplyOutcome | 'ignored'> {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored'
  const record = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) }
  if (await eventSeen(db, event.id)) return 'duplicate'
  const found = await subscriptionOfEvent(billing, event)
  if (!found) return recordEvent(db, record)
  const userId = found.userId ?? (await userIdOfCustomer(db, found.subscription.customerId))
  if (!userId || !(await userExists(db, userId))) {
    logger?.warn('billing event for no known user', { eventId: event.id, customer: found.subscription.customerId })
    return recordEvent(db, record)
  }
  return applySubscriptionState(db, stateOf(found.subscription, userId, billing.provider, record.createdAt), record)
}

/**
 * The success page's re-read: a completed checkout of this user is applied at once, without
 * waiting for the webhook (at the session's creation time, so any event wins over it).
 */
export async function syncCheckout(
  db: Database,
  billing: BillingBackend,
  userId: string,
  sessionId: string,
  logger?: Logger,
): Promise<void> {
  try {
    const facts = await billing.getCheckout(sessionId)
    if (!facts || facts.userId !== userId || !facts.complete || !facts.subscriptionId) return
    const subscription = await billing.getSubscription(facts.subscriptionId)
    if (subscription) await applySubscriptionState(db, stateOf(subscription, userId, 'stripe', facts.createdAt))
  } catch (error) {
    logger?.warn('checkout re-read failed; the webhook will bring the subscription', { error })
  }
}

/** Saves the fiscal data, then copies them to the customer; `synced` false when that failed. */
export async function saveFiscalDataAndSync(
  db: Database,
  billing: BillingBackend,
  user: BillingUser,
  input: FiscalDataInput,
  logger?: Logger,
): Promise<{ synced: boolean }> {
  await saveFiscalData(db, user.id, input)
  const customerId = await getCustomerId(db, user.id, billing.provider)
  if (customerId) return { synced: await syncFiscalData(db, billing, user.id, customerId, logger) }
  try {
    // A new customer is created with the data already on it.
    await ensureCustomer(db, billing, user, logger)
  } catch (error) {
    logger?.warn('customer not created for the fiscal data', { userId: user.id, error })
    return { synced: false }
  }
  return { synced: Boolean((await getFiscalData(db, user.id))?.synced_at) }
}

/**
 * Account deletion: the live subscription at the provider ends now (no further charge). Throws
 * when the provider cannot be reached, so the account is not deleted while still billed.
 */
export async function cancelSubscriptionForDeletion(
  db: Database,
  billing: BillingBackend,
  userId: string,
  logger?: Logger,
) {
  const current = await getSubscription(db, userId)
  if (!current?.subscription_id || current.provider !== billing.provider || current.status === 'canceled') return
  await billing.cancelSubscription(current.subscription_id)
  logger?.info('subscription cancelled for account deletion', { userId })
}

/** The customer's invoices; none when there is no customer or the provider cannot be reached. */
export async function invoicesOf(db: Database, billing: BillingBackend, userId: string, logger?: Logger) {
  const customerId = await getCustomerId(db, userId, billing.provider)
  if (!customerId) return []
  try {
    return await billing.listInvoices(customerId)
  } catch (error) {
    logger?.warn('invoices not listed', { userId, error })
    return []
  }
}

/**
 * POST /api/stripe/webhook: the event, verified on the exact bytes Stripe sent, then applied once
 * (ADR 081); null when the signature is bad or missing (nothing changed). A failure while applying
 * it throws: Stripe delivers the event again later.
 */
export async function receiveStripeWebhook(
  deps: { db: Database; billing: BillingBackend; logger: Logger },
  payload: string,
  signature: string | null,
) {
  let event: BillingEvent
  try {
    event = deps.billing.verifyWebhook(payload, signature)
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error
    deps.logger.warn('webhook refused', { reason: error.message })
    return null
  }
  const outcome = await handleBillingEvent(deps.db, deps.billing, event, deps.logger)
  deps.logger.info('webhook event', { id: event.id, type: event.type, outcome })
  return outcome
}
