// TOTP factors: POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id},
// and the admin's GET/DELETE /admin/users/{id}/factors.
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import {
  authMfaChallenges,
  authMfaFactors,
  authRefreshTokens,
  authSessions,
  type AuthFactorRow,
} from '../../db/schema-auth'
import {
  latestActiveToken,
  loadFactors,
  requireAuthenticated,
  requireServiceRole,
  serializeFactor,
  sessionJson,
  str,
  type Ctx,
} from './core'
import { type AuthHttpError, badRequest, notFound, tooManyRequests, unprocessable } from './errors'
import { randomToken, sha256 } from './jwt'
import { isSealed, seal, unseal } from '../../app/utils/sealed.server'

/** Challenges must be answered within 5 minutes. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000
/** Wrong codes one challenge takes before it ends (a new challenge is needed). */
const CHALLENGE_ATTEMPTS = 5
/** Wrong codes a factor takes over all its challenges of the last FACTOR_WINDOW_MS. */
const FACTOR_ATTEMPTS = 10
const FACTOR_WINDOW_MS = 15 * 60 * 1000
const PERIOD = 30

/** A factor's secret, kept sealed (ADR 305); a clear one, from before, is sealed at the next start. */
function secretOf(ctx: Ctx, factor: { secret: string }) {
  return isSealed(factor.secret) ? unseal(ctx.deps.credentialsKey, factor.secret) : factor.secret
}

function totpFor(factor: { secret: string }, issuer: string, label: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(factor.secret),
  })
}

export async function enrollFactor(ctx: Ctx) {
  const { user, session, factors } = await requireAuthenticated(ctx)
  const factorType = str(ctx.body.factor_type)
  if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (factorType === 'webauthn')
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  if (factorType !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn')
  if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor')
  const friendlyName = str(ctx.body.friendly_name) ?? ''
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName && f.status === 'verified'))
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    )
  const issuer = str(ctx.body.issuer) || new URL(ctx.deps.siteUrl).hostname
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  const id = crypto.randomUUID()
  await ctx.db.transaction(async (tx) => {
    // An abandoned enrolment leaves an unverified factor; a new one replaces it.
    await tx
      .delete(authMfaFactors)
      .where(and(eq(authMfaFactors.user_id, user.id), eq(authMfaFactors.status, 'unverified')))
    await tx.insert(authMfaFactors).values({
      id,
      user_id: user.id,
      friendly_name: friendlyName || null,
      factor_type: 'totp',
      status: 'unverified',
      secret: seal(ctx.deps.credentialsKey, secret),
      created_at: ctx.now,
      updated_at: ctx.now,
    })
  })
  const uri = totpFor({ secret }, issuer, user.email ?? user.id).toString()
  const qr = await qrSvgOf(uri)
  return {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qr, secret, uri },
  }
}

async function findOwnFactor(ctx: Ctx, userId: string, factorId: string) {
  const [factor] = await ctx.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.user_id, userId)))
    .limit(1)
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

export async function challengeFactor(ctx: Ctx, factorId: string) {
  const { user } = await requireAuthenticated(ctx)
  const factor = await findOwnFactor(ctx, user.id, factorId)
  const id = crypto.randomUUID()
  await ctx.db.insert(authMfaChallenges).values({ id, factor_id: factor.id, created_at: ctx.now })
  await ctx.db.update(authMfaFactors).set({ last_challenged_at: ctx.now }).where(eq(authMfaFactors.id, factor.id))
  return {
    id,
    type: 'totp',
    expires_at: Math.floor((ctx.now.getTime() + CHALLENGE_TTL_MS) / 1000),
  }
}

function acceptedStep(ctx: Ctx, factor: AuthFactorRow, code: string) {
  const totp = totpFor({ secret: secretOf(ctx, factor) }, 'vitrine', 'user')
  const delta = totp.validate({ token: code.replace(/\s/g, ''), timestamp: ctx.now.getTime(), window: 1 })
  if (delta === null) return null
  const step = Math.floor(ctx.now.getTime() / 1000 / PERIOD) + delta
  // A code already used (same or earlier time step) is not accepted twice.
  if (factor.last_used_step !== null && step <= factor.last_used_step) return null
  return step
}

type Checked = { step: number; challengeId: string } | { refused: AuthHttpError }

/**
 * Checks a code against a challenge with the factor's row locked, so that racing guesses are
 * counted one after another: a wrong code is written (and committed) before the next is read.
 */
