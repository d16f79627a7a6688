// Plans and what they allow (ADR 084), with prices in BRL and the period labels. Pure data and
// functions: the Stripe prices are found by these lookup keys, the entitlements are read from
// here by app/models/quota.server.ts, and the free state (no plan) is defined here too.
import { formatBRL } from './money'
import { SAO_PAULO } from './dates'

export type BillingInterval = 'day' | 'week' | 'month' | 'year'
/** The two periods a plan is sold in; the switch on /plano/contratar (?periodo=anual). */
export type PlanPeriod = 'mensal' | 'anual'

export type Entitlements = {
  /** Posts generated per calendar month (São Paulo time); null = no limit. */
  postsPerMonth: number | null
  /** Properties kept at once; null = no limit. */
  homes: number | null
  /** Publications scheduled per calendar month; null = no limit. */
  scheduledPerMonth: number | null
  /** Runs of the copywriter per month (a new post or a "generate again"); null = no limit. */
  aiGenerationsPerMonth: number | null
  /** Property videos (Reels) made per calendar month; null = no limit. */
  videosPerMonth: number | null
  /** People who use the account (an agency's team). */
  seats: number
}

export type PlanId = 'corretor' | 'profissional' | 'imobiliaria'

export type CatalogPlan = {
  id: PlanId
  name: string
  tagline: string
  /** The card the page highlights. */
  featured: boolean
  entitlements: Entitlements
  /** Local prices in cents: the embedded default's, and the fallback labels for Stripe's. */
  prices: Record<PlanPeriod, { lookupKey: string; unitAmount: number; interval: BillingInterval }>
}

const plan = (
  id: PlanId,
  name: string,
  tagline: string,
  entitlements: Entitlements,
  monthly: number,
  yearly: number,
  featured = false,
): CatalogPlan => ({
  id,
  name,
  tagline,
  featured,
  entitlements,
  prices: {
    mensal: { lookupKey: `${id}_mensal`, unitAmount: monthly, interval: 'month' },
    anual: { lookupKey: `${id}_anual`, unitAmount: yearly, interval: 'year' },
  },
})

/** Cheapest first: the upgrade message offers the next one up. Yearly = 10 months. */
export const PLANS: readonly CatalogPlan[] = [
  plan(
    'corretor',
    'Corretor',
    'Para o corretor autônomo que divulga a própria carteira.',
    { postsPerMonth: 30, homes: 20, scheduledPerMonth: 30, aiGenerationsPerMonth: 40, videosPerMonth: 10, seats: 1 },
    4900,
    49000,
  ),
  plan(
    'profissional',
    'Profissional',
    'Para quem publica todos os dias e tem muitos imóveis.',
    {
      postsPerMonth: 120,
      homes: 150,
      scheduledPerMonth: 120,
      aiGenerationsPerMonth: 160,
      videosPerMonth: 40,
      seats: 1,
    },
    9700,
    97000,
    true,
  ),
  plan(
    'imobiliaria',
    'Imobiliária',
    'Para a equipe da imobiliária, com vários corretores na mesma conta.',
    {
      postsPerMonth: 600,
      homes: null,
      scheduledPerMonth: 600,
      aiGenerationsPerMonth: 800,
      videosPerMonth: 150,
      seats: 5,
    },
    29700,
    297000,
  ),
]

/** No plan: enough to try the product, not to run a portfolio on it. */
export const FREE_PLAN = {
  name: 'Gratuito',
  entitlements: {
    postsPerMonth: 5,
    homes: 3,
    scheduledPerMonth: 0,
    aiGenerationsPerMonth: 6,
    videosPerMonth: 1,
    seats: 1,
  },
} as const satisfies { name: string; entitlements: Entitlements }

/**
 * "Experimente sem cadastro" (ADR 269): a visitor with no account makes a few posts of the sample
 * property (or one of their own) and downloads them; scheduling waits for "Salvar meu trabalho".
 * Counted over the visitor's whole life (7 days unused and it is deleted), not per month.
 */
export const ANONYMOUS_TRIAL = {
  name: 'Teste sem cadastro',
  entitlements: {
    postsPerMonth: 3,
    homes: 2,
    scheduledPerMonth: 0,
    aiGenerationsPerMonth: 6,
    videosPerMonth: 0,
    seats: 1,
  },
} as const satisfies { name: string; entitlements: Entitlements }

const TRIAL_PREFIX = 'No teste sem cadastro'

