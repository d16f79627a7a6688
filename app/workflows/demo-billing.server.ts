// The embedded default's billing work (no Stripe key; ADR 080, 309): the demo payment page's
// confirmation (a card active at once; a boleto or Pix awaiting payment with its line or code and
// due date), the demo's payment of it (an invoice.paid handled by the webhook's own code) and the
// demo portal's cancellation. Every change goes through applySubscriptionState (ADR 082).
import { periodOfLookupKey, planOfLookupKey, subscriptionIsLive, type PlanPeriod } from '~/domain/billing'
import {
  PIX_HOURS,
  boletoDueDate,
  demoBoletoLine,
  demoPixCode,
  isOverdue,
  type PaymentMethod,
  type SubscriptionPayment,
} from '~/domain/payment-methods'
import type { BillingBackend, BillingEvent, ProviderSubscription } from '~/integrations/stripe/billing.server'
import { demoSubscriptionObject } from '~/integrations/stripe/demo.server'
import { applySubscriptionState, getSubscription, type ApplyOutcome } from '~/models/subscriptions.server'
import type { Database } from '~/utils/db.server'
import { ensureCustomer, handleBillingEvent, stateOf, type BillingUser } from './billing.server'

function addPeriod(now: Date, period: PlanPeriod) {
  const end = new Date(now)
  if (period === 'anual') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

/** The demo's test card, as Stripe's test mode has it. */
const DEMO_CARD_LAST4 = '4242'

/** How a demo checkout is paid: a card at once; a boleto or Pix awaited, with its code and due date. */
function demoPayment(method: PaymentMethod, lookupKey: string, subscriptionId: string, now: Date): SubscriptionPayment {
  const amount = planOfLookupKey(lookupKey)?.prices[periodOfLookupKey(lookupKey) ?? 'mensal'].unitAmount ?? 0
  if (method === 'card') return { method, last4: DEMO_CARD_LAST4, paidAt: now.toISOString(), amount, pending: null }
  const seed = subscriptionId.replace(/\D/g, '') + String(now.getTime())
  const due = method === 'boleto' ? boletoDueDate(now) : new Date(now.getTime() + PIX_HOURS * 3_600_000)
  const code =
    method === 'boleto' ? demoBoletoLine(seed, due, amount) : demoPixCode(crypto.randomUUID(), amount, subscriptionId)
  return { method, last4: null, paidAt: null, amount, pending: { dueAt: due.toISOString(), code, url: null } }
}

/**
 * The demo payment page's confirmation: by card, an active demo subscription to the plan; by
 * boleto or Pix, one awaiting its first payment (`incomplete`, as Stripe has it), which gives
 * the plan only once paid (ADR 309).
 */
export async function confirmDemoCheckout(
  db: Database,
  billing: BillingBackend,
  user: BillingUser,
  lookupKey: string,
  method: PaymentMethod = 'card',
  now = new Date(),
): Promise<ApplyOutcome> {
  const period = periodOfLookupKey(lookupKey)
  if (billing.provider !== 'demo' || !period) return 'stale'
  const customerId = await ensureCustomer(db, billing, user)
  const id = `demo_sub_${crypto.randomUUID()}`
  const subscription: ProviderSubscription = {
    id,
    customerId,
    status: method === 'card' ? 'active' : 'incomplete',
    lookupKey,
    currentPeriodEnd: addPeriod(now, period),
    cancelAtPeriodEnd: false,
    userId: user.id,
    payment: demoPayment(method, lookupKey, id, now),
  }
  const event = { id: `demo_evt_${crypto.randomUUID()}`, type: 'checkout.session.completed', createdAt: now }
  return applySubscriptionState(db, stateOf(subscription, user.id, 'demo', now), event)
}

export type DemoPaymentOutcome = ApplyOutcome | 'ignored' | 'nothing-due' | 'overdue'

/**
 * The demo's "the boleto (or Pix) was paid": an invoice.paid event carrying the subscription,
 * now active from today for a period, handled by the webhook's own code (handleBillingEvent).
 */
export async function payDemoInvoice(
  db: Database,
  billing: BillingBackend,
  userId: string,
  now = new Date(),
): Promise<DemoPaymentOutcome> {
  const stored = await getSubscription(db, userId)
  const payment = stored?.payment
  if (billing.provider !== 'demo' || !stored || stored.provider !== 'demo' || stored.status !== 'incomplete')
    return 'nothing-due'
  if (!payment?.pending) return 'nothing-due'
  if (isOverdue(payment, now)) return 'overdue'
  const period = periodOfLookupKey(stored.lookup_key) ?? 'mensal'
  const subscription: ProviderSubscription = {
    id: stored.subscription_id ?? '',
    customerId: stored.customer_id ?? '',
    status: 'active',
    lookupKey: stored.lookup_key,
    currentPeriodEnd: addPeriod(now, period),
    cancelAtPeriodEnd: false,
    userId,
    payment: { ...payment, paidAt: now.toISOString(), pending: null },
  }
  // Events have whole seconds: never before the state it follows (a payment within its second).
  const created = Math.ceil(Math.max(now.getTime(), stored.state_at?.getTime() ?? 0) / 1000)
  const event: BillingEvent = {
    id: `demo_evt_${crypto.randomUUID()}`,
    type: 'invoice.paid',
    created,
    data: {
      object: {
        object: 'invoice',
        id: `demo_in_${crypto.randomUUID()}`,
        status: 'paid',
        amount_paid: payment.amount,
        subscription: demoSubscriptionObject(subscription),
      },
    },
  }
  return handleBillingEvent(db, billing, event)
}

/** The demo portal: cancel at the period's end, or take the cancellation back. */
export async function setDemoCancellation(db: Database, userId: string, cancel: boolean, now = new Date()) {
  const current = await getSubscription(db, userId)
  if (!current || current.provider !== 'demo' || !subscriptionIsLive(current, now)) return 'stale' as const
  const subscription: ProviderSubscription = {
    id: current.subscription_id ?? '',
    customerId: current.customer_id ?? '',
    status: current.status,
    lookupKey: current.lookup_key,
    currentPeriodEnd: current.current_period_end,
    cancelAtPeriodEnd: cancel,
    userId,
  }
  const event = { id: `demo_evt_${crypto.randomUUID()}`, type: 'customer.subscription.updated', createdAt: now }
  return applySubscriptionState(db, stateOf(subscription, userId, 'demo', now), event)
}
