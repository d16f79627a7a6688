// The `users` row behind a signed-in session: read on every signed-in request, made on first
// sight of an auth user (e.g. after Google sign-in).
import { eq, sql, type AnyColumn } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { accountMembers, subscriptions, users, type Subscription } from '../../db/schema'
import type { SessionUser } from '~/context'
import { entitlementsOf, planOfSubscription } from '~/domain/billing'
import { roleWithinSeats } from '~/domain/team'
import { preparedQuery, type Database } from '~/utils/db.server'

/** What the header's plan is made from (planOfSubscription's facts). */
export type ProfileSubscription = Pick<
  Subscription,
  'status' | 'lookup_key' | 'current_period_end' | 'cancel_at_period_end'
>

/** What an auth user (Supabase's `User`) carries that the profile reads. */
type AuthUser = { id: string; email?: string; is_anonymous?: boolean; user_metadata?: Record<string, unknown> }

/** An anonymous visitor's "last seen" is written at most this often (ADR 269). */
const SEEN_EVERY_MS = 60 * 60 * 1000

const ahead = alias(accountMembers, 'ahead')
/** A member's place in the seats' order (seatHolders in app/domain/team.ts): chosen, not chosen, left out. */
const seatOrder = (m: { keeps_seat: AnyColumn; created_at: AnyColumn; user_id: AnyColumn }) =>
  sql`(case when ${m.keeps_seat} then 0 when ${m.keeps_seat} is null then 1 else 2 end, ${m.created_at}, ${m.user_id})`

/**
 * The profile every signed-in request reads (prepared once per database), with the facts of the
 * account's subscription that the header's plan comes from: one read, not two (ADR 232).
 */
const profileById = preparedQuery((db) =>
  db
    .select({
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      anonymousSeenAt: users.anonymous_seen_at,
      accountId: accountMembers.account_id,
      accountRole: accountMembers.role,
      /** How many members come before this one for a seat (ADR 306). */
      seatsAhead: sql<
        number | null
      >`(select count(*)::int from ${accountMembers} as "ahead" where ${ahead.account_id} = ${accountMembers.account_id} and ${seatOrder(ahead)} < ${seatOrder(accountMembers)})`,
      subscription: {
        status: subscriptions.status,
        lookup_key: subscriptions.lookup_key,
        current_period_end: subscriptions.current_period_end,
        cancel_at_period_end: subscriptions.cancel_at_period_end,
      },
    })
    .from(users)
    .leftJoin(accountMembers, eq(accountMembers.user_id, users.id))
    // The account's plan (its owner's subscription), as the quotas and "Meu plano" read it.
    .leftJoin(subscriptions, eq(subscriptions.user_id, sql`coalesce(${accountMembers.account_id}, ${users.id})`))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_by_id'),
)

/**
 * A member works with their own role while they hold a seat of the account's plan (the owner
 * holds one); beyond the seats, read-only (ADR 306).
 */
function roleOf(
  profile:
    | { accountRole: 'gestor' | 'corretor' | null; seatsAhead: number | null; subscription: ProfileSubscription | null }
    | undefined,
) {
  if (!profile?.accountRole) return 'owner'
  const seats = entitlementsOf(planOfSubscription(profile.subscription)).seats
  return roleWithinSeats(profile.accountRole, (profile.seatsAhead ?? 0) + 1 < seats)
}

/**
 * The `users` row of an auth user, made on first sight (e.g. after Google sign-in). An anonymous
 * visitor's row has no e-mail and the hour they were last seen (ADR 269); the first request after
 * their address is confirmed ("Salvar meu trabalho") makes it an account's row, keeping its id
 * and so everything made.
 */
export async function ensureProfile(db: Database, authUser: AuthUser, now = new Date()): Promise<SessionUser> {
  const email = (authUser.email ?? '').toLowerCase()
  const anonymous = authUser.is_anonymous === true && !email
  const meta = authUser.user_metadata ?? {}
  const [existing] = await profileById(db).execute({ id: authUser.id })
  const returned = { email: users.email, full_name: users.full_name, role: users.role }
  let row: { email: string | null; full_name: string | null; role: 'user' | 'admin' } | undefined = existing
  if (!row) {
    const fullName =
      typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : null
    const phone = typeof meta.phone === 'string' ? meta.phone : null
    ;[row] = await db
      .insert(users)
      .values({
        id: authUser.id,
        email: anonymous ? null : email,
        full_name: fullName,
        phone,
        anonymous_seen_at: anonymous ? now : null,
      })
      .onConflictDoNothing()
      .returning(returned)
  } else if (email && (row.email !== email || existing!.anonymousSeenAt)) {
    // A changed address, or a visitor's work saved: an account from now on.
    ;[row] = await db
      .update(users)
      .set({ email, anonymous_seen_at: null })
      .where(eq(users.id, authUser.id))
      .returning(returned)
  } else if (
    anonymous &&
    (!existing!.anonymousSeenAt || now.getTime() - existing!.anonymousSeenAt.getTime() > SEEN_EVERY_MS)
  ) {
    await db.update(users).set({ anonymous_seen_at: now }).where(eq(users.id, authUser.id))
  }
  return {
    id: authUser.id,
    email,
    full_name: row?.full_name ?? null,
    role: row?.role ?? 'user',
    accountId: anonymous ? authUser.id : (existing?.accountId ?? authUser.id),
    accountRole: anonymous ? 'anonimo' : roleOf(existing),
    // A profile made or changed just now was read without it: the header reads it then.
    ...(existing && row === existing ? { subscription: existing.subscription } : {}),
  }
}
