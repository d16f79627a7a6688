// The production backend: the `stripe` library (API version pinned by the library). Prices are
// found by lookup key and cached briefly; customers are created once per user (idempotency key);
// checkout is a subscription-mode session, hosted or embedded (ui_mode embedded_page).
import Stripe from 'stripe'
import { LRUCache } from 'lru-cache'
import type { BillingInterval } from '~/domain/billing'
import {
  BOLETO_DAYS,
  PAYMENT_METHODS,
  PIX_HOURS,
  boletoDueDate,
  isPaymentMethod,
  type PaymentMethod,
  type SubscriptionPayment,
} from '~/domain/payment-methods'
import {
  BillingProviderError,
  WebhookSignatureError,
  type BillingBackend,
  type BillingEvent,
  type CheckoutFacts,
  type CheckoutRequest,
  type CheckoutSession,
  type CustomerFiscalCopy,
  type InvoiceSummary,
  type PlanPrice,
  type ProviderSubscription,
} from './types'

export type StripeBillingConfig = {
  secretKey: string
  webhookSecret: string | null
  publishableKey: string | null
  /** The ways to pay Checkout offers (all three by default; ADR 309). */
  paymentMethods?: readonly PaymentMethod[]
  host?: string
  port?: string | number
  protocol?: 'http' | 'https'
  /** How long a price list is reused (ms). */
  pricesTtlMs?: number
  /** Per request (ms; 15 s by default): a hung Stripe becomes a message, not a hung page. */
  timeoutMs?: number
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

/** A payment method object (expanded) → card with its last digits, Pix or boleto. */
function methodOf(paymentMethod: string | Stripe.PaymentMethod | null | undefined) {
  if (!paymentMethod || typeof paymentMethod === 'string' || !isPaymentMethod(paymentMethod.type)) return null
  return { method: paymentMethod.type, last4: paymentMethod.card?.last4 ?? null }
}

/**
 * What a subscription read with its default payment method and latest invoice expanded says of
 * how it is paid; undefined when neither is expanded (an event's subscription: what is stored stays).
 */
function paymentOf(subscription: Stripe.Subscription): SubscriptionPayment | null | undefined {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null
  const method = methodOf(subscription.default_payment_method)
  if (!method && !invoice) return undefined
  // A first boleto or Pix not paid yet: the subscription is `incomplete`, its invoice open, and
  // Stripe's invoice page shows the boleto (line, PDF) or the Pix code.
  const awaiting = subscription.status === 'incomplete' && invoice?.status === 'open'
  const pendingMethod: PaymentMethod | null = method?.method ?? (awaiting ? 'boleto' : null)
  if (!pendingMethod) return null
  const created = new Date((invoice?.created ?? subscription.created) * 1000)
  const paidAt = invoice?.status_transitions?.paid_at
  return {
    method: pendingMethod,
    last4: method?.last4 ?? null,
    paidAt: paidAt ? new Date(paidAt * 1000).toISOString() : null,
    amount: paidAt ? (invoice?.amount_paid ?? null) : null,
    pending: awaiting
      ? {
          dueAt: (pendingMethod === 'pix'
            ? new Date(created.getTime() + PIX_HOURS * 3_600_000)
            : boletoDueDate(created)
          ).toISOString(),
          code: null,
          url: invoice?.hosted_invoice_url ?? null,
        }
      : null,
  }
}

/** Stripe's subscription → the fields the app keeps (current period on the first item). */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0]
  const periodEnd = item?.current_period_end ?? null
  const payment = paymentOf(subscription)
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    lookupKey: item?.price?.lookup_key ?? item?.price?.id ?? '',
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    // A portal cancellation sets cancel_at_period_end, or cancel_at on newer API versions.
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    userId: subscription.metadata?.user_id || null,
    ...(payment === undefined ? {} : { payment }),
  }
}

function toPlanPrice(price: Stripe.Price): PlanPrice {
  return {
    lookupKey: price.lookup_key ?? price.id,
    priceId: price.id,
    unitAmount: price.unit_amount,
    currency: price.currency,
    interval: (price.recurring?.interval as BillingInterval | undefined) ?? null,
    intervalCount: price.recurring?.interval_count ?? null,
  }
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new BillingProviderError(`Stripe ${what} failed${error instanceof Error ? `: ${error.message}` : ''}`, error)
  }
}

