// Entitlements, asked in one place: generation, property creation and scheduling call these
// before they write. The plan comes from the subscription row only (app/domain/billing.ts has
// what each plan allows, and the free state). Months are calendar months in America/Sao_Paulo.
import { and, count, eq, sql } from 'drizzle-orm'
import { scheduledPublications, usageCounters, users } from '../../db/schema'
import {
  ANONYMOUS_TRIAL,
  entitlementsOf,
  limitMessage,
  planOfSubscription,
  planThatLifts,
  type CatalogPlan,
  type EntitlementKind,
  trialLimitMessage,
} from '~/domain/billing'
import { startOfMonthInSaoPaulo } from '~/domain/dates'
import type { Database } from '~/utils/db.server'
import { countHomes } from './homes.server'
import { countPostsSince } from './posts.server'
import { getSubscription } from './subscriptions.server'
import { countVideosSince } from './videos.server'

export type QuotaDecision = {
  allowed: boolean
  /** Use counted against the limit; null when the plan has no limit (nothing to count). */
  used: number | null
  /** What the plan allows; null when unlimited. */
  limit: number | null
  /** Why not, in pt-BR, naming the plan that lifts the limit. */
  message?: string
  /** The plan that lifts the limit, when there is one (the page links to /plano/contratar). */
  upgradePlan?: string | null
}

/** The plan the agent has now, or null for the free state. */
export async function currentPlan(db: Database, userId: string, now = new Date()): Promise<CatalogPlan | null> {
  return planOfSubscription(await getSubscription(db, userId), now)
}

/** Allowed when `wanted` more still fit under the limit (a publication per account: several). */
function decide(
  plan: CatalogPlan | null,
  kind: EntitlementKind,
  used: number,
  limit: number,
  wanted = 1,
): QuotaDecision {
  if (used + wanted <= limit) return { allowed: true, used, limit }
  return {
    allowed: false,
    used,
    limit,
    message: limitMessage(plan, kind, used, limit),
    upgradePlan: planThatLifts(plan, kind)?.name ?? null,
  }
}

/** Is this account an anonymous visitor's ("Experimente sem cadastro", ADR 269)? */
export async function isAnonymousAccount(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ seen: users.anonymous_seen_at }).from(users).where(eq(users.id, userId)).limit(1)
  return !!row?.seen
}

/** The trial's answer: its own allowance, counted over the visitor's whole life. */
function decideTrial(kind: EntitlementKind, used: number, wanted = 1): QuotaDecision {
  const limit = ANONYMOUS_TRIAL.entitlements[kind]
  if (used + wanted <= limit) return { allowed: true, used, limit }
  return { allowed: false, used, limit, message: trialLimitMessage(kind, limit), upgradePlan: null }
}

const EVER = new Date(0)

/** May the agent generate another post this month? */
export async function canGeneratePost(db: Database, userId: string, now = new Date()): Promise<QuotaDecision> {
  if (await isAnonymousAccount(db, userId)) return decideTrial('postsPerMonth', await countPostsSince(db, userId, EVER))
  const plan = await currentPlan(db, userId, now)
  const limit = entitlementsOf(plan).postsPerMonth
  if (limit === null) return { allowed: true, used: null, limit }
  return decide(plan, 'postsPerMonth', await countPostsSince(db, userId, startOfMonthInSaoPaulo(now)), limit)
}

/** May the agent keep one more property? */
export async function canCreateHome(db: Database, userId: string, now = new Date()): Promise<QuotaDecision> {
  if (await isAnonymousAccount(db, userId)) return decideTrial('homes', await countHomes(db, userId))
  const plan = await currentPlan(db, userId, now)
  const limit = entitlementsOf(plan).homes
  if (limit === null) return { allowed: true, used: null, limit }
  return decide(plan, 'homes', await countHomes(db, userId), limit)
}

async function countScheduledSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.user_id, userId),
        sql`${scheduledPublications.created_at} >= ${since.toISOString()}`,
      ),
    )
  return Number(row?.total ?? 0)
}

/**
 * May the agent schedule `wanted` more publications this month (one per chosen account)? Asked
 * by the scheduling workflow before it renders anything, and again inside its transaction after
 * lockQuotaOf, so two requests at once cannot both take the last one.
 */
export async function canSchedulePublication(
  db: Database,
  userId: string,
  now = new Date(),
  wanted = 1,
): Promise<QuotaDecision> {
  if (await isAnonymousAccount(db, userId)) return decideTrial('scheduledPerMonth', 0, wanted)
  const plan = await currentPlan(db, userId, now)
  const limit = entitlementsOf(plan).scheduledPerMonth
  if (limit === null) return { allowed: true, used: null, limit }
  const used = await countScheduledSince(db, userId, startOfMonthInSaoPaulo(now))
  return decide(plan, 'scheduledPerMonth', used, limit, wanted)
}

/**
 * Holds the agent's row until the transaction ends: a count-then-insert under it is not raced
 * by another request of the same agent (the AI counter has its own atomic update instead).
 */
