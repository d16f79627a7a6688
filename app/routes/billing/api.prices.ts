// GET /api/prices: the plans with their prices in cents, currency, interval and
// count: Stripe's, found by lookup key (cached briefly), or the local catalogue's.
import type { Route } from './+types/api.prices'
import { billingContext, loggerContext } from '~/context'
import { BILLING_MESSAGES, PLAN_PERIODS, priceLabel } from '~/domain/billing'
import { planOffers } from '~/workflows/billing.server'
import { jsonError } from './http.server'

export async function loader({ context }: Route.LoaderArgs) {
  let offers
  try {
    offers = await planOffers(context.get(billingContext))
  } catch (error) {
    context.get(loggerContext).error('prices not read', { error })
    return jsonError(BILLING_MESSAGES.prices, 502)
  }
  const plans = offers.map(({ plan, prices }) => ({
    id: plan.id,
    name: plan.name,
    description: plan.tagline,
    entitlements: plan.entitlements,
    prices: PLAN_PERIODS.flatMap((period) => {
      const price = prices[period]
      if (!price) return []
      return [
        {
          lookup_key: price.lookupKey,
          period,
          unit_amount: price.unitAmount,
          currency: price.currency,
          interval: price.interval,
          interval_count: price.intervalCount,
          label: priceLabel(price.unitAmount, price.interval, price.intervalCount),
        },
      ]
    }),
  }))
  // Private: responses of this app may carry session cookies; the prices are cached server-side.
  return Response.json({ plans }, { headers: { 'Cache-Control': 'private, max-age=60' } })
}
