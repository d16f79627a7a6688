// Social accounts a user publishes to, scoped by owner. Tokens are sealed with the instance's
// credentials key (credentialsKeyFor: TOKEN_ENCRYPTION_KEY) before they reach the table (ADR 100, 302).
import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import { socialAccounts } from '../../db/schema'
import type { SocialProvider } from '~/domain/scheduling'
import type { Database } from '~/utils/db.server'
import { seal, unseal } from '~/utils/sealed.server'

export type SocialAccount = typeof socialAccounts.$inferSelect
export type AccountView = Omit<SocialAccount, 'token_sealed'>

const view = ({ token_sealed: _token, ...account }: SocialAccount): AccountView => account

export async function listAccounts(db: Database, userId: string): Promise<AccountView[]> {
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.user_id, userId), isNull(socialAccounts.deleted_at)))
    .orderBy(asc(socialAccounts.id))
  return rows.map(view)
}

/** The user's outbox account, made on first use: the embedded default always has one. */
export async function ensureOutboxAccount(db: Database, userId: string): Promise<AccountView> {
  const rows = await listAccounts(db, userId)
  const existing = rows.find((row) => row.provider === 'outbox')
  if (existing) return existing
  await db
    .insert(socialAccounts)
    .values({ user_id: userId, provider: 'outbox', name: 'Caixa de saída local' })
    .onConflictDoNothing()
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.user_id, userId), eq(socialAccounts.provider, 'outbox')))
    .limit(1)
  return view(row!)
}

/** One account of the user's (deleted ones included: a publication keeps its history). */
export async function getAccount(db: Database, userId: string, id: number): Promise<SocialAccount | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.user_id, userId)))
    .limit(1)
  return row ?? null
}

export type ConnectedAccount = {
  provider: SocialProvider
  name: string
  externalId: string
  token: string
  expiresAt: Date | null
}

/** Saves (or reconnects) an account: the same external account is updated, not duplicated. */
export async function saveConnectedAccount(db: Database, userId: string, key: string, input: ConnectedAccount) {
  const values = {
    name: input.name,
    token_sealed: seal(key, input.token),
    expires_at: input.expiresAt,
    reconnect_reason: null,
    deleted_at: null,
  }
  const [existing] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.user_id, userId),
        eq(socialAccounts.provider, input.provider),
        eq(socialAccounts.external_id, input.externalId),
      ),
    )
    .limit(1)
  if (existing) {
    await db.update(socialAccounts).set(values).where(eq(socialAccounts.id, existing.id))
    return existing.id
  }
  const [row] = await db
    .insert(socialAccounts)
    .values({ ...values, user_id: userId, provider: input.provider, external_id: input.externalId })
    .returning({ id: socialAccounts.id })
  return row!.id
}

export function accountToken(account: SocialAccount, key: string): string | null {
  return account.token_sealed ? unseal(key, account.token_sealed) : null
}

export async function markForReconnect(db: Database, accountId: number, reason: string) {
  await db.update(socialAccounts).set({ reconnect_reason: reason }).where(eq(socialAccounts.id, accountId))
}

export async function storeRefreshedToken(
  db: Database,
  accountId: number,
  key: string,
  token: string,
  expiresAt: Date,
) {
  await db
    .update(socialAccounts)
    .set({ token_sealed: seal(key, token), expires_at: expiresAt })
    .where(eq(socialAccounts.id, accountId))
}

export async function disconnectAccount(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(socialAccounts)
    .set({ deleted_at: new Date(), token_sealed: null })
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.user_id, userId), isNull(socialAccounts.deleted_at)))
    .returning({ id: socialAccounts.id })
  return rows.length > 0
}

/** Instagram tokens that expire before `before` (the refresh job renews them). */
export async function accountsExpiringBefore(db: Database, before: Date): Promise<SocialAccount[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.provider, 'instagram'),
        isNull(socialAccounts.deleted_at),
        isNull(socialAccounts.reconnect_reason),
        lt(socialAccounts.expires_at, before),
      ),
    )
}

/** Keeps the account's content_publishing_limit as just read (issue 63: asked at most hourly). */
export async function saveAccountQuota(db: Database, accountId: number, quota: { used: number; total: number }) {
  await db
    .update(socialAccounts)
    .set({ quota_used: quota.used, quota_total: quota.total, quota_read_at: new Date() })
    .where(eq(socialAccounts.id, accountId))
}