export async function lockQuotaOf(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/**
 * Does a stored publication still fit the plan the agent has now? It is the n-th one scheduled
 * in its calendar month; the publishing job and "Tentar novamente" ask, so a publication from a
 * plan that has ended (or from before the check existed) is refused instead of published.
 */
export async function publicationWithinPlan(
  db: Database,
  row: { id: number; user_id: string; created_at: Date },
  now = new Date(),
): Promise<QuotaDecision> {
  const plan = await currentPlan(db, row.user_id, now)
  const limit = entitlementsOf(plan).scheduledPerMonth
  if (limit === null) return { allowed: true, used: null, limit }
  const from = startOfMonthInSaoPaulo(row.created_at)
  const to = startOfMonthInSaoPaulo(new Date(from.getTime() + 32 * 24 * 60 * 60 * 1000))
  const [counted] = await db
    .select({ total: count() })
    .from(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.user_id, row.user_id),
        sql`${scheduledPublications.created_at} >= ${from.toISOString()}`,
        sql`${scheduledPublications.created_at} < ${to.toISOString()}`,
        sql`${scheduledPublications.id} <= ${row.id}`,
      ),
    )
  const rank = Number(counted?.total ?? 0)
  return rank <= limit ? { allowed: true, used: rank, limit } : decide(plan, 'scheduledPerMonth', limit, limit)
}

/** May the agent make another property video this month? */
export async function canMakeVideo(db: Database, userId: string, now = new Date()): Promise<QuotaDecision> {
  if (await isAnonymousAccount(db, userId)) return decideTrial('videosPerMonth', 0)
  const plan = await currentPlan(db, userId, now)
  const limit = entitlementsOf(plan).videosPerMonth
  if (limit === null) return { allowed: true, used: null, limit }
  return decide(plan, 'videosPerMonth', await countVideosSince(db, userId, startOfMonthInSaoPaulo(now)), limit)
}

const AI_GENERATION = 'ai_generation'

async function aiGenerationsUsed(db: Database, userId: string, periodStart: Date): Promise<number> {
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.user_id, userId),
        eq(usageCounters.kind, AI_GENERATION),
        eq(usageCounters.period_start, periodStart),
      ),
    )
  return row?.count ?? 0
}

/**
 * Takes one AI generation of this month's allowance, atomically: two requests at once cannot
 * both take the last one. Refused (nothing taken) when the allowance is used up.
 */
export async function reserveAiGeneration(db: Database, userId: string, now = new Date()): Promise<QuotaDecision> {
  const plan = await currentPlan(db, userId, now)
  const anonymous = await isAnonymousAccount(db, userId)
  // The trial's generations are counted under one period (the epoch): over the visitor's life.
  const limit = anonymous
    ? ANONYMOUS_TRIAL.entitlements.aiGenerationsPerMonth
    : entitlementsOf(plan).aiGenerationsPerMonth
  const periodStart = anonymous ? EVER : startOfMonthInSaoPaulo(now)
  if (limit !== null && limit <= 0) return decide(plan, 'aiGenerationsPerMonth', 0, limit)
  const taken = await db
    .insert(usageCounters)
    .values({ user_id: userId, kind: AI_GENERATION, period_start: periodStart, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.user_id, usageCounters.kind, usageCounters.period_start],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: limit === null ? undefined : sql`${usageCounters.count} < ${limit}`,
    })
    .returning({ count: usageCounters.count })
  if (taken[0]) return { allowed: true, used: taken[0].count, limit }
  if (anonymous) return decideTrial('aiGenerationsPerMonth', limit ?? 0)
  return decide(plan, 'aiGenerationsPerMonth', await aiGenerationsUsed(db, userId, periodStart), limit ?? 0)
}

export type UsageLine = { kind: EntitlementKind; used: number; limit: number | null }

/** This month's use against the plan, for the account's plan page. */
export async function usageThisMonth(db: Database, userId: string, now = new Date()) {
  const plan = await currentPlan(db, userId, now)
  const entitlements = entitlementsOf(plan)
  const since = startOfMonthInSaoPaulo(now)
  const [posts, homes, scheduled, ai, videos] = await Promise.all([
    countPostsSince(db, userId, since),
    countHomes(db, userId),
    countScheduledSince(db, userId, since),
    aiGenerationsUsed(db, userId, since),
    countVideosSince(db, userId, since),
  ])
  const lines: UsageLine[] = [
    { kind: 'postsPerMonth', used: posts, limit: entitlements.postsPerMonth },
    { kind: 'aiGenerationsPerMonth', used: ai, limit: entitlements.aiGenerationsPerMonth },
    { kind: 'homes', used: homes, limit: entitlements.homes },
    { kind: 'scheduledPerMonth', used: scheduled, limit: entitlements.scheduledPerMonth },
    { kind: 'videosPerMonth', used: videos, limit: entitlements.videosPerMonth },
  ]
  return { plan, seats: entitlements.seats, lines }
}
