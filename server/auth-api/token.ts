// POST /token: grant types password, refresh_token and pkce.
import { and, eq, inArray } from 'drizzle-orm'
import { authFlowState, authRefreshTokens, authSessions } from '../../db/schema-auth'
import {
  DUMMY_HASH,
  comparePassword,
  findUserByEmail,
  findUserById,
  isBanned,
  latestActiveToken,
  sessionJson,
  startSession,
  str,
  type Ctx,
} from './core'
import { badRequest, forbidden, messages, notFound } from './errors'
import { childRefreshToken, pkceChallenge, sha256 } from './jwt'

export async function tokenGrant(ctx: Ctx) {
  const grantType = ctx.url.searchParams.get('grant_type')
  switch (grantType) {
    case 'password':
      return passwordGrant(ctx)
    case 'refresh_token':
      return refreshTokenGrant(ctx)
    case 'pkce':
      return pkceGrant(ctx)
    default:
      throw badRequest('validation_failed', 'unsupported_grant_type')
  }
}

async function passwordGrant(ctx: Ctx) {
  const email = str(ctx.body.email)?.trim().toLowerCase()
  const password = str(ctx.body.password) ?? ''
  if (!email && !str(ctx.body.phone)) throw badRequest('validation_failed', 'missing email or phone')
  if (!email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  const user = await findUserByEmail(ctx.db, email)
  // Compare against a dummy hash when the user is unknown: same time, no enumeration.
  const ok = await comparePassword(password, user?.encrypted_password ?? DUMMY_HASH)
  if (!user || !user.encrypted_password || !ok) throw badRequest('invalid_credentials', messages.invalidCredentials)
  if (isBanned(user, ctx.now)) throw badRequest('user_banned', messages.userBanned)
  if (ctx.deps.confirmEmail && !user.email_confirmed_at)
    throw badRequest('email_not_confirmed', messages.emailNotConfirmed)
  return ctx.db.transaction(async (tx) => ({
    ...(await startSession(ctx, tx, user, 'password')),
    weak_password: null,
  }))
}

/**
 * Single-use refresh tokens. A rotated token presented again within the reuse interval while
 * its child is still the session's active token gets that same child back (two requests racing
 * with one cookie); any other reuse revokes the whole family: the session ends.
 */
async function refreshTokenGrant(ctx: Ctx) {
  const presented = str(ctx.body.refresh_token)
  if (!presented) throw badRequest('validation_failed', 'refresh_token required')
  const reuseInterval = ctx.deps.refreshTokenReuseIntervalSeconds ?? 10
  const outcome = await ctx.db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.token_hash, sha256(presented)))
      .for('update')
      .limit(1)
    if (!token) return { error: 'not_found' as const }
    const [session] = await tx
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, token.session_id))
      .for('update')
      .limit(1)
    const user = session && (await findUserById(tx, token.user_id))
    if (!session || !user) return { error: 'not_found' as const }
    if (isBanned(user, ctx.now)) return { error: 'banned' as const }

    const child = childRefreshToken(ctx.deps.jwtSecret, presented)
    if (token.revoked) {
      const active = await latestActiveToken(tx, session.id)
      const withinInterval = ctx.now.getTime() - token.updated_at.getTime() <= reuseInterval * 1000
      if (active && withinInterval && active.parent_hash === token.token_hash && active.token_hash === sha256(child)) {
        return { session: await sessionJson(ctx, tx, user, session, child) }
      }
      // Reuse: revoke the family by ending the session (its tokens go with it).
      await tx.delete(authSessions).where(eq(authSessions.id, session.id))
      return { error: 'reused' as const }
    }
    await tx
      .update(authRefreshTokens)
      .set({ revoked: true, updated_at: ctx.now })
      .where(eq(authRefreshTokens.id, token.id))
    await tx.insert(authRefreshTokens).values({
      token_hash: sha256(child),
      parent_hash: token.token_hash,
      user_id: user.id,
      session_id: session.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    await tx
      .update(authSessions)
      .set({ refreshed_at: ctx.now, updated_at: ctx.now })
      .where(eq(authSessions.id, session.id))
    return { session: await sessionJson(ctx, tx, user, session, child) }
  })
  if ('session' in outcome) return outcome.session
  if (outcome.error === 'banned') throw badRequest('user_banned', messages.userBanned)
  if (outcome.error === 'reused') throw badRequest('refresh_token_already_used', messages.refreshTokenAlreadyUsed)
  throw badRequest('refresh_token_not_found', messages.refreshTokenNotFound)
}

/** Flow states live 5 minutes after their code is issued, like Supabase Auth's. */
const FLOW_STATE_TTL_MS = 5 * 60 * 1000

const amrMethodOf: Record<string, string> = {
  recovery: 'recovery',
  'email/signup': 'otp',
  email_change: 'email_change',
}

async function pkceGrant(ctx: Ctx) {
  const authCode = str(ctx.body.auth_code)
  const verifier = str(ctx.body.code_verifier)
  if (!authCode || !verifier)
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
  return ctx.db.transaction(async (tx) => {
    const [flow] = await tx
      .select()
      .from(authFlowState)
      .where(eq(authFlowState.auth_code, authCode))
      .for('update')
      .limit(1)
    if (!flow || !flow.user_id || !flow.auth_code_issued_at)
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (ctx.now.getTime() - flow.auth_code_issued_at.getTime() > FLOW_STATE_TTL_MS)
      throw notFound('flow_state_expired', 'invalid flow state, flow state has expired')
    if (pkceChallenge(verifier, flow.code_challenge_method) !== flow.code_challenge)
      throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id))
    const user = await findUserById(tx, flow.user_id)
    if (!user) throw notFound('user_not_found', messages.userNotFound)
    return startSession(ctx, tx, user, amrMethodOf[flow.authentication_method] ?? 'otp')
  })
}

/** Ends the sessions `scope` names: local (this one), others, or global (all). */
export async function endSessions(ctx: Ctx, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
  const all = await ctx.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.user_id, userId))
  const ids = all
    .map((s) => s.id)
    .filter((id) => (scope === 'global' ? true : scope === 'local' ? id === sessionId : id !== sessionId))
  if (ids.length)
    await ctx.db.delete(authSessions).where(and(eq(authSessions.user_id, userId), inArray(authSessions.id, ids)))
}