async function updateCustomerFiscal(stripe: Stripe, customerId: string, fiscal: CustomerFiscalCopy) {
  await call('customers.update', () =>
    stripe.customers.update(customerId, {
      name: fiscal.name,
      email: fiscal.email,
      address: {
        line1: fiscal.address.line1,
        line2: fiscal.address.line2 ?? '',
        postal_code: fiscal.address.postalCode,
        city: fiscal.address.city,
        state: fiscal.address.state,
        country: 'BR',
      },
    }),
  )
  // One Brazilian tax id on the customer: the current one.
  const type = fiscal.documentType === 'cnpj' ? 'br_cnpj' : 'br_cpf'
  const existing = await call('customers.listTaxIds', () => stripe.customers.listTaxIds(customerId, { limit: 100 }))
  let present = false
  for (const taxId of existing.data) {
    if (taxId.type === type && taxId.value === fiscal.document) present = true
    else if (taxId.type === 'br_cpf' || taxId.type === 'br_cnpj')
      await call('customers.deleteTaxId', () => stripe.customers.deleteTaxId(customerId, taxId.id))
  }
  if (!present)
    await call('customers.createTaxId', () =>
      stripe.customers.createTaxId(customerId, { type, value: fiscal.document }),
    )
}

/**
 * Checkout's payment method for the choice (ADR 309; `allowed_payment_method_types`, which replaced
 * `payment_method_types` in the pinned API version: a filter on what the account may offer): a card; a boleto, which Stripe bills on
 * subscriptions through their invoices (a new boleto each renewal), due in BOLETO_DAYS; Pix with a
 * Pix Automático mandate for the plan's amount and period (Stripe's recurring Pix, API 2026-04-22).
 */
export function paymentMethodParams(
  method: PaymentMethod,
  price: CheckoutRequest['price'],
): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options'> {
  if (method === 'boleto')
    return {
      allowed_payment_method_types: ['boleto'],
      payment_method_options: { boleto: { expires_after_days: BOLETO_DAYS } },
    }
  if (method === 'pix')
    return {
      allowed_payment_method_types: ['pix'],
      payment_method_options: {
        pix: {
          expires_after_seconds: PIX_HOURS * 3600,
          mandate_options: {
            amount: price.unitAmount ?? undefined,
            amount_type: 'fixed',
            currency: 'brl',
            payment_schedule: price.interval === 'year' ? 'yearly' : 'monthly',
          },
        },
      },
    }
  return { allowed_payment_method_types: ['card'] }
}

async function createCheckout(stripe: Stripe, request: CheckoutRequest): Promise<CheckoutSession> {
  const { userId, customerId, price, embedded, successUrl, cancelUrl, paymentMethod } = request
  const session = await call('checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      line_items: [{ price: price.priceId, quantity: 1 }],
      ...paymentMethodParams(paymentMethod, price),
      metadata: { user_id: userId, lookup_key: price.lookupKey, payment_method: paymentMethod },
      subscription_data: { metadata: { user_id: userId, lookup_key: price.lookupKey } },
      locale: 'pt-BR',
      allow_promotion_codes: true,
      ...(embedded
        ? { ui_mode: 'embedded_page' as const, return_url: successUrl }
        : { success_url: successUrl, cancel_url: cancelUrl }),
    }),
  )
  return { id: session.id, url: session.url ?? null, clientSecret: session.client_secret ?? null }
}

async function getCheckout(stripe: Stripe, sessionId: string): Promise<CheckoutFacts> {
  const session = await call('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(sessionId))
  return {
    userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    complete: session.status === 'complete',
    createdAt: new Date(session.created * 1000),
  }
}

function verifyWebhook(stripe: Stripe, secret: string | null, payload: string, signature: string | null): BillingEvent {
  if (!secret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set')
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header')
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret)
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature', { cause: error })
  }
}

