// Entitlements asked in one place (app/models/quota.server.ts) with the subscription row as
// their only source, and the embedded default's demo checkout and portal, which write that
// row through the same code as the webhook.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, usageCounters, users } from '../../db/schema'
import { createDemoBilling } from '../../app/integrations/stripe/demo.server'
import { createStripeBilling } from '../../app/integrations/stripe/stripe.server'
import {
  canCreateHome,
  canSchedulePublication,
  currentPlan,
  reserveAiGeneration,
  usageThisMonth,
} from '../../app/models/quota.server'
import { startOfMonthInSaoPaulo } from '../../app/domain/dates'
import { getSubscription } from '../../app/models/subscriptions.server'
import { ensureProfile } from '../../app/models/auth-profiles.server'
import { planOfSubscription } from '../../app/domain/billing'
import { confirmDemoCheckout, setDemoCancellation } from '../../app/workflows/demo-billing.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { loader as demoPaymentLoader, action as demoPaymentAction } from '../../app/routes/billing/demo-payment'
import { action as demoPortalAction } from '../../app/routes/billing/demo-portal'
import { action as checkoutAction } from '../../app/routes/billing/api.checkout'
import { loader as newHomeLoader } from '../../app/routes/homes/new'
import { seedDemoSubscription } from '../../scripts/seed/billing'
import { createTestDatabase } from '../setup/db'
import { billingRouteContext, checkoutPost, navigation, respond, sessionUser, toastOf } from '../support/billing'

let handle: DatabaseHandle
const demo = createDemoBilling()

beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle.close())

async function newAgent() {
  const id = crypto.randomUUID()
  const email = `cota-${id.slice(0, 8)}@example.com`
  await handle.db.insert(users).values({ id, email, full_name: 'Ana Corretora' })
  return sessionUser(id, email)
}

const args = (request: Request, context: unknown) => ({ request, context, params: {} }) as never

async function addHomes(userId: string, count: number) {
  for (let i = 0; i < count; i++)
    await handle.db.insert(homes).values({
      user_id: userId,
      status: 'sale',
      category: 'apartment',
      name: `Imóvel ${i + 1}`,
      zipcode: '01310-100',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    })
}

describe('the free state (no plan)', () => {
  test('3 properties, then property creation is refused with the plan that lifts it', async () => {
    const user = await newAgent()
    await addHomes(user.id, 2)
    expect(await canCreateHome(handle.db, user.id)).toMatchObject({ allowed: true, used: 2, limit: 3 })
    await addHomes(user.id, 1)
    const refused = await canCreateHome(handle.db, user.id)
    expect(refused).toMatchObject({ allowed: false, used: 3, limit: 3, upgradePlan: 'Corretor' })
    expect(refused.message).toBe(
      'Você já tem 3 de 3 imóveis do plano Gratuito. Assine o plano Corretor para ter 20 imóveis cadastrados.',
    )
    // The new-property page shows it instead of the form.
    const context = billingRouteContext(handle.db, demo, user)
    const page = await respond(() => newHomeLoader(args(navigation('/imoveis/novo'), context)))
    expect(((await page.json()) as { limit: string }).limit).toBe(refused.message)
  })

  test('no scheduled publications', async () => {
    const user = await newAgent()
    expect(await canSchedulePublication(handle.db, user.id)).toMatchObject({
      allowed: false,
      message: 'O plano Gratuito não inclui agendamentos. Assine o plano Corretor para ter 30 agendamentos por mês.',
    })
  })
})

describe('AI generations', () => {
  test('reserved atomically: concurrent requests cannot both take the last one', async () => {
    const user = await newAgent()
    await confirmDemoCheckout(handle.db, demo, user, 'corretor_mensal')
    // 38 of 40 used this month.
    await handle.db
      .insert(usageCounters)
      .values({ user_id: user.id, kind: 'ai_generation', period_start: startOfMonthInSaoPaulo(), count: 38 })
    const decisions = await Promise.all(Array.from({ length: 5 }, () => reserveAiGeneration(handle.db, user.id)))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(2)
    const refused = decisions.find((d) => !d.allowed)!
    expect(refused.message).toBe(
      'Você já usou 40 de 40 gerações com IA do plano Corretor este mês. Assine o plano Profissional para ter 160 gerações com IA por mês.',
    )
    // Next month starts from zero.
    const nextMonth = new Date(startOfMonthInSaoPaulo().getTime() + 40 * 24 * 60 * 60 * 1000)
    expect(await reserveAiGeneration(handle.db, user.id, nextMonth)).toMatchObject({ allowed: true, used: 1 })
  })
})

