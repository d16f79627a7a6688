// The payment backends' common interface (ADR 080): the Stripe backend and the demo one both
// implement BillingBackend; workflows and routes see only this.
import type { BillingInterval } from '~/domain/billing'
import type { PaymentMethod, SubscriptionPayment } from '~/domain/payment-methods'

export type PlanPrice = {
  lookupKey: string
  /** The provider's price id (the demo's is the lookup key). */
  priceId: string
  /** Cents; null for a price without a fixed amount. */
  unitAmount: number | null
  currency: string
  /** null for a one-off price. */
  interval: BillingInterval | null
  intervalCount: number | null
}

/** A subscription as the provider holds it. */
export type ProviderSubscription = {
  id: string
  customerId: string
  status: string
  lookupKey: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  /** The user id the app wrote in its metadata, when there is one. */
  userId: string | null
  /** How it is paid, when the provider's answer says (undefined: it does not). */
  payment?: SubscriptionPayment | null
}

export type CheckoutRequest = {
  userId: string
  customerId: string
  price: PlanPrice
  /** Embedded checkout (a client secret for Stripe.js) instead of the hosted page. */
  embedded: boolean
  /** How the customer chose to pay (ADR 309). */
  paymentMethod: PaymentMethod
  /** Absolute addresses on our origin. */
  successUrl: string
  cancelUrl: string
}

export type CheckoutSession = { id: string; url: string | null; clientSecret: string | null }

export type CheckoutFacts = {
  userId: string | null
  customerId: string | null
  subscriptionId: string | null
  complete: boolean
  createdAt: Date
}

export type CustomerFiscalCopy = {
  documentType: 'cpf' | 'cnpj'
  /** Formatted the way Stripe shows it: 123.456.789-09, 11.222.333/0001-81. */
  document: string
  name: string
  email: string
  address: { line1: string; line2: string | null; postalCode: string; city: string; state: string }
}

/** Raised when a delivery to the webhook is not signed by Stripe with our secret. */
export class WebhookSignatureError extends Error {}

/** A call to the provider failed (network, refused, unknown price). */
export class BillingProviderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause })
  }
}

/** The event fields the app reads (a Stripe.Event, or one shaped like it). */
export type BillingEvent = {
  id: string
  type: string
  created: number
  data: { object: unknown }
}

export interface BillingBackend {
  readonly provider: 'stripe' | 'demo'
  /** Stripe.js key for the embedded checkout; null when the page should use the hosted one. */
  readonly publishableKey: string | null
  /** The ways to pay this account offers at checkout (ADR 309). */
  readonly paymentMethods: readonly PaymentMethod[]
  listPrices(lookupKeys: readonly string[]): Promise<PlanPrice[]>
  createCustomer(details: { userId: string; email: string; name: string | null }): Promise<string>
  updateCustomerFiscal(customerId: string, fiscal: CustomerFiscalCopy): Promise<void>
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  getCheckout(sessionId: string): Promise<CheckoutFacts | null>
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>
  /** The subscription inside a customer.subscription.* event. */
  readSubscription(object: unknown): ProviderSubscription
  /** Verifies a webhook delivery; throws WebhookSignatureError when it is not genuine. */
  verifyWebhook(payload: string, signature: string | null): BillingEvent
  /** Ends a subscription now (account deletion); one already gone is not an error. */
  cancelSubscription(subscriptionId: string): Promise<void>
  /** The customer's latest invoices, newest first (none in the demo). */
  listInvoices(customerId: string): Promise<InvoiceSummary[]>
}

export type InvoiceSummary = {
  id: string
  number: string | null
  createdAt: Date
  /** Cents. */
  amount: number
  status: string | null
  /** The provider's page of the invoice (and its PDF), when there is one. */
  url: string | null
  /** How it was paid, when it was and the provider says. */
  paidWith: { method: PaymentMethod; last4: string | null } | null
}

/** `STRIPE_API_URL` (tests, stripe-mock) → the Stripe library's host/port/protocol options. */
export function stripeApiOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const)
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}
