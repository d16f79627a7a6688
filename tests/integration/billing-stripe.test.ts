// The billing routes with the real `stripe` library against a local Stripe server
// (tests/mocks/stripe.ts): prices by lookup key, checkout (hosted and embedded), the customer
// portal, fiscal data on the customer, the success page's re-read, and every failure → the
// product's notification, verbatim.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { billingCustomers, subscriptions, users } from '../../db/schema'
import { BILLING_MESSAGES } from '../../app/domain/billing'
import { createStripeBilling } from '../../app/integrations/stripe/stripe.server'
import { stripeApiOptions, type BillingBackend } from '../../app/integrations/stripe/billing.server'
import { applySubscriptionState, getSubscription } from '../../app/models/subscriptions.server'
import { getFiscalData } from '../../app/models/fiscal-data.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { loader as pricesLoader } from '../../app/routes/billing/api.prices'
import { action as checkoutAction, loader as checkoutLoader } from '../../app/routes/billing/api.checkout'
import { loader as portalLoader } from '../../app/routes/billing/api.customer-portal'
import { loader as successLoader } from '../../app/routes/billing/success'
import { action as fiscalAction } from '../../app/routes/billing/fiscal-data'
import { startMockStripe, type MockStripe } from '../mocks/stripe'
import { createTestDatabase } from '../setup/db'
import {
  ORIGIN,
  billingRouteContext,
  checkoutPost,
  navigation,
  respond,
  scriptFetch,
  sessionUser,
  toastOf,
} from '../support/billing'

let handle: DatabaseHandle
let stripe: MockStripe
let billing: BillingBackend

async function newAgent() {
  const id = crypto.randomUUID()
  const email = `agente-${id.slice(0, 8)}@example.com`
  await handle.db.insert(users).values({ id, email, full_name: 'Ana Corretora' })
  return sessionUser(id, email)
}

beforeAll(async () => {
  handle = await createTestDatabase()
  stripe = await startMockStripe()
  billing = createStripeBilling({
    secretKey: 'sk_test_vitrine',
    webhookSecret: 'whsec_test',
    publishableKey: 'pk_test_vitrine',
    ...stripeApiOptions(stripe.url),
    pricesTtlMs: 0,
  })
})
afterAll(async () => {
  await stripe.close()
  await handle.close()
})
beforeEach(() => stripe.reset())

const args = (request: Request, context: unknown) => ({ request, context, params: {} }) as never

describe('GET /api/prices', () => {
  test('the plans with Stripe’s prices in cents, currency, interval and count', async () => {
    const response = await respond(() =>
      pricesLoader(args(scriptFetch('/api/prices'), billingRouteContext(handle.db, billing, null))),
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { plans: { id: string; prices: Record<string, unknown>[] }[] }
    expect(body.plans.map((p) => p.id)).toEqual(['corretor', 'profissional', 'imobiliaria'])
    expect(body.plans[1]!.prices).toContainEqual({
      lookup_key: 'profissional_mensal',
      period: 'mensal',
      unit_amount: 9700,
      currency: 'brl',
      interval: 'month',
      interval_count: 1,
      label: 'R$ 97,00 /mês',
    })
    // One request for the six lookup keys.
    const asked = stripe.requests.filter((r) => r.path === '/v1/prices')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.params.lookup_keys).toHaveLength(6)
  })

  test('are cached briefly', async () => {
    const cached = createStripeBilling({
      secretKey: 'sk_test_x',
      webhookSecret: null,
      publishableKey: null,
      ...stripeApiOptions(stripe.url),
    })
    await cached.listPrices(['corretor_mensal'])
    await cached.listPrices(['corretor_mensal'])
    expect(stripe.requests.filter((r) => r.path === '/v1/prices')).toHaveLength(1)
  })

  test('Stripe down → 502 with the product’s message', async () => {
    stripe.fail('GET /v1/prices')
    const response = await respond(() =>
      pricesLoader(args(scriptFetch('/api/prices'), billingRouteContext(handle.db, billing, null))),
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ error: BILLING_MESSAGES.prices })
  })
})