describe('demo checkout and portal', () => {
  test('the demo payment page confirms the plan through the subscription code; the portal cancels it', async () => {
    const user = await newAgent()
    const context = billingRouteContext(handle.db, demo, user)
    // The header's plan, from the subscription read with the profile on every signed-in request.
    const headerPlan = async (now?: Date) =>
      planOfSubscription((await ensureProfile(handle.db, user)).subscription, now)?.name ?? null
    expect(await headerPlan()).toBeNull()
    // /api/checkout sends the browser to the clearly labelled demo page.
    const checkout = await respond(() =>
      checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)),
    )
    expect(checkout.status).toBe(303)
    expect(checkout.headers.get('Location')).toBe('/plano/pagamento-demo?lookupKey=corretor_mensal')
    const page = await respond(() =>
      demoPaymentLoader(args(navigation('/plano/pagamento-demo?lookupKey=corretor_mensal'), context)),
    )
    expect(await page.json()).toMatchObject({ name: 'Corretor', priceLabel: 'R$ 49,00 /mês' })

    const form = new FormData()
    form.set('lookupKey', 'corretor_mensal')
    const confirmed = await respond(() =>
      demoPaymentAction(args(navigation('/plano/pagamento-demo', { method: 'POST', body: form }), context)),
    )
    expect(confirmed.headers.get('Location')).toBe('/plano/sucesso')
    const subscription = await getSubscription(handle.db, user.id)
    expect(subscription).toMatchObject({
      provider: 'demo',
      status: 'active',
      lookup_key: 'corretor_mensal',
      cancel_at_period_end: false,
    })
    expect((await currentPlan(handle.db, user.id))?.name).toBe('Corretor')
    expect(await headerPlan()).toBe('Corretor')
    expect(await canCreateHome(handle.db, user.id)).toMatchObject({ limit: 20 })

    const cancel = new FormData()
    cancel.set('intent', 'cancel')
    const cancelled = await respond(() =>
      demoPortalAction(
        args(
          navigation('/plano/portal-demo?return_url=%2Fminha-conta%2Fplano', { method: 'POST', body: cancel }),
          context,
        ),
      ),
    )
    expect(await toastOf(cancelled)).toMatchObject({ type: 'success', title: 'Assinatura cancelada' })
    const after = (await getSubscription(handle.db, user.id))!
    expect(after.cancel_at_period_end).toBe(true)
    // The plan lasts until the paid period ends, then the account is on the free state.
    expect((await currentPlan(handle.db, user.id))?.name).toBe('Corretor')
    const later = new Date(after.current_period_end!.getTime() + 1000)
    expect(await currentPlan(handle.db, user.id, later)).toBeNull()
    expect([await headerPlan(), await headerPlan(later)]).toEqual(['Corretor', null])
    expect(await setDemoCancellation(handle.db, user.id, false, later)).toBe('stale')
  })

  test('the demo pages do not exist when Stripe is configured', async () => {
    const stripeBilling = createStripeBilling({ secretKey: 'sk_test_x', webhookSecret: null, publishableKey: null })
    const context = billingRouteContext(handle.db, stripeBilling, await newAgent())
    const response = await respond(() =>
      demoPaymentLoader(args(navigation('/plano/pagamento-demo?lookupKey=corretor_mensal'), context)),
    )
    expect(response.status).toBe(404)
  })
})

test('usage this month against the plan, and the seeded demo account’s plan', async () => {
  const user = await newAgent()
  expect(await seedDemoSubscription(handle.db, user.id)).toBe(true)
  expect(await seedDemoSubscription(handle.db, user.id)).toBe(false)
  await addHomes(user.id, 2)
  const usage = await usageThisMonth(handle.db, user.id)
  expect(usage.plan?.name).toBe('Profissional')
  expect(usage.lines).toEqual([
    { kind: 'postsPerMonth', used: 0, limit: 120 },
    { kind: 'aiGenerationsPerMonth', used: 0, limit: 160 },
    { kind: 'homes', used: 2, limit: 150 },
    { kind: 'scheduledPerMonth', used: 0, limit: 120 },
    { kind: 'videosPerMonth', used: 0, limit: 40 },
  ])
})
