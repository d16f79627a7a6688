// "Mês pronto" (ADR 283): a property owner's one link to their property's pieces of a month (only
// its hash is kept), the agent's best hours from their own insights, whom "Seu mês está pronto"
// is sent to.
import { and, eq, gte, sql } from 'drizzle-orm'
import { homes, monthClientLinks, postInsights, scheduledPublications, users } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export async function createMonthClientLink(
  db: Database,
  link: { planId: number; accountId: string; homeId: number; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .insert(monthClientLinks)
    .values({
      plan_id: link.planId,
      account_id: link.accountId,
      home_id: link.homeId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
    })
    .returning()
  return row!
}

/** What a property owner's link opens: the link (the plan and the one property). */
export async function monthLinkOf(db: Database, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select({ link: monthClientLinks, homeName: homes.name })
    .from(monthClientLinks)
    .innerJoin(homes, eq(homes.id, monthClientLinks.home_id))
    .where(and(eq(monthClientLinks.token_hash, tokenHash), gte(monthClientLinks.expires_at, now)))
  return row ?? null
}

export async function markMonthLinkDecided(db: Database, id: number) {
  await db.update(monthClientLinks).set({ decided_at: new Date() }).where(eq(monthClientLinks.id, id))
}

/** Enough of the agent's own publications with insights to trust their best hours. */
export const INSIGHTS_NEEDED = 10

/**
 * The agent's best hours (São Paulo, by the average reach of their publications at that hour),
 * best first; null with fewer than INSIGHTS_NEEDED publications read.
 */
export async function bestHoursOf(db: Database, accountId: string): Promise<number[] | null> {
  const rows = await db
    .select({
      hour: sql<number>`extract(hour from ${scheduledPublications.publish_at} at time zone 'America/Sao_Paulo')::int`,
      reach: sql<number>`avg(${postInsights.reach})::float`,
      n: sql<number>`count(distinct ${scheduledPublications.id})::int`,
    })
    .from(postInsights)
    .innerJoin(scheduledPublications, eq(scheduledPublications.id, postInsights.publication_id))
    .where(eq(postInsights.user_id, accountId))
    .groupBy(sql`1`)
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0)
  if (total < INSIGHTS_NEEDED) return null
  return rows
    .filter((r) => r.hour >= 8 && r.hour <= 21)
    .sort((a, b) => Number(b.reach) - Number(a.reach))
    .slice(0, 3)
    .map((r) => Number(r.hour))
}

/** The person's e-mail (whom "Seu mês está pronto" goes to). */
export async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? null
}
