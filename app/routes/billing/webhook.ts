// POST /api/stripe/webhook: Stripe's events, verified on the raw body with the library
// (bad or missing signature → 400, nothing changed), then applied once each (ADR 081).
import type { Route } from './+types/webhook'
import { billingContext, dbContext, loggerContext } from '~/context'
import { receiveStripeWebhook } from '~/workflows/billing.server'

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return loader()
  // The signature covers the exact bytes Stripe sent: read them as they are, unparsed. A body
  // past a megabyte is a 413 as it streams in (bodyLimit in app/utils/form-body.server.ts).
  const payload = await request.text()
  const deps = { db: context.get(dbContext), billing: context.get(billingContext), logger: context.get(loggerContext) }
  const outcome = await receiveStripeWebhook(deps, payload, request.headers.get('Stripe-Signature'))
  if (!outcome) return Response.json({ error: 'Invalid signature' }, { status: 400 })
  return Response.json({ received: true, outcome })
}
