// Pix and boleto (issue 65 item 5, ADR 309): the checkout choice on /plano/contratar (400 beside
// the field for a bad one), Stripe Checkout's payment methods per choice, a boleto or Pix
// awaiting payment (the plan's features wait) until a webhook event moves it to active, in the
// demo (a demo invoice.paid through handleBillingEvent) and with Stripe (the local Stripe server).
import Stripe from 'stripe'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billingEvents, users } from '../../db/schema'
import { createDemoBilling } from '../../app/integrations/stripe/demo.server'
import { createStripeBilling } from '../../app/integrations/stripe/stripe.server'
import { stripeApiOptions, type BillingBackend } from '../../app/integrations/stripe/billing.server'
import { getSubscription, saveCustomerId } from '../../app/models/subscriptions.server'
import { currentPlan } from '../../app/models/quota.server'
import { CheckoutError, startCheckout } from '../../app/workflows/billing.server'
import { confirmDemoCheckout, payDemoInvoice } from '../../app/workflows/demo-billing.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { parseEnv } from '../../app/env.server'
import { action as contractAction } from '../../app/routes/billing/subscribe'
import { loader as accountPlanLoader } from '../../app/routes/billing/plan'
import { action as demoPaymentAction } from '../../app/routes/billing/demo-payment'
import { action as webhookAction } from '../../app/routes/billing/webhook'
import { startMockStripe, type MockStripe } from '../mocks/stripe'
import { createTestDatabase } from '../setup/db'
import { ORIGIN, billingRouteContext, navigation, respond, sessionUser } from '../support/billing'

const SECRET = 'whsec_vitrine_pix_boleto'
let handle: DatabaseHandle
let stripe: MockStripe
let stripeBilling: BillingBackend
const demo = createDemoBilling()

beforeAll(async () => {
  handle = await createTestDatabase()
  stripe = await startMockStripe()
  stripeBilling = createStripeBilling({
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
  const email = `pix-${id.slice(0, 8)}@example.com`
  await handle.db.insert(users).values({ id, email, full_name: 'Ana Corretora' })
  return sessionUser(id, email)
}

const args = (request: Request, context: unknown) => ({ request, context, params: {} }) as never
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })

describe('the demo: boleto and Pix awaiting payment, then paid through the webhook code', () => {
  test('a boleto keeps the plan waiting with its due date and line; invoice.paid makes it active', async () => {
    const user = await newAgent()
    const now = new Date('2026-12-03T15:00:00Z')
    expect(await confirmDemoCheckout(handle.db, demo, user, 'corretor_mensal', 'boleto', now)).toBe('applied')
    const waiting = (await getSubscription(handle.db, user.id))!
    expect(waiting.status).toBe('incomplete')
    expect(waiting.payment).toMatchObject({ method: 'boleto', paidAt: null, amount: 4900 })
    // Due in 3 days, at the end of the day in São Paulo.
    expect(waiting.payment!.pending!.dueAt).toBe('2026-12-07T02:59:59.000Z')
    expect(waiting.payment!.pending!.code).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
    expect(waiting.payment!.pending!.code!.endsWith('0000004900')).toBe(true)
    // While it waits, the plan's features wait too: the free plan's limits hold.
    expect(await currentPlan(handle.db, user.id)).toBeNull()

    const later = new Date('2026-12-04T12:00:00Z')
    expect(await payDemoInvoice(handle.db, demo, user.id, later)).toBe('applied')
    const paid = (await getSubscription(handle.db, user.id))!
    expect(paid).toMatchObject({ status: 'active', provider: 'demo', subscription_id: waiting.subscription_id })
    expect(paid.payment).toMatchObject({ method: 'boleto', paidAt: later.toISOString(), pending: null })
    expect(paid.current_period_end!.toISOString()).toBe('2027-01-04T12:00:00.000Z')
    expect((await currentPlan(handle.db, user.id))?.name).toBe('Corretor')
    // The payment went through the webhook's code: its event is recorded like Stripe's.
    const events = await handle.db.select().from(billingEvents).where(eq(billingEvents.type, 'invoice.paid'))
    expect(events.some((event) => event.created_at.getTime() === Math.ceil(later.getTime() / 1000) * 1000)).toBe(true)
    // Nothing is left to pay.
    expect(await payDemoInvoice(handle.db, demo, user.id, later)).toBe('nothing-due')
  })

  test('a boleto past its due date cannot be paid; the plan stays free', async () => {
    const user = await newAgent()
    const now = new Date('2026-12-03T15:00:00Z')
    await confirmDemoCheckout(handle.db, demo, user, 'profissional_anual', 'boleto', now)
    expect(await payDemoInvoice(handle.db, demo, user.id, new Date('2026-12-07T03:00:00Z'))).toBe('overdue')
    expect((await getSubscription(handle.db, user.id))!.status).toBe('incomplete')
    expect(await currentPlan(handle.db, user.id)).toBeNull()
  })

  test('Pix: a copia-e-cola BR Code for the amount, then "Pago com Pix" on the plan page', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, demo, user)
    const generated = await respond(() =>
      demoPaymentAction(
        args(
          navigation('/plano/pagamento-demo', form({ lookupKey: 'corretor_mensal', payment_method: 'pix' })),
          context,
        ),
      ),
    )
    expect(generated.status).toBe(302)
    expect(generated.headers.get('Location')).toBe('/minha-conta/plano')
    const code = (await getSubscription(handle.db, user.id))!.payment!.pending!.code!
    expect(code.startsWith('000201')).toBe(true)
    expect(code).toContain('br.gov.bcb.pix')
    expect(code).toContain('540549.00')
    expect(code).toMatch(/6304[0-9A-F]{4}$/)

    const waiting = (await respond(() => accountPlanLoader(args(navigation('/minha-conta/plano'), context))).then((r) =>
      r.json(),
    )) as { awaiting: { method: string; code: string; dueDate: string; demo: boolean } | null }
    expect(waiting.awaiting).toMatchObject({ method: 'pix', code, demo: true })
    expect(waiting.awaiting!.dueDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)

    const paid = await respond(() =>
      demoPaymentAction(args(navigation('/plano/pagamento-demo', form({ _intent: 'pay' })), context)),
    )
    expect(paid.headers.get('Location')).toBe('/plano/sucesso')
    const page = (await respond(() => accountPlanLoader(args(navigation('/minha-conta/plano'), context))).then((r) =>
      r.json(),
    )) as { awaiting: unknown; status: string; paidWith: string; planName: string }
    expect(page).toMatchObject({ awaiting: null, status: 'Ativa', planName: 'Corretor' })
    expect(page.paidWith).toMatch(/^Pago com Pix · em \d{2}\/\d{2}\/\d{4} · R\$\s49,00$/)
  })

  test('a card is active at once, "Cartão final 4242"', async () => {
    const user = await newAgent()
    await confirmDemoCheckout(handle.db, demo, user, 'corretor_mensal', 'card')
    expect((await getSubscription(handle.db, user.id))!).toMatchObject({
      status: 'active',
      payment: { method: 'card', last4: '4242', pending: null },
    })
  })
})

