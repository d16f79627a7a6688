// The admin area's reading of accounts: the dashboard's counts, the searchable user list with
// its plan filter, one user's overview; and the role change, written with its audit line.
import { and, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { posts, postTemplates, scheduledPublications, subscriptions, users } from '../../db/schema'
import { LIVE_STATUSES, PLANS, type PlanId } from '~/domain/billing'
import type { Database } from '~/utils/db.server'
import type { Actor } from './admin-templates.server'
import { recordAudit } from './audit-log.server'
import { startOfMonthInSaoPaulo } from '~/domain/dates'

export const USERS_PER_PAGE = 20

/** A subscription that gives its plan now (billing.ts subscriptionIsLive, in SQL). */
function liveSubscription(now: Date): SQL {
  return and(
    inArray(subscriptions.status, [...LIVE_STATUSES]),
    sql`not (${subscriptions.cancel_at_period_end} and ${subscriptions.current_period_end} is not null and ${subscriptions.current_period_end} <= ${now.toISOString()})`,
  )!
}

export async function dashboardCounts(db: Database, now = new Date()) {
  const [[u], [p], [s], [f]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(posts)
      .where(gte(posts.created_at, startOfMonthInSaoPaulo(now))),
    db.select({ n: count() }).from(subscriptions).where(liveSubscription(now)),
    db.select({ n: count() }).from(scheduledPublications).where(eq(scheduledPublications.status, 'failed')),
  ])
  return { users: u!.n, postsThisMonth: p!.n, activeSubscriptions: s!.n, failedPublications: f!.n }
}

export type PlanFilter = PlanId | 'gratuito' | ''

/** What the admin area shows for an anonymous visitor's address (ADR 269). */
export const ANONYMOUS_LABEL = '(sem cadastro)'

export type AdminUserRow = {
  id: string
  email: string
  full_name: string | null
  role: 'user' | 'admin'
  created_at: Date
  lookup_key: string | null
  live: boolean
}

function planCondition(plan: PlanFilter, now: Date): SQL | undefined {
  if (!plan) return undefined
  const live = sql`exists (select 1 from ${subscriptions} where ${subscriptions.user_id} = ${users.id} and ${liveSubscription(now)}`
  if (plan === 'gratuito') return sql`not ${live})`
  const found = PLANS.find((item) => item.id === plan)
  const keys = found ? [found.prices.mensal.lookupKey, found.prices.anual.lookupKey] : ['']
  return sql`${live} and ${inArray(subscriptions.lookup_key, keys)})`
}

/** Users by name or e-mail (every word), newest first, a page at a time. */
export async function listUsers(
  db: Database,
  filter: { search?: string; plan?: PlanFilter; page?: number },
  now = new Date(),
): Promise<{ rows: AdminUserRow[]; total: number; page: number; pages: number }> {
  const words = (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)
  const escape = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = and(
    ...words.map((word) => or(ilike(users.email, escape(word)), ilike(users.full_name, escape(word)))),
    planCondition(filter.plan ?? '', now),
  )
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where)
  const pages = Math.max(1, Math.ceil(total / USERS_PER_PAGE))
  const page = Math.min(Math.max(1, filter.page ?? 1), pages)
  const rows = await db
    .select({
      id: users.id,
      // An anonymous visitor (ADR 269) has no address yet.
      email: sql<string>`coalesce(${users.email}, ${ANONYMOUS_LABEL})`,
      full_name: users.full_name,
      role: users.role,
      created_at: users.created_at,
      lookup_key: subscriptions.lookup_key,
      live: sql<boolean>`coalesce(${liveSubscription(now)}, false)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.user_id, users.id))
    .where(where)
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(USERS_PER_PAGE)
    .offset((page - 1) * USERS_PER_PAGE)
  return { rows, total, page, pages }
}

export async function getUserRow(db: Database, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ? { ...row, email: row.email ?? ANONYMOUS_LABEL } : null
}

/** The user's latest posts with their template's name. */
export async function recentPostsOf(db: Database, userId: string, limit = 10) {
  return db
    .select({
      id: posts.id,
      public_id: posts.public_id,
      created_at: posts.created_at,
      error: posts.error,
      generating: posts.generating,
      template_name: postTemplates.name,
    })
    .from(posts)
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .where(and(eq(posts.user_id, userId), isNull(posts.deleted_at)))
    .orderBy(desc(posts.created_at), desc(posts.id))
    .limit(limit)
}

/** Gives or takes the admin role; false when there is no such user. */
export async function setUserRole(db: Database, actor: Actor, userId: string, role: 'user' | 'admin') {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning({ email: users.email })
    if (!row) return false
    await recordAudit(tx, {
      actor,
      action: role === 'admin' ? 'user.make-admin' : 'user.remove-admin',
      target: { type: 'user', id: userId, label: row.email ?? ANONYMOUS_LABEL },
    })
    return true
  })
}
