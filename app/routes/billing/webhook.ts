// POST /api/stripe/webhook: Stripe's events, verified on the raw body with the library
// (bad or missing signature → 400, nothing changed), then applied once each (ADR 081).
import type { Route } from './+types/webhook'
import { billingContext, dbContext, loggerContext } from '~/context'
import { receiveStripeWebhook } from '~/workflows/billing.server'
import { BODY_TOO_LARGE, FORM_BYTES, readBodyBytes } from '~/utils/form-body.server'

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return loader()
  // The signature covers the exact bytes Stripe sent: read them as they are, unparsed. A body
  // past a megabyte is a 413, counted as it streams in.
  const bytes = await readBodyBytes(request, FORM_BYTES)
  if (!bytes) return Response.json({ error: BODY_TOO_LARGE }, { status: 413 })
  const payload = new TextDecoder().decode(bytes)
  const deps = { db: context.get(dbContext), billing: context.get(billingContext), logger: context.get(loggerContext) }
  const outcome = await receiveStripeWebhook(deps, payload, request.headers.get('Stripe-Signature'))
  if (!outcome) return Response.json({ error: 'Invalid signature' }, { status: 400 })
  return Response.json({ received: true, outcome })
}