describe('the checkout choice on /plano/contratar', () => {
  test('boleto goes to the demo payment page with the method; a bad or missing one is 400 beside the field', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, demo, user)
    const boleto = await respond(() =>
      contractAction(
        args(navigation('/plano/contratar', form({ lookupKey: 'corretor_mensal', payment_method: 'boleto' })), context),
      ),
    )
    expect(boleto.status).toBe(303)
    expect(boleto.headers.get('Location')).toBe('/plano/pagamento-demo?lookupKey=corretor_mensal&metodo=boleto')

    const tampered: Record<string, string>[] = [
      { lookupKey: 'corretor_mensal', payment_method: 'cheque' },
      { lookupKey: 'corretor_mensal' },
    ]
    for (const fields of tampered) {
      const refused = await respond(() => contractAction(args(navigation('/plano/contratar', form(fields)), context)))
      expect(refused.status).toBe(400)
      const body = (await refused.json()) as { result: { error: Record<string, string[]> } }
      expect(body.result.error.payment_method).toEqual(['Escolha como pagar: cartão, Pix ou boleto.'])
    }
    expect(await getSubscription(handle.db, user.id)).toBeNull()
  })
})

describe('with Stripe', () => {
  async function stripeAgent() {
    const user = await newAgent()
    const customer = `cus_${user.id.slice(0, 8)}`
    stripe.customers.set(customer, { id: customer, object: 'customer', metadata: { user_id: user.id }, tax_ids: [] })
    await saveCustomerId(handle.db, user.id, 'stripe', customer)
    return { user, customer }
  }

  test('Checkout gets the payment method of the choice: card, boleto due in 3 days, Pix Automático', async () => {
    const { user } = await stripeAgent()
    const origin = ORIGIN
    const sessionParams = async (lookupKey: string, paymentMethod: 'card' | 'pix' | 'boleto') => {
      stripe.requests.length = 0
      await startCheckout(handle.db, stripeBilling, user, { lookupKey, embedded: false, origin, paymentMethod })
      return stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!.params
    }
    expect((await sessionParams('corretor_mensal', 'card')).allowed_payment_method_types).toEqual(['card'])
    const boleto = await sessionParams('corretor_mensal', 'boleto')
    expect(boleto).toMatchObject({
      mode: 'subscription',
      allowed_payment_method_types: ['boleto'],
      payment_method_options: { boleto: { expires_after_days: '3' } },
      metadata: { payment_method: 'boleto' },
    })
    const pix = await sessionParams('profissional_anual', 'pix')
    expect(pix).toMatchObject({
      allowed_payment_method_types: ['pix'],
      payment_method_options: {
        pix: {
          mandate_options: { amount: '97000', amount_type: 'fixed', currency: 'brl', payment_schedule: 'yearly' },
        },
      },
    })
    // An account without Pix turned on (STRIPE_PAYMENT_METHODS=card,boleto) does not offer it.
    const withoutPix = createStripeBilling({
      secretKey: 'sk_test_vitrine',
      webhookSecret: SECRET,
      publishableKey: null,
      paymentMethods: ['card', 'boleto'],
      ...stripeApiOptions(stripe.url),
    })
    await expect(
      startCheckout(handle.db, withoutPix, user, {
        lookupKey: 'imobiliaria_mensal',
        embedded: false,
        origin,
        paymentMethod: 'pix',
      }),
    ).rejects.toThrow(CheckoutError)
  })

  test('a boleto checkout: incomplete with the invoice to pay, then invoice.paid → active, "Pago com boleto"', async () => {
    const { user, customer } = await stripeAgent()
    const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`
    stripe.sessions.set(id, {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: 'price_corretor_mensal', quantity: 1 }],
      subscription_data: { metadata: { user_id: user.id } },
      created: Math.floor(Date.now() / 1000),
    })
    const { session, subscription } = stripe.completeCheckout(id)
    const created = Math.floor(Date.now() / 1000)
    const boletoMethod = { id: 'pm_boleto', object: 'payment_method', type: 'boleto', boleto: { tax_id: '***' } }
    const openInvoice = {
      id: 'in_boleto',
      object: 'invoice',
      status: 'open',
      created,
      hosted_invoice_url: `${stripe.url}/i/in_boleto`,
      amount_paid: 0,
      status_transitions: { paid_at: null },
    }
    stripe.updateSubscription(subscription.id as string, {
      status: 'incomplete',
      default_payment_method: boletoMethod,
      latest_invoice: openInvoice,
    })
    const send = async (event: object) => {
      const payload = JSON.stringify(event)
      const request = new Request(`${ORIGIN}/api/stripe/webhook`, {
        method: 'POST',
        body: payload,
        headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      })
      const response = await respond(() =>
        webhookAction({ request, context: billingRouteContext(handle.db, stripeBilling, null), params: {} } as never),
      )
      return ((await response.json()) as { outcome: string }).outcome
    }
    expect(
      await send(stripe.event('checkout.session.completed', { ...session, payment_status: 'unpaid' }, created)),
    ).toBe('applied')
    const waiting = (await getSubscription(handle.db, user.id))!
    expect(waiting.status).toBe('incomplete')
    expect(waiting.payment).toMatchObject({ method: 'boleto', pending: { url: `${stripe.url}/i/in_boleto` } })
    expect(await currentPlan(handle.db, user.id)).toBeNull()

    // A subscription event without the payment method expanded keeps what is known.
    expect(
      await send(stripe.event('customer.subscription.updated', { ...subscription, status: 'incomplete' }, created + 1)),
    ).toBe('applied')
    expect((await getSubscription(handle.db, user.id))!.payment?.method).toBe('boleto')

    // The boleto is paid (a day later): Stripe sends invoice.paid and the session's async success.
    const paidAt = created + 86_400
    stripe.updateSubscription(subscription.id as string, {
      status: 'active',
      latest_invoice: { ...openInvoice, status: 'paid', amount_paid: 4900, status_transitions: { paid_at: paidAt } },
    })
    const invoice = {
      ...openInvoice,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    }
    expect(await send(stripe.event('invoice.paid', invoice, paidAt))).toBe('applied')
    expect(await send(stripe.event('checkout.session.async_payment_succeeded', session, paidAt + 1))).toBe('applied')
    const paid = (await getSubscription(handle.db, user.id))!
    expect(paid.status).toBe('active')
    expect(paid.payment).toMatchObject({ method: 'boleto', pending: null, amount: 4900 })
    expect((await currentPlan(handle.db, user.id))?.name).toBe('Corretor')
  })
})

test('STRIPE_PAYMENT_METHODS: all three by default, fewer when named, an unknown one stops start-up', () => {
  expect(parseEnv({}).STRIPE_PAYMENT_METHODS).toEqual(['card', 'pix', 'boleto'])
  expect(parseEnv({ STRIPE_PAYMENT_METHODS: 'boleto, card' }).STRIPE_PAYMENT_METHODS).toEqual(['card', 'boleto'])
  expect(() => parseEnv({ STRIPE_PAYMENT_METHODS: 'card,cheque' })).toThrow(/STRIPE_PAYMENT_METHODS.*cheque/)
})