/** The pt-BR refusal of the trial's limits: what it allows, and the way on (an account, free). */
export function trialLimitMessage(kind: EntitlementKind, limit: number): string {
  const allowed: Record<EntitlementKind, string> = {
    postsPerMonth: `${TRIAL_PREFIX} você pode gerar até ${limit} posts.`,
    homes: `${TRIAL_PREFIX} você pode ter até ${limit} imóveis.`,
    scheduledPerMonth: `${TRIAL_PREFIX} não é possível agendar publicações.`,
    aiGenerationsPerMonth: `${TRIAL_PREFIX} você pode usar até ${limit} gerações com IA.`,
    videosPerMonth: `${TRIAL_PREFIX} não é possível fazer vídeos.`,
  }
  return `${allowed[kind]} Salve seu trabalho com seu e-mail para continuar: é grátis e nada do que você fez se perde.`
}

/** Is this refusal the trial's (its way on is "Salvar meu trabalho", not the plans)? */
export function isTrialMessage(message: string | null | undefined): boolean {
  return !!message?.startsWith(TRIAL_PREFIX)
}

export const PLAN_PERIODS: readonly PlanPeriod[] = ['mensal', 'anual']
export const PERIOD_NAMES: Record<PlanPeriod, string> = { mensal: 'Mensal', anual: 'Anual' }

/** Lookup keys as they may appear in a link: letters, digits, _ . - (checked before any use). */
export const LOOKUP_KEY_PATTERN = /^[\w.-]{1,100}$/

export const ALL_LOOKUP_KEYS: readonly string[] = PLANS.flatMap((p) => PLAN_PERIODS.map((k) => p.prices[k].lookupKey))

export function planOfLookupKey(lookupKey: string | null | undefined): CatalogPlan | null {
  if (!lookupKey) return null
  return PLANS.find((p) => PLAN_PERIODS.some((k) => p.prices[k].lookupKey === lookupKey)) ?? null
}

export function periodOfLookupKey(lookupKey: string): PlanPeriod | null {
  const found = planOfLookupKey(lookupKey)
  if (!found) return null
  return PLAN_PERIODS.find((k) => found.prices[k].lookupKey === lookupKey) ?? null
}

export function readPeriod(value: string | null | undefined): PlanPeriod {
  return value === 'anual' ? 'anual' : 'mensal'
}

/**
 * Month 'mês', 3 months 'trimestre', 6 months 'semestre', year 'ano', any other
 * recurrence 'semana', no recurrence (a one-off price) '1x'.
 */
export function periodLabel(interval: BillingInterval | null | undefined, intervalCount: number | null = 1): string {
  if (!interval) return '1x'
  const count = intervalCount ?? 1
  if (interval === 'month' && count === 1) return 'mês'
  if (interval === 'month' && count === 3) return 'trimestre'
  if (interval === 'month' && count === 6) return 'semestre'
  if ((interval === 'year' && count === 1) || (interval === 'month' && count === 12)) return 'ano'
  return 'semana'
}

/** 'R$ 97,00 /mês'; a missing amount shows 'R$ -,-- /mês' (ADR 150). */
export function priceLabel(
  unitAmount: number | null | undefined,
  interval: BillingInterval | null | undefined,
  intervalCount: number | null = 1,
): string {
  return `${formatBRL(unitAmount)} /${periodLabel(interval, intervalCount)}`
}

/** What a yearly price costs a month, rounded down to the cent: 97000 → 8083. */
export function monthlyEquivalent(yearlyCents: number): number {
  return Math.floor(yearlyCents / 12)
}

/** Whole months a yearly price saves against twelve monthly ones (10× the month → 2). */
export function monthsSavedPerYear(monthlyCents: number, yearlyCents: number): number {
  if (monthlyCents <= 0) return 0
  return Math.max(0, Math.floor((monthlyCents * 12 - yearlyCents) / monthlyCents))
}

/** Stripe subscription statuses that still give the plan (past_due: Stripe is retrying). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due'])

export type SubscriptionFacts = {
  status: string
  lookup_key: string
  current_period_end: Date | null
  cancel_at_period_end: boolean
}

/** Whether a stored subscription gives its plan now. */
export function subscriptionIsLive(sub: SubscriptionFacts | null | undefined, now = new Date()): boolean {
  if (!sub || !LIVE_STATUSES.has(sub.status)) return false
  if (sub.cancel_at_period_end && sub.current_period_end && sub.current_period_end <= now) return false
  return true
}

