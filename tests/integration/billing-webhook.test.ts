// POST /api/stripe/webhook: signatures checked by the Stripe library on the raw body (signed
// here with its test helper), each event applied once, events out of order never rolling a
// subscription back, and the subscription row as the only source of entitlements.
import Stripe from 'stripe'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billingEvents, subscriptions, users } from '../../db/schema'
import { createStripeBilling } from '../../app/integrations/stripe/stripe.server'
import { stripeApiOptions, type BillingBackend } from '../../app/integrations/stripe/billing.server'
import { saveCustomerId, getSubscription } from '../../app/models/subscriptions.server'
import { canGeneratePost, currentPlan } from '../../app/models/quota.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { action as webhookAction, loader as webhookLoader } from '../../app/routes/billing/webhook'
import { startMockStripe, type MockStripe } from '../mocks/stripe'
import { createTestDatabase } from '../setup/db'
import { ORIGIN, billingRouteContext, respond } from '../support/billing'

const SECRET = 'whsec_vitrine_test_secret'
let handle: DatabaseHandle
let stripe: MockStripe
let billing: BillingBackend

beforeAll(async () => {
  handle = await createTestDatabase()
  stripe = await startMockStripe()
  billing = createStripeBilling({
    secretKey: 'sk_test_vitrine',
    webhookSecret: SECRET,
    publishableKey: null,
    ...stripeApiOptions(stripe.url),
  })
})
afterAll(async () => {
  await stripe.close()
  await handle.close()
})

async function newAgent() {
  const id = crypto.randomUUID()
  await handle.db.insert(users).values({ id, email: `webhook-${id.slice(0, 8)}@example.com` })
  const customer = `cus_${id.slice(0, 8)}`
  stripe.customers.set(customer, { id: customer, object: 'customer', metadata: { user_id: id }, tax_ids: [] })
  await saveCustomerId(handle.db, id, 'stripe', customer)
  return { id, customer }
}

