// The embedded default (no STRIPE_SECRET_KEY): prices from the local catalogue, a checkout that
// leads to /plano/pagamento-demo and a portal at /plano/portal-demo. Nothing is charged; the
// demo confirmation writes the subscription through the same code as the webhook (ADR 080).
import { PLANS, PLAN_PERIODS } from '~/domain/billing'
import { WebhookSignatureError, type BillingBackend, type PlanPrice, type ProviderSubscription } from './types'

export const DEMO_CHECKOUT_PATH = '/plano/pagamento-demo'
export const DEMO_PORTAL_PATH = '/plano/portal-demo'

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
    async listPrices(lookupKeys) {
      return catalogue.filter((price) => lookupKeys.includes(price.lookupKey))
    },
    async createCustomer({ userId }) {
      return `demo_cus_${userId}`
    },
    async updateCustomerFiscal() {
      // The demo has no customer to copy the data to; they are kept in the database only.
    },
    async createCheckout({ price }) {
      const query = new URLSearchParams({ lookupKey: price.lookupKey })
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
    readSubscription(): ProviderSubscription {
      throw new WebhookSignatureError('demo billing receives no webhooks')
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