async function checkCode(ctx: Ctx, factor: AuthFactorRow, challengeId: string | undefined, code: string) {
  return ctx.db.transaction(async (tx): Promise<Checked> => {
    const [locked] = await tx.select().from(authMfaFactors).where(eq(authMfaFactors.id, factor.id)).for('update')
    const [challenge] = challengeId
      ? await tx
          .select()
          .from(authMfaChallenges)
          .where(and(eq(authMfaChallenges.id, challengeId), eq(authMfaChallenges.factor_id, factor.id)))
          .limit(1)
      : []
    if (!locked || !challenge || challenge.verified_at || challenge.failed_attempts >= CHALLENGE_ATTEMPTS)
      return { refused: notFound('mfa_challenge_not_found', 'MFA factor with the provided challenge ID not found') }
    // New challenges do not buy new guesses: the factor's wrong codes of the last 15 minutes count.
    const [recent] = await tx
      .select({ failures: sql<number>`coalesce(sum(${authMfaChallenges.failed_attempts}), 0)::int` })
      .from(authMfaChallenges)
      .where(
        and(
          eq(authMfaChallenges.factor_id, factor.id),
          gt(authMfaChallenges.created_at, new Date(ctx.now.getTime() - FACTOR_WINDOW_MS)),
        ),
      )
    if ((recent?.failures ?? 0) >= FACTOR_ATTEMPTS)
      return {
        refused: tooManyRequests('over_request_rate_limit', 'Too many MFA verification attempts, try again later'),
      }
    if (ctx.now.getTime() - challenge.created_at.getTime() > CHALLENGE_TTL_MS)
      // Kept with its count of wrong codes (deleting it would forgive them).
      return {
        refused: unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      }
    const step = acceptedStep(ctx, locked, code)
    if (step === null) {
      await tx
        .update(authMfaChallenges)
        .set({ failed_attempts: sql`${authMfaChallenges.failed_attempts} + 1` })
        .where(eq(authMfaChallenges.id, challenge.id))
      return { refused: unprocessable('mfa_verification_failed', 'Invalid TOTP code entered') }
    }
    // Used: neither this challenge nor this time step opens a session again.
    await tx.update(authMfaChallenges).set({ verified_at: ctx.now }).where(eq(authMfaChallenges.id, challenge.id))
    await tx
      .update(authMfaFactors)
      .set({ status: 'verified', last_used_step: step, updated_at: ctx.now })
      .where(eq(authMfaFactors.id, factor.id))
    return { step, challengeId: challenge.id }
  })
}

/**
 * Verifies a TOTP code: the factor becomes verified and the session rises to aal2. Each
 * challenge takes 5 wrong codes, each factor 10 in 15 minutes (ADR 284).
 */
export async function verifyFactor(ctx: Ctx, factorId: string) {
  const { user, session } = await requireAuthenticated(ctx)
  const factor = await findOwnFactor(ctx, user.id, factorId)
  const checked = await checkCode(ctx, factor, str(ctx.body.challenge_id), str(ctx.body.code) ?? '')
  if ('refused' in checked) throw checked.refused

  return ctx.db.transaction(async (tx) => {
    const amr = [
      { method: 'totp', timestamp: Math.floor(ctx.now.getTime() / 1000) },
      ...session.amr.filter((m) => m.method !== 'totp'),
    ]
    const [upgraded] = await tx
      .update(authSessions)
      .set({ aal: 'aal2', factor_id: factor.id, amr, updated_at: ctx.now })
      .where(eq(authSessions.id, session.id))
      .returning()
    // The raised session gets a fresh refresh token; the previous one is retired.
    const active = await latestActiveToken(tx, session.id)
    await tx
      .update(authRefreshTokens)
      .set({ revoked: true, updated_at: ctx.now })
      .where(and(eq(authRefreshTokens.session_id, session.id), eq(authRefreshTokens.revoked, false)))
    const refreshToken = randomToken()
    await tx.insert(authRefreshTokens).values({
      token_hash: sha256(refreshToken),
      parent_hash: active?.token_hash ?? null,
      user_id: user.id,
      session_id: session.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    return sessionJson(ctx, tx, user, upgraded!, refreshToken)
  })
}

export async function unenrollFactor(ctx: Ctx, factorId: string) {
  const { user, session } = await requireAuthenticated(ctx)
  const factor = await findOwnFactor(ctx, user.id, factorId)
  if (factor.status === 'verified' && session.aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
  await ctx.db.transaction(async (tx) => {
    await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id))
    // Sessions raised with this factor fall back to aal1.
    await tx
      .update(authSessions)
      .set({ aal: 'aal1', factor_id: null })
      .where(
        and(eq(authSessions.user_id, user.id), eq(authSessions.factor_id, factor.id), ne(authSessions.id, session.id)),
      )
  })
  return { id: factor.id }
}

export async function adminListFactors(ctx: Ctx, userId: string) {
  await requireServiceRole(ctx)
  return (await loadFactors(ctx.db, userId)).map(serializeFactor)
}

export async function adminDeleteFactor(ctx: Ctx, userId: string, factorId: string) {
  await requireServiceRole(ctx)
  const [factor] = await ctx.db
    .delete(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.user_id, userId)))
    .returning()
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  await ctx.db.update(authSessions).set({ aal: 'aal1', factor_id: null }).where(eq(authSessions.factor_id, factorId))
  return serializeFactor(factor)
}

/** The QR code of `uri` as SVG. qrcode (57 CommonJS files) is loaded on the first enrolment, not at
 * start-up (ADR 228). */
async function qrSvgOf(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(uri, { type: 'svg', margin: 1 })
}
