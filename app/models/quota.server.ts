// The one question generation asks before making a post: does the agent's plan allow another
// post this month? Billing (issue of plans and subscriptions) fills in the limit; until a plan
// says otherwise the answer is yes. The month is the calendar month in America/Sao_Paulo.
import type { Database } from '../utils/db.server'
import { countPostsSince } from './posts.server'

export type QuotaDecision = {
  allowed: boolean
  /** Posts created this month; null when the plan has no limit (nothing to count). */
  used: number | null
  /** Posts the plan allows per month; null when unlimited. */
  limit: number | null
  /** Why not, in pt-BR (shown as an error toast). */
  message?: string
}

/** Start of the current month in São Paulo (UTC−03:00, no daylight saving since 2019). */
export function startOfMonthInSaoPaulo(now = new Date()): Date {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1, 3, 0, 0))
}

/**
 * The monthly post limit of the agent's plan, or null for no limit. Billing replaces this
 * with its plan lookup; nothing else needs to change.
 */
export async function monthlyPostLimit(_db: Database, _userId: string): Promise<number | null> {
  return null
}

export async function canGeneratePost(
  db: Database,
  userId: string,
  now = new Date(),
  limitOf: typeof monthlyPostLimit = monthlyPostLimit,
): Promise<QuotaDecision> {
  const limit = await limitOf(db, userId)
  if (limit === null) return { allowed: true, used: null, limit }
  const used = await countPostsSince(db, userId, startOfMonthInSaoPaulo(now))
  if (used < limit) return { allowed: true, used, limit }
  return {
    allowed: false,
    used,
    limit,
    message: `Você já gerou ${used} de ${limit} posts do seu plano este mês. Contrate um plano maior para continuar.`,
  }
}