/** Prices by lookup key (Stripe takes up to 10 per request), reused for `ttlMs`. */
function cachedPrices(stripe: Stripe, ttlMs: number) {
  // ttl 0 is "for ever" to lru-cache, "not at all" here (tests): then nothing is kept.
  const cache = new LRUCache<string, PlanPrice[]>({ max: 16, ttl: Math.max(1, ttlMs) })
  return async (lookupKeys: readonly string[]) => {
    const key = [...lookupKeys].sort().join(',')
    const cached = cache.get(key)
    if (cached) return cached
    const prices: PlanPrice[] = []
    for (let i = 0; i < lookupKeys.length; i += 10) {
      const page = await call('prices.list', () =>
        stripe.prices.list({ lookup_keys: lookupKeys.slice(i, i + 10), active: true, limit: 100 }),
      )
      prices.push(...page.data.map(toPlanPrice))
    }
    if (ttlMs > 0) cache.set(key, prices)
    return prices
  }
}

export function createStripeBilling(config: StripeBillingConfig): BillingBackend {
  const stripe = new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    // One retry of a network failure or time-out, with the idempotency key the library adds to
    // every POST: a retried create returns the first object, never a second one.
    maxNetworkRetries: 1,
    timeout: config.timeoutMs ?? 15_000,
    telemetry: false,
    appInfo: { name: 'Vitrine' },
  })
  return {
    provider: 'stripe',
    publishableKey: config.publishableKey,
    paymentMethods: config.paymentMethods ?? PAYMENT_METHODS,
    listPrices: cachedPrices(stripe, config.pricesTtlMs ?? 60_000),
    async createCustomer({ userId, email, name }) {
      const customer = await call('customers.create', () =>
        stripe.customers.create(
          { email, name: name ?? undefined, metadata: { user_id: userId }, preferred_locales: ['pt-BR'] },
          { idempotencyKey: `vitrine-customer-${userId}` },
        ),
      )
      return customer.id
    },
    updateCustomerFiscal: (customerId, fiscal) => updateCustomerFiscal(stripe, customerId, fiscal),
    createCheckout: (request) => createCheckout(stripe, request),
    getCheckout: (sessionId) => getCheckout(stripe, sessionId),
    async createPortal(customerId, returnUrl) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'pt-BR' }),
      )
      return { url: session.url }
    },
    async getSubscription(subscriptionId) {
      const subscription = await call('subscriptions.retrieve', () =>
        stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method', 'latest_invoice'] }),
      )
      return toProviderSubscription(subscription)
    },
    readSubscription: (object) => toProviderSubscription(object as Stripe.Subscription),
    verifyWebhook: (payload, signature) => verifyWebhook(stripe, config.webhookSecret, payload, signature),
    cancelSubscription: (subscriptionId) => cancelSubscription(stripe, subscriptionId),
    listInvoices: (customerId) => listInvoices(stripe, customerId),
  }
}

async function cancelSubscription(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId)
  } catch (error) {
    // Already cancelled or unknown: nothing left to stop.
    if ((error as { code?: string }).code === 'resource_missing') return
    throw new BillingProviderError('subscriptions.cancel failed', error)
  }
}

/** The latest invoices, each with how it was paid: its payment intent's payment method. */
async function listInvoices(stripe: Stripe, customerId: string): Promise<InvoiceSummary[]> {
  const [list, intents] = await Promise.all([
    call('invoices.list', () => stripe.invoices.list({ customer: customerId, limit: 12, expand: ['data.payments'] })),
    call('paymentIntents.list', () =>
      stripe.paymentIntents.list({ customer: customerId, limit: 24, expand: ['data.payment_method'] }),
    ),
  ])
  const methods = new Map(intents.data.map((intent) => [intent.id, methodOf(intent.payment_method)]))
  const paidWith = (invoice: Stripe.Invoice) => {
    if (invoice.status !== 'paid') return null
    for (const payment of invoice.payments?.data ?? []) {
      const intent = payment.payment?.payment_intent
      const found = intent ? methods.get(typeof intent === 'string' ? intent : intent.id) : null
      if (found) return found
    }
    return null
  }
  return list.data.map((invoice) => ({
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    createdAt: new Date(invoice.created * 1000),
    amount: invoice.total ?? 0,
    status: invoice.status ?? null,
    url: invoice.hosted_invoice_url ?? null,
    paidWith: paidWith(invoice),
  }))
}
