// The embedded default (no STRIPE_SECRET_KEY): prices from the local catalogue, a checkout that
// leads to /plano/pagamento-demo (card, Pix or boleto) and a portal at /plano/portal-demo. Nothing
// is charged; the demo confirmation writes the subscription through the same code as the webhook
// (ADR 080), and a demo boleto or Pix is paid by a demo invoice.paid event that carries its
// subscription, handled like Stripe's (ADR 309).
import { z } from 'zod'
import { PLANS, PLAN_PERIODS } from '~/domain/billing'
import { PAYMENT_METHODS } from '~/domain/payment-methods'
import { WebhookSignatureError, type BillingBackend, type PlanPrice, type ProviderSubscription } from './types'

export const DEMO_CHECKOUT_PATH = '/plano/pagamento-demo'
export const DEMO_PORTAL_PATH = '/plano/portal-demo'

const isoDate = z.iso.datetime({ offset: true })

/** A demo subscription as a demo event carries it (the row's facts, dates in ISO 8601). */
const DemoSubscriptionSchema = z.object({
  object: z.literal('demo_subscription'),
  id: z.string().startsWith('demo_sub_'),
  customerId: z.string(),
  status: z.string(),
  lookupKey: z.string(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  userId: z.string().nullable(),
  payment: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      last4: z.string().nullable(),
      paidAt: isoDate.nullable(),
      amount: z.number().int().nullable(),
      pending: z.object({ dueAt: isoDate, code: z.string().nullable(), url: z.string().nullable() }).nullable(),
    })
    .nullable(),
})

/** The object a demo event carries for `subscription`. */
export function demoSubscriptionObject(subscription: ProviderSubscription) {
  return {
    object: 'demo_subscription' as const,
    ...subscription,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    payment: subscription.payment ?? null,
  }
}

const catalogue: PlanPrice[] = PLANS.flatMap((plan) =>
  PLAN_PERIODS.map((period) => {
    const price = plan.prices[period]
    return {
      lookupKey: price.lookupKey,
      priceId: price.lookupKey,
      unitAmount: price.unitAmount,
      currency: 'brl',
      interval: price.interval,
      intervalCount: 1,
    }
  }),
)

export function createDemoBilling(): BillingBackend {
  return {
    provider: 'demo',
    publishableKey: null,
    paymentMethods: PAYMENT_METHODS,
    async listPrices(lookupKeys) {
      return catalogue.filter((price) => lookupKeys.includes(price.lookupKey))
    },
    async createCustomer({ userId }) {
      return `demo_cus_${userId}`
    },
    async updateCustomerFiscal() {
      // The demo has no customer to copy the data to; they are kept in the database only.
    },
    async createCheckout({ price, paymentMethod }) {
      // A card is the default: its address stays the one links and the API have always given.
      const query = new URLSearchParams({ lookupKey: price.lookupKey })
      if (paymentMethod !== 'card') query.set('metodo', paymentMethod)
      return { id: `demo_cs_${crypto.randomUUID()}`, url: `${DEMO_CHECKOUT_PATH}?${query}`, clientSecret: null }
    },
    async getCheckout() {
      return null
    },
    async createPortal(_customerId, returnUrl) {
      return { url: `${DEMO_PORTAL_PATH}?${new URLSearchParams({ return_url: returnUrl })}` }
    },
    async getSubscription() {
      return null
    },
    readSubscription(object): ProviderSubscription {
      const parsed = DemoSubscriptionSchema.safeParse(object)
      if (!parsed.success) throw new WebhookSignatureError('not a demo subscription')
      const { object: _kind, currentPeriodEnd, ...rest } = parsed.data
      return { ...rest, currentPeriodEnd: currentPeriodEnd ? new Date(currentPeriodEnd) : null }
    },
    verifyWebhook() {
      throw new WebhookSignatureError('Stripe is not configured (demo billing)')
    },
    async cancelSubscription() {
      // The demo subscription lives only in the database, deleted with the account.
    },
    async listInvoices() {
      return []
    },
  }
}
