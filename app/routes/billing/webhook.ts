// POST /api/stripe/webhook: Stripe's events, verified on the raw body with the library
// (bad or missing signature → 400, nothing changed), then applied once each (ADR 081).
import type { Route } from './+types/webhook'
import { billingContext, dbContext, loggerContext } from '~/context'
import { WebhookSignatureError, type BillingEvent } from '~/integrations/stripe/billing.server'
import { handleBillingEvent } from '~/workflows/billing.server'

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return loader()
  const logger = context.get(loggerContext)
  // The signature covers the exact bytes Stripe sent: read them as they are, unparsed. A body
  // past a megabyte is a 413 as it streams in (bodyLimit in app/utils/form-body.server.ts).
  const payload = await request.text()
  const billing = context.get(billingContext)
  let event: BillingEvent
  try {
    event = billing.verifyWebhook(payload, request.headers.get('Stripe-Signature'))
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error
    logger.warn('webhook refused', { reason: error.message })
    return Response.json({ error: 'Invalid signature' }, { status: 400 })
  }
  // A failure here is a 500: Stripe delivers the event again later.
  const outcome = await handleBillingEvent(context.get(dbContext), billing, event, logger)
  logger.info('webhook event', { id: event.id, type: event.type, outcome })
  return Response.json({ received: true, outcome })
}