describe('POST /api/checkout', () => {
  test('a GET as the product’s API is called: a browser goes to the payment page, nothing changes in the account', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    const page = await respond(() =>
      checkoutLoader(args(navigation('/api/checkout?lookupKey=corretor_mensal'), context)),
    )
    expect(page.status).toBe(303)
    expect(page.headers.get('Location')).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`))
    expect([...stripe.sessions.values()].at(-1)).toMatchObject({
      client_reference_id: user.id,
      line_items: [{ price: 'price_corretor_mensal', quantity: '1' }],
    })
  })

  test('a prefetch or a crawler starts no checkout; two opens within the minute share one session', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    const path = '/api/checkout?lookupKey=corretor_mensal'
    const before = stripe.sessions.size
    const prefetches: Record<string, string>[] = [
      { 'Sec-Purpose': 'prefetch' },
      { 'Sec-Purpose': 'prefetch;prerender' },
      { Purpose: 'prefetch' },
    ]
    for (const headers of prefetches) {
      const page = await respond(() => checkoutLoader(args(navigation(path, { headers }), context)))
      expect(page.status).toBe(503)
    }
    const crawler = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
    const crawled = await respond(() => checkoutLoader(args(navigation(path, { headers: crawler }), context)))
    expect(crawled.headers.get('Location')).toBe('/plano/contratar')
    expect(stripe.sessions.size).toBe(before)

    const first = await respond(() => checkoutLoader(args(navigation(path), context)))
    const again = await respond(() => checkoutLoader(args(navigation(path), context)))
    expect(again.headers.get('Location')).toBe(first.headers.get('Location'))
    expect(stripe.sessions.size).toBe(before + 1)
    // Another plan is another session.
    await respond(() => checkoutLoader(args(navigation('/api/checkout?lookupKey=profissional_mensal'), context)))
    expect(stripe.sessions.size).toBe(before + 2)
  })

  test('a browser is sent (303) to the hosted page of a subscription session for its own customer', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    const response = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=profissional_mensal')), context)),
    )
    expect(response.status).toBe(303)
    const location = response.headers.get('Location')!
    expect(location).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`))
    const session = [...stripe.sessions.values()].at(-1)!
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      line_items: [{ price: 'price_profissional_mensal', quantity: '1' }],
      success_url: `${ORIGIN}/plano/sucesso?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/plano/cancelado`,
      subscription_data: { metadata: { user_id: user.id, lookup_key: 'profissional_mensal' } },
    })
    const customer = stripe.customers.get(session.customer as string)!
    expect(customer).toMatchObject({ email: user.email, metadata: { user_id: user.id } })
    // A second checkout reuses the customer.
    await respond(() => checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_anual')), context)))
    expect([...stripe.sessions.values()].at(-1)!.customer).toBe(customer.id)
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1)
  })

  test('a script gets { url }; mode=embedded gets the client secret of an embedded session', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    const hosted = await respond(() =>
      checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(await hosted.json()).toEqual({ url: expect.stringMatching(/\/c\/pay\/cs_test_/) })
    const embedded = await respond(() =>
      checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_mensal&mode=embedded')), context)),
    )
    const { clientSecret } = (await embedded.json()) as { clientSecret: string }
    expect(clientSecret).toMatch(/^cs_test_\w+_secret_/)
    const session = [...stripe.sessions.values()].at(-1)!
    expect(session).toMatchObject({
      ui_mode: 'embedded_page',
      return_url: `${ORIGIN}/plano/sucesso?session_id={CHECKOUT_SESSION_ID}`,
    })
    expect(session.success_url).toBeUndefined()
  })

  test('creation fails → back to the plans with “Não foi possível criar a página de pagamento.”', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    stripe.fail('POST /v1/checkout/sessions', { status: 402, type: 'card_error', message: 'declined' })
    const response = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/plano/contratar')
    expect(await toastOf(response)).toMatchObject({
      type: 'error',
      description: 'Não foi possível criar a página de pagamento.',
    })
    const json = await respond(() =>
      checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(json.status).toBe(502)
    expect(await json.json()).toEqual({ error: 'Não foi possível criar a página de pagamento.' })
  })

  test('an unknown plan, or a lookup key with no active Stripe price, cannot be bought', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    const unknown = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=plano_falso')), context)),
    )
    expect(await toastOf(unknown)).toMatchObject({ description: BILLING_MESSAGES.checkoutCreate })
    stripe.prices.get('price_corretor_mensal')!.active = false
    try {
      const inactive = await respond(() =>
        checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_mensal')), context)),
      )
      expect(await inactive.json()).toEqual({ error: BILLING_MESSAGES.checkoutCreate })
    } finally {
      stripe.prices.get('price_corretor_mensal')!.active = true
    }
    expect(stripe.requests.some((r) => r.path === '/v1/checkout/sessions')).toBe(false)
  })

  test('a session with no address to open → “Não foi possível acessar a página de pagamento.”', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    stripe.withoutHostedUrls()
    const response = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(await toastOf(response)).toMatchObject({
      type: 'error',
      description: 'Não foi possível acessar a página de pagamento.',
    })
  })

  test('signed out: a browser signs in first, a script gets 401', async () => {
    const context = billingRouteContext(handle.db, billing, null)
    const browser = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(browser.headers.get('Location')).toBe('/login?redirectTo=%2Fapi%2Fcheckout')
    const script = await respond(() =>
      checkoutAction(args(scriptFetch(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(script.status).toBe(401)
  })

  test('a subscriber is sent to the account page instead of a second subscription', async () => {
    const user = await newAgent()
    await applySubscriptionState(handle.db, {
      userId: user.id,
      provider: 'stripe',
      customerId: 'cus_x',
      subscriptionId: 'sub_x',
      status: 'active',
      lookupKey: 'corretor_mensal',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
      cancelAtPeriodEnd: false,
      stateAt: new Date(),
    })
    const response = await respond(() =>
      checkoutAction(
        args(
          navigation(...checkoutPost('lookupKey=profissional_mensal')),
          billingRouteContext(handle.db, billing, user),
        ),
      ),
    )
    expect(response.headers.get('Location')).toBe('/minha-conta/plano')
    expect((await toastOf(response))?.description).toContain('Você já assina o plano Corretor')
    expect(stripe.requests.some((r) => r.path === '/v1/checkout/sessions')).toBe(false)
  })
})

describe('GET /api/customer-portal', () => {
  test('a browser is sent (303) to the portal of its customer, coming back to the page it left', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    const response = await respond(() =>
      portalLoader(args(navigation('/api/customer-portal?return_url=%2Fminha-conta%2Fplano'), context)),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`))
    const call = stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!
    const [row] = await handle.db.select().from(billingCustomers).where(eq(billingCustomers.user_id, user.id))
    expect(call.params).toMatchObject({ customer: row!.customer_id, return_url: `${ORIGIN}/minha-conta/plano` })
    const json = await respond(() => portalLoader(args(scriptFetch('/api/customer-portal'), context)))
    expect(await json.json()).toEqual({ url: expect.stringContaining('/p/session/bps_') })
  })

  test('a return address off our origin is refused without asking Stripe', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    const response = await respond(() =>
      portalLoader(args(navigation('/api/customer-portal?return_url=https%3A%2F%2Fevil.example%2F'), context)),
    )
    expect(await toastOf(response)).toMatchObject({
      type: 'error',
      description: 'Não foi possível acessar o portal do cliente',
    })
    expect(stripe.requests).toEqual([])
  })

  test('Stripe refuses → “Não foi possível acessar o portal do cliente”, back on the page', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    stripe.fail('POST /v1/billing_portal/sessions', {
      status: 400,
      type: 'invalid_request_error',
      message: 'No configuration',
    })
    const response = await respond(() =>
      portalLoader(args(navigation('/api/customer-portal?return_url=%2Fimoveis'), context)),
    )
    expect(response.headers.get('Location')).toBe('/imoveis')
    expect(await toastOf(response)).toMatchObject({ description: BILLING_MESSAGES.portal })
    const json = await respond(() => portalLoader(args(scriptFetch('/api/customer-portal'), context)))
    expect(json.status).toBe(502)
    expect(await json.json()).toEqual({ error: BILLING_MESSAGES.portal })
  })

  test('signed out: a browser signs in first, a script gets 401', async () => {
    const response = await respond(() =>
      portalLoader(args(navigation('/api/customer-portal'), billingRouteContext(handle.db, billing, null))),
    )
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fminha-conta%2Fplano')
    const json = await respond(() =>
      portalLoader(args(scriptFetch('/api/customer-portal'), billingRouteContext(handle.db, billing, null))),
    )
    expect(json.status).toBe(401)
  })
})

function fiscalForm(document: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    document,
    name: 'Imobiliária Exemplo Ltda',
    invoice_email: 'financeiro@example.com',
    zipcode: '01310100',
    street: 'Avenida Paulista',
    street_number: '1000',
    complement: 'Sala 5',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  }))
    form.set(name, value)
  return form
}

describe('fiscal data on the Stripe customer', () => {
  test('saved locally and copied to the customer with the br_cpf / br_cnpj tax id', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    const post = (document: string) =>
      respond(() =>
        fiscalAction(args(navigation('/dados-fiscais', { method: 'POST', body: fiscalForm(document) }), context)),
      )

    const first = await post('123.456.789-09')
    expect(await toastOf(first)).toMatchObject({ type: 'success', title: 'Dados fiscais salvos' })
    const customerId = (
      await handle.db.select().from(billingCustomers).where(eq(billingCustomers.user_id, user.id))
    )[0]!.customer_id
    const customer = stripe.customers.get(customerId)!
    expect(customer).toMatchObject({
      name: 'Imobiliária Exemplo Ltda',
      email: 'financeiro@example.com',
      address: {
        line1: 'Avenida Paulista, 1000',
        line2: 'Sala 5 - Bela Vista',
        postal_code: '01310-100',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      },
    })
    expect(customer.tax_ids).toEqual([expect.objectContaining({ type: 'br_cpf', value: '123.456.789-09' })])
    expect((await getFiscalData(handle.db, user.id))?.synced_at).toBeInstanceOf(Date)

    await post('11222333000181')
    expect(stripe.customers.get(customerId)!.tax_ids).toEqual([
      expect.objectContaining({ type: 'br_cnpj', value: '11.222.333/0001-81' }),
    ])
  })

  test('invalid documents come back with the product’s messages, and Stripe is not asked', async () => {
    const context = billingRouteContext(handle.db, billing, await newAgent())
    for (const [document, message] of [
      ['', 'CPF/CNPJ é obrigatório.'],
      ['11111111111', 'CPF Inválido'],
      ['12345678900', 'CPF Inválido'],
      ['11222333000182', 'CNPJ Inválido'],
    ]) {
      const response = await respond(() =>
        fiscalAction(args(navigation('/dados-fiscais', { method: 'POST', body: fiscalForm(document!) }), context)),
      )
      expect(response.status).toBe(400)
      const { result } = (await response.json()) as { result: { error: Record<string, string[]> } }
      expect(result.error.document).toEqual([message])
    }
    expect(stripe.requests).toEqual([])
  })

  test('Stripe down: kept here, said so, copied on a later save', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    stripe.fail('POST /v1/customers')
    const response = await respond(() =>
      fiscalAction(args(navigation('/dados-fiscais', { method: 'POST', body: fiscalForm('12345678909') }), context)),
    )
    expect(await toastOf(response)).toMatchObject({ type: 'info', title: 'Dados fiscais salvos' })
    expect(await getFiscalData(handle.db, user.id)).toMatchObject({ document: '12345678909', synced_at: null })
    // Stripe back: the first checkout creates the customer with them.
    stripe.reset()
    await respond(() => checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)))
    const customer = stripe.customers.get([...stripe.sessions.values()].at(-1)!.customer as string)!
    expect(customer.tax_ids).toEqual([expect.objectContaining({ type: 'br_cpf', value: '123.456.789-09' })])
    expect((await getFiscalData(handle.db, user.id))?.synced_at).toBeInstanceOf(Date)
  })

  test('a copy that failed on an existing customer is made on the next checkout', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, billing, user)
    await respond(() => checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)))
    stripe.fail('POST /v1/customers/*')
    const saved = await respond(() =>
      fiscalAction(args(navigation('/dados-fiscais', { method: 'POST', body: fiscalForm('11222333000181') }), context)),
    )
    expect(await toastOf(saved)).toMatchObject({ type: 'info' })
    stripe.reset()
    await respond(() => checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)))
    const customer = stripe.customers.get([...stripe.sessions.values()].at(-1)!.customer as string)!
    expect(customer.tax_ids).toEqual([expect.objectContaining({ type: 'br_cnpj', value: '11.222.333/0001-81' })])
  })
})

test('the success page reads the completed checkout back at once (no webhook yet)', async () => {
  const user = await newAgent()
  const context = billingRouteContext(handle.db, billing, user)
  await respond(() => checkoutAction(args(navigation(...checkoutPost('lookupKey=imobiliaria_anual')), context)))
  const session = [...stripe.sessions.values()].at(-1)!
  stripe.completeCheckout(session.id as string)
  const page = await respond(() => successLoader(args(navigation(`/plano/sucesso?session_id=${session.id}`), context)))
  expect(await page.json()).toMatchObject({ plan: { name: 'Imobiliária' } })
  expect(await getSubscription(handle.db, user.id)).toMatchObject({
    status: 'active',
    lookup_key: 'imobiliaria_anual',
    provider: 'stripe',
    customer_id: session.customer,
  })
  // Another person's session id changes nothing for this one.
  const other = await newAgent()
  await respond(() =>
    successLoader(
      args(navigation(`/plano/sucesso?session_id=${session.id}`), billingRouteContext(handle.db, billing, other)),
    ),
  )
  expect(await handle.db.select().from(subscriptions).where(eq(subscriptions.user_id, other.id))).toEqual([])
})