/** The plan a subscription gives now, or null for the free state. */
export function planOfSubscription(sub: SubscriptionFacts | null | undefined, now = new Date()): CatalogPlan | null {
  return subscriptionIsLive(sub, now) ? planOfLookupKey(sub!.lookup_key) : null
}

export function entitlementsOf(plan: CatalogPlan | null): Entitlements {
  return plan?.entitlements ?? FREE_PLAN.entitlements
}

export type EntitlementKind =
  'postsPerMonth' | 'homes' | 'scheduledPerMonth' | 'aiGenerationsPerMonth' | 'videosPerMonth'

/** The cheapest plan that allows more of `kind` than `current` does. */
export function planThatLifts(current: CatalogPlan | null, kind: EntitlementKind): CatalogPlan | null {
  const limit = entitlementsOf(current)[kind]
  if (limit === null) return null
  return (
    PLANS.find((p) => {
      const offered = p.entitlements[kind]
      return p.id !== current?.id && (offered === null || offered > limit)
    }) ?? null
  )
}

const KIND_TEXT: Record<EntitlementKind, { unit: (n: number) => string; verb: string }> = {
  postsPerMonth: { unit: (n) => (n === 1 ? 'post' : 'posts'), verb: 'por mês' },
  homes: { unit: (n) => (n === 1 ? 'imóvel' : 'imóveis'), verb: 'cadastrados' },
  scheduledPerMonth: { unit: (n) => (n === 1 ? 'agendamento' : 'agendamentos'), verb: 'por mês' },
  aiGenerationsPerMonth: { unit: (n) => (n === 1 ? 'geração com IA' : 'gerações com IA'), verb: 'por mês' },
  videosPerMonth: { unit: (n) => (n === 1 ? 'vídeo' : 'vídeos'), verb: 'por mês' },
}

/** '120 posts por mês', 'imóveis ilimitados'. */
export function allowanceText(kind: EntitlementKind, limit: number | null): string {
  if (limit === null)
    return `${KIND_TEXT[kind].unit(2)} ${kind === 'aiGenerationsPerMonth' ? 'ilimitadas' : 'ilimitados'}`
  if (limit === 0) return `sem ${KIND_TEXT[kind].unit(2)}`
  return `${limit} ${KIND_TEXT[kind].unit(limit)} ${KIND_TEXT[kind].verb}`
}

/** The pt-BR refusal: what was used, of which plan, and which plan lifts the limit. */
export function limitMessage(current: CatalogPlan | null, kind: EntitlementKind, used: number, limit: number): string {
  const planName = current ? `do plano ${current.name}` : 'do plano Gratuito'
  const reached: Record<EntitlementKind, string> = {
    postsPerMonth: `Você já gerou ${used} de ${limit} posts ${planName} este mês.`,
    homes: `Você já tem ${used} de ${limit} imóveis ${planName}.`,
    scheduledPerMonth:
      limit === 0
        ? `O plano ${current?.name ?? 'Gratuito'} não inclui agendamentos.`
        : `Você já agendou ${used} de ${limit} publicações ${planName} este mês.`,
    aiGenerationsPerMonth: `Você já usou ${used} de ${limit} gerações com IA ${planName} este mês.`,
    videosPerMonth: `Você já fez ${used} de ${limit} ${limit === 1 ? 'vídeo' : 'vídeos'} ${planName} este mês.`,
  }
  const next = planThatLifts(current, kind)
  const lift = next
    ? ` Assine o plano ${next.name} para ter ${allowanceText(kind, next.entitlements[kind])}.`
    : ' Fale com a gente para um plano sob medida.'
  return reached[kind] + lift
}

/** The label of the embedded default's payment page (no Stripe key): nothing is charged. */
export const DEMO_PAYMENT_NOTICE = 'Pagamento de demonstração — nenhuma cobrança é feita'

/** The payment notifications, worded once for every place that shows them. */
export const BILLING_MESSAGES = {
  checkoutCreate: 'Não foi possível criar a página de pagamento.',
  checkoutAccess: 'Não foi possível acessar a página de pagamento.',
  prices: 'Não foi possível buscar os preços.',
  portal: 'Não foi possível acessar o portal do cliente',
} as const

const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/** A billing date as people read it in Brazil: 05/08/2026 (São Paulo time). */
export function formatBillingDate(date: Date | null | undefined): string | null {
  return date ? dayFormat.format(date) : null
}
