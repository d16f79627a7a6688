// One-time e-mail tokens (confirmation, invite, magic link, recovery, e-mail change,
// re-authentication): each is a random link token and a six-digit code, both kept only as
// hashes. A link is found by its hash; a code is checked against the live tokens of the address
// (or user) it was sent to, and every wrong code counts against each of them: at
// MAX_CODE_ATTEMPTS the token ends, so the right code no longer works either (ADR 284).
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { authOneTimeTokens, type AuthOneTimeTokenRow } from '../../db/schema-auth'
import type { Ctx, Executor } from './core'
import { codeHash, sameHash, sha256 } from './jwt'
import type { EmailTokenType } from './mail'

export const MAX_CODE_ATTEMPTS = 5

const oldestLive = (ctx: Ctx) => new Date(ctx.now.getTime() - (ctx.deps.otpTtlSeconds ?? 3600) * 1000)

/** The live token the e-mail link's `link` token names, among `types`; locked for the caller. */
export async function tokenByLink(ctx: Ctx, db: Executor, link: string, types: EmailTokenType[]) {
  if (!link) return undefined
  const [token] = await db
    .select()
    .from(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.token_hash, sha256(link)),
        inArray(authOneTimeTokens.token_type, types),
        gte(authOneTimeTokens.created_at, oldestLive(ctx)),
      ),
    )
    .for('update')
    .limit(1)
  return token
}

/**
 * The live token sent to `to` (an address, or a user's id) whose code is `code`. A wrong code
 * is counted on every live token it could have matched, and those reaching the limit are
 * deleted; the count is written in `db`, so the caller must not roll it back.
 */
export async function tokenByCode(
  ctx: Ctx,
  db: Executor,
  to: { email: string } | { userId: string },
  types: EmailTokenType[],
  code: string,
): Promise<AuthOneTimeTokenRow | undefined> {
  const candidates = await db
    .select()
    .from(authOneTimeTokens)
    .where(
      and(
        'email' in to ? eq(authOneTimeTokens.relates_to, to.email) : eq(authOneTimeTokens.user_id, to.userId),
        inArray(authOneTimeTokens.token_type, types),
        gte(authOneTimeTokens.created_at, oldestLive(ctx)),
        lt(authOneTimeTokens.failed_attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .for('update')
  const typed = code.trim()
  const match = candidates.find((t) => sameHash(t.code_hash, codeHash(t.id, typed)))
  if (match || !candidates.length) return match
  const ids = candidates.map((t) => t.id)
  await db
    .update(authOneTimeTokens)
    .set({ failed_attempts: sql`${authOneTimeTokens.failed_attempts} + 1` })
    .where(inArray(authOneTimeTokens.id, ids))
  await db
    .delete(authOneTimeTokens)
    .where(and(inArray(authOneTimeTokens.id, ids), gte(authOneTimeTokens.failed_attempts, MAX_CODE_ATTEMPTS)))
  return undefined
}
