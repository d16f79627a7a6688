import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  ALL_LOOKUP_KEYS,
  FREE_PLAN,
  PLANS,
  limitMessage,
  monthlyEquivalent,
  monthsSavedPerYear,
  periodLabel,
  periodOfLookupKey,
  planOfLookupKey,
  planOfSubscription,
  planThatLifts,
  priceLabel,
  subscriptionIsLive,
} from './billing'

test('period labels: mês, trimestre, semestre, ano, semana, 1x', () => {
  expect(periodLabel('month', 1)).toBe('mês')
  expect(periodLabel('month', 3)).toBe('trimestre')
  expect(periodLabel('month', 6)).toBe('semestre')
  expect(periodLabel('year', 1)).toBe('ano')
  expect(periodLabel('week', 1)).toBe('semana')
  expect(periodLabel('month', 2)).toBe('semana')
  expect(periodLabel(null)).toBe('1x')
})

test('prices read the Brazilian way', () => {
  expect(priceLabel(9700, 'month')).toBe('R$ 97,00 /mês')
  expect(priceLabel(297000, 'year')).toBe('R$ 2.970,00 /ano')
  expect(priceLabel(null, 'month')).toBe('R$ -,-- /mês')
  expect(priceLabel(1990, null, null)).toBe('R$ 19,90 /1x')
  expect(monthlyEquivalent(97000)).toBe(8083)
  expect(monthsSavedPerYear(9700, 97000)).toBe(2)
})

test('a catalogue of plans, each with a monthly and a yearly lookup key, cheapest first', () => {
  expect(PLANS.length).toBeGreaterThanOrEqual(3)
  expect(PLANS.length).toBeLessThanOrEqual(4)
  expect(new Set(ALL_LOOKUP_KEYS).size).toBe(PLANS.length * 2)
  const monthly = PLANS.map((p) => p.prices.mensal.unitAmount)
  expect(monthly).toEqual([...monthly].sort((a, b) => a - b))
  for (const plan of PLANS) {
    expect(planOfLookupKey(plan.prices.mensal.lookupKey)).toBe(plan)
    expect(periodOfLookupKey(plan.prices.anual.lookupKey)).toBe('anual')
    // Every plan allows more than the free state, in everything.
    for (const kind of ['postsPerMonth', 'homes', 'scheduledPerMonth', 'aiGenerationsPerMonth'] as const) {
      const limit = plan.entitlements[kind]
      expect(limit === null || limit > FREE_PLAN.entitlements[kind]!, `${plan.id} ${kind}`).toBe(true)
    }
  }
  expect(PLANS.some((p) => p.entitlements.seats > 1)).toBe(true)
  expect(planOfLookupKey('nao_existe')).toBeNull()
})

const sub = (over: Partial<Parameters<typeof subscriptionIsLive>[0] & object> = {}) => ({
  status: 'active',
  lookup_key: 'profissional_mensal',
  current_period_end: new Date('2030-01-01T00:00:00Z'),
  cancel_at_period_end: false,
  ...over,
})

test('which subscriptions give their plan', () => {
  const now = new Date('2029-06-01T00:00:00Z')
  expect(planOfSubscription(sub(), now)?.id).toBe('profissional')
  expect(subscriptionIsLive(sub({ status: 'past_due' }), now)).toBe(true)
  expect(subscriptionIsLive(sub({ status: 'canceled' }), now)).toBe(false)
  expect(subscriptionIsLive(sub({ status: 'incomplete' }), now)).toBe(false)
  expect(subscriptionIsLive(sub({ status: 'unpaid' }), now)).toBe(false)
  // Cancelled at the period's end: the plan lasts until then.
  expect(subscriptionIsLive(sub({ cancel_at_period_end: true }), now)).toBe(true)
  expect(subscriptionIsLive(sub({ cancel_at_period_end: true }), new Date('2030-01-02T00:00:00Z'))).toBe(false)
  expect(planOfSubscription(sub({ lookup_key: 'price_de_outro_produto' }), now)).toBeNull()
  expect(planOfSubscription(null, now)).toBeNull()
})

test('the upgrade message names the plan that lifts the limit', () => {
  expect(limitMessage(null, 'postsPerMonth', 5, 5)).toBe(
    'Você já gerou 5 de 5 posts do plano Gratuito este mês. Assine o plano Corretor para ter 30 posts por mês.',
  )
  const corretor = planOfLookupKey('corretor_mensal')
  expect(limitMessage(corretor, 'homes', 20, 20)).toBe(
    'Você já tem 20 de 20 imóveis do plano Corretor. Assine o plano Profissional para ter 150 imóveis cadastrados.',
  )
  const profissional = planOfLookupKey('profissional_anual')
  expect(limitMessage(profissional, 'homes', 150, 150)).toContain(
    'Assine o plano Imobiliária para ter imóveis ilimitados.',
  )
  const top = planOfLookupKey('imobiliaria_mensal')
  expect(limitMessage(top, 'postsPerMonth', 600, 600)).toContain('Fale com a gente')
  expect(limitMessage(null, 'scheduledPerMonth', 0, 0)).toBe(
    'O plano Gratuito não inclui agendamentos. Assine o plano Corretor para ter 30 agendamentos por mês.',
  )
})

test('the plan that lifts a limit always allows more than the current one', () => {
  const plans = [null, ...PLANS]
  fc.assert(
    fc.property(
      fc.constantFrom(...plans),
      fc.constantFrom('postsPerMonth', 'homes', 'scheduledPerMonth', 'aiGenerationsPerMonth' as const),
      (current, kind) => {
        const next = planThatLifts(current, kind)
        const limit = (current ?? FREE_PLAN).entitlements[kind]
        if (limit === null) expect(next).toBeNull()
        else if (next) {
          const offered = next.entitlements[kind]
          expect(offered === null || offered > limit).toBe(true)
        }
      },
    ),
  )
})