/** A checkout the customer paid in the local Stripe: its session and subscription. */
function paidCheckout(agent: { id: string; customer: string }, lookupKey = 'corretor_mensal') {
  const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`
  stripe.sessions.set(id, {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    customer: agent.customer,
    client_reference_id: agent.id,
    line_items: [{ price: `price_${lookupKey}`, quantity: 1 }],
    subscription_data: { metadata: { user_id: agent.id } },
    created: Math.floor(Date.now() / 1000),
  })
  return stripe.completeCheckout(id)
}

function deliver(payload: string, signature?: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (signature !== null)
    headers['Stripe-Signature'] = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })
  const request = new Request(`${ORIGIN}/api/stripe/webhook`, { method: 'POST', body: payload, headers })
  return respond(() =>
    webhookAction({ request, context: billingRouteContext(handle.db, billing, null), params: {} } as never),
  )
}

async function send(event: object) {
  const response = await deliver(JSON.stringify(event))
  expect(response.status).toBe(200)
  return ((await response.json()) as { outcome: string }).outcome
}

async function rowOf(userId: string) {
  return getSubscription(handle.db, userId)
}

test('checkout.session.completed: the subscription is read from Stripe and stored', async () => {
  const agent = await newAgent()
  const { session, subscription } = paidCheckout(agent, 'profissional_anual')
  expect(await send(stripe.event('checkout.session.completed', session))).toBe('applied')
  expect(await rowOf(agent.id)).toMatchObject({
    status: 'active',
    lookup_key: 'profissional_anual',
    subscription_id: subscription.id,
    customer_id: agent.customer,
    cancel_at_period_end: false,
    provider: 'stripe',
  })
  expect((await rowOf(agent.id))!.current_period_end!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000)
  expect((await currentPlan(handle.db, agent.id))?.name).toBe('Profissional')
})

test('the same signed event twice → one state change', async () => {
  const agent = await newAgent()
  const { subscription } = paidCheckout(agent)
  const created = stripe.event('customer.subscription.created', subscription)
  expect(await send(created)).toBe('applied')
  const first = await rowOf(agent.id)
  // The subscription moves on in Stripe; the old event is delivered again: nothing changes.
  stripe.updateSubscription(subscription.id as string, { status: 'past_due' })
  expect(await send(created)).toBe('duplicate')
  const again = await rowOf(agent.id)
  expect(again).toEqual(first)
  expect(await handle.db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toHaveLength(1)
})

test('two deliveries of one event at the same moment → one applied, one duplicate', async () => {
  const agent = await newAgent()
  const { session } = paidCheckout(agent)
  const event = stripe.event('checkout.session.completed', session)
  const outcomes = await Promise.all([send(event), send(event), send(event)])
  expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate'])
})

test('a customer.subscription.updated older than the stored state → no change', async () => {
  const agent = await newAgent()
  const { subscription } = paidCheckout(agent)
  const t = Math.floor(Date.now() / 1000)
  // Cancelled at the period's end (newer), then a delayed "active, not cancelling" (older) arrives.
  const newer = stripe.event('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, t)
  const older = stripe.event('customer.subscription.updated', { ...subscription, cancel_at_period_end: false }, t - 60)
  expect(await send(newer)).toBe('applied')
  expect(await send(older)).toBe('stale')
  expect(await rowOf(agent.id)).toMatchObject({ cancel_at_period_end: true, state_at: new Date(t * 1000) })
  // A deleted event ends it; a live "updated" of the same second does not bring it back.
  expect(
    await send(stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t + 10)),
  ).toBe('applied')
  expect(await send(stripe.event('customer.subscription.updated', subscription, t + 10))).toBe('stale')
  expect((await rowOf(agent.id))!.status).toBe('canceled')
  expect(await currentPlan(handle.db, agent.id)).toBeNull()
  expect(await canGeneratePost(handle.db, agent.id)).toMatchObject({ limit: 5 })
})

test('a late event of an older subscription never ends the current one', async () => {
  const agent = await newAgent()
  const old = paidCheckout(agent, 'corretor_mensal').subscription
  const t = Math.floor(Date.now() / 1000)
  await send(stripe.event('customer.subscription.created', old, t - 100))
  const current = paidCheckout(agent, 'imobiliaria_mensal').subscription
  expect(await send(stripe.event('customer.subscription.created', current, t))).toBe('applied')
  expect(await send(stripe.event('customer.subscription.deleted', { ...old, status: 'canceled' }, t + 5))).toBe('stale')
  expect(await rowOf(agent.id)).toMatchObject({
    subscription_id: current.id,
    status: 'active',
    lookup_key: 'imobiliaria_mensal',
  })
})

test('invoice.payment_failed / invoice.paid re-read the subscription', async () => {
  const agent = await newAgent()
  const { subscription } = paidCheckout(agent)
  const t = Math.floor(Date.now() / 1000)
  await send(stripe.event('customer.subscription.created', subscription, t))
  stripe.updateSubscription(subscription.id as string, { status: 'past_due' })
  const invoice = {
    id: 'in_1',
    object: 'invoice',
    customer: agent.customer,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  }
  expect(await send(stripe.event('invoice.payment_failed', invoice, t + 1))).toBe('applied')
  expect((await rowOf(agent.id))!.status).toBe('past_due')
  // Stripe retries the card meanwhile: the plan still holds.
  expect(await currentPlan(handle.db, agent.id)).not.toBeNull()
  stripe.updateSubscription(subscription.id as string, { status: 'unpaid' })
  expect(await send(stripe.event('invoice.payment_failed', invoice, t + 2))).toBe('applied')
  expect(await currentPlan(handle.db, agent.id)).toBeNull()
  stripe.updateSubscription(subscription.id as string, { status: 'active' })
  expect(await send(stripe.event('invoice.paid', invoice, t + 3))).toBe('applied')
  expect((await rowOf(agent.id))!.status).toBe('active')
})

test('the user is found by the customer when the subscription carries no metadata', async () => {
  const agent = await newAgent()
  const { subscription } = paidCheckout(agent)
  expect(await send(stripe.event('customer.subscription.created', { ...subscription, metadata: {} }))).toBe('applied')
  expect((await rowOf(agent.id))!.subscription_id).toBe(subscription.id)
})

test('events for nobody we know, and other event types, are answered 200 and change nothing', async () => {
  const before = await handle.db.select().from(subscriptions)
  const stranger = {
    id: 'sub_x',
    object: 'subscription',
    customer: 'cus_nobody',
    status: 'active',
    metadata: {},
    items: { data: [] },
  }
  expect(await send(stripe.event('customer.subscription.updated', stranger))).toBe('stale')
  expect(await send(stripe.event('payment_intent.created', { id: 'pi_1' }))).toBe('ignored')
  expect(await handle.db.select().from(subscriptions)).toEqual(before)
})

describe('signatures', () => {
  test('an unsigned body, a wrong secret or an altered body → 400, nothing changed', async () => {
    const agent = await newAgent()
    const { session } = paidCheckout(agent)
    const payload = JSON.stringify(stripe.event('checkout.session.completed', session))
    const unsigned = await deliver(payload, null)
    expect(unsigned.status).toBe(400)
    const wrong = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))
    expect(wrong.status).toBe(400)
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })
    const altered = await deliver(payload.replace(agent.id, crypto.randomUUID()), signed)
    expect(altered.status).toBe(400)
    const stale = await deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    )
    expect(stale.status).toBe(400)
    expect(await rowOf(agent.id)).toBeNull()
    expect(
      await handle.db.select().from(billingEvents).where(eq(billingEvents.type, 'checkout.session.completed')),
    ).not.toContainEqual(expect.objectContaining({ id: JSON.parse(payload).id }))
  })

  test('without a webhook secret every delivery is refused; GET is 405', async () => {
    const noSecret = createStripeBilling({
      secretKey: 'sk_test_x',
      webhookSecret: null,
      publishableKey: null,
      ...stripeApiOptions(stripe.url),
    })
    const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', created: 1, data: { object: {} } })
    const request = new Request(`${ORIGIN}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    })
    const response = await respond(() =>
      webhookAction({ request, context: billingRouteContext(handle.db, noSecret, null), params: {} } as never),
    )
    expect(response.status).toBe(400)
    expect((await respond(() => webhookLoader())).status).toBe(405)
  })

  test('Stripe unreachable while handling → 500 (Stripe delivers again), nothing recorded', async () => {
    const agent = await newAgent()
    const { session } = paidCheckout(agent)
    const event = stripe.event('checkout.session.completed', session)
    stripe.fail('GET /v1/subscriptions/*')
    await expect(deliver(JSON.stringify(event))).rejects.toThrow()
    stripe.reset()
    expect(await send(event)).toBe('applied')
  })
})
