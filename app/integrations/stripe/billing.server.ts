// Payments behind one small interface (docs/principles.md "Offline by default"): Stripe when
// STRIPE_SECRET_KEY is set, else the demo backend, which charges nothing and whose checkout
// leads to a clearly labelled demo payment page (ADR 080).
import type { Env } from '~/env.server'
import { createDemoBilling } from './demo.server'
import { stripeApiOptions, type BillingBackend } from './types'

export * from './types'

/** The `stripe` library is loaded only when Stripe is configured (≈ 0.1 s of a start; ADR 196). */
export async function createBilling(env: Env): Promise<BillingBackend> {
  if (!env.STRIPE_SECRET_KEY) return createDemoBilling()
  const { createStripeBilling } = await import('./stripe.server')
  return createStripeBilling({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    paymentMethods: env.STRIPE_PAYMENT_METHODS,
    ...stripeApiOptions(env.STRIPE_API_URL),
  })
}
