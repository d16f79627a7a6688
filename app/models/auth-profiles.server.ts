// The `users` row behind a signed-in session: read on every signed-in request, made on first
// sight of an auth user (e.g. after Google sign-in).
import { eq, sql } from 'drizzle-orm'
import { accountMembers, subscriptions, users, type Subscription } from '../../db/schema'
import type { SessionUser } from '~/context'
import { preparedQuery, type Database } from '~/utils/db.server'

/** What the header's plan is made from (planOfSubscription's facts). */
export type ProfileSubscription = Pick<
  Subscription,
  'status' | 'lookup_key' | 'current_period_end' | 'cancel_at_period_end'
>

/** What an auth user (Supabase's `User`) carries that the profile reads. */
type AuthUser = { id: string; email?: string; user_metadata?: Record<string, unknown> }

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
      accountId: accountMembers.account_id,
      accountRole: accountMembers.role,
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

/** The `users` row of an auth user, made on first sight (e.g. after Google sign-in). */
export async function ensureProfile(db: Database, authUser: AuthUser): Promise<SessionUser> {
  const email = (authUser.email ?? '').toLowerCase()
  const meta = authUser.user_metadata ?? {}
  const [existing] = await profileById(db).execute({ id: authUser.id })
  let row: { email: string; full_name: string | null; role: 'user' | 'admin' } | undefined = existing
  if (!row) {
    const fullName =
      typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : null
    const phone = typeof meta.phone === 'string' ? meta.phone : null
    ;[row] = await db
      .insert(users)
      .values({ id: authUser.id, email, full_name: fullName, phone })
      .onConflictDoNothing()
      .returning({ email: users.email, full_name: users.full_name, role: users.role })
  } else if (email && row.email !== email) {
    ;[row] = await db
      .update(users)
      .set({ email })
      .where(eq(users.id, authUser.id))
      .returning({ email: users.email, full_name: users.full_name, role: users.role })
  }
  return {
    id: authUser.id,
    email,
    full_name: row?.full_name ?? null,
    role: row?.role ?? 'user',
    accountId: existing?.accountId ?? authUser.id,
    accountRole: existing?.accountRole ?? 'owner',
    // A profile made or changed just now was read without it: the header reads it then.
    ...(existing && row === existing ? { subscription: existing.subscription } : {}),
  }
}
