// GET /user, PUT /user and POST /logout.
import { and, count, eq, gte, ne } from 'drizzle-orm'
import { authOneTimeTokens, authSessions, authUsers, type AuthUserRow } from '../../db/schema-auth'
import {
  checkPasswordStrength,
  comparePassword,
  hashPassword,
  checkedMetadata,
  requireAuthenticated,
  serializeUser,
  str,
  userJson,
  validateEmail,
  type Ctx,
} from './core'
import { badRequest, messages, notFound, tooManyRequests, unauthorized, unprocessable } from './errors'
import { frequencyError, sentRecently } from './email-flows'
import { tokenByCode } from './one-time'
import { createEmailToken, prepareEmailChange, sendAfterAnswer, sendTokenEmail } from './mail'
import { endSessions } from './token'

export async function getUser(ctx: Ctx) {
  const { user, factors } = await requireAuthenticated(ctx)
  return serializeUser(user, factors)
}

/** Merges metadata like Supabase Auth: a null value removes the key. */
function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const next = { ...current }
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k]
    else next[k] = v
  }
  return next
}

/** E-mail changes toward one address per hour, over every account. */
export const EMAIL_CHANGES_PER_ADDRESS = 3

/** How many accounts asked, in the last hour, to move to `address` (each keeps one change token). */
async function changesAskedTo(ctx: Ctx, address: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.token_type, 'email_change'),
        eq(authOneTimeTokens.relates_to, address),
        gte(authOneTimeTokens.created_at, new Date(ctx.now.getTime() - 3600_000)),
      ),
    )
  return row?.n ?? 0
}

export async function updateUser(ctx: Ctx) {
  const { user, session, factors } = await requireAuthenticated(ctx)
  const password = str(ctx.body.password)
  const rawEmail = str(ctx.body.email)
  const data = ctx.body.data === undefined ? undefined : checkedMetadata(ctx.body.data)

  if (password !== undefined || rawEmail !== undefined) {
    const verified = factors.some((f) => f.status === 'verified')
    if (verified && session.aal !== 'aal2')
      throw unauthorized(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      )
  }
  if (user.is_anonymous && password && !rawEmail)
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    )

  const changes: Partial<AuthUserRow> = {}
  let nonceTokenId: string | undefined
  if (password !== undefined) {
    checkPasswordStrength(ctx, password)
    const nonce = str(ctx.body.nonce)
    if (nonce) nonceTokenId = await reauthenticationToken(ctx, user, nonce)
    else if (
      ctx.deps.passwordChangeNeedsReauthentication &&
      ctx.now.getTime() - new Date(session.created_at).getTime() > 24 * 3600_000
    )
      throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
    if (user.encrypted_password && (await comparePassword(password, user.encrypted_password)))
      throw unprocessable('same_password', messages.samePassword)
    changes.encrypted_password = await hashPassword(ctx, password)
  }
  if (data) changes.raw_user_meta_data = checkedMetadata(mergeMetadata(user.raw_user_meta_data, data))

  let newEmail: string | undefined
  if (rawEmail !== undefined) {
    const email = validateEmail(rawEmail)
    if (email !== user.email) {
      // One change e-mail a minute per person, a few an hour per address; whether the address
      // has an account changes neither the answer nor the work (prepareEmailChange, issue 66).
      if (sentRecently(ctx, user.email_change_sent_at)) throw frequencyError(ctx, user.email_change_sent_at!)
      if ((await changesAskedTo(ctx, email)) >= EMAIL_CHANGES_PER_ADDRESS)
        throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
      // Secure e-mail change, always (even with AUTH_CONFIRM_EMAIL off): the new address is
      // the account's only once its owner opens the link sent to it (ADR 132).
      newEmail = email
      changes.email_change = email
    }
  }

  let send: (() => Promise<void>) | undefined
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = Object.keys(changes).length
      ? await tx.update(authUsers).set(changes).where(eq(authUsers.id, user.id)).returning()
      : [user]
    // A new password ends every other session of the account.
    if (changes.encrypted_password)
      await tx.delete(authSessions).where(and(eq(authSessions.user_id, user.id), ne(authSessions.id, session.id)))
    if (nonceTokenId) await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, nonceTokenId))
    if (newEmail) {
      const redirectTo = ctx.url.searchParams.get('redirect_to') ?? undefined
      send = await prepareEmailChange(ctx, tx, row!, newEmail, redirectTo)
    }
    return row!
  })
  sendAfterAnswer(ctx, send)
  const [fresh] = await ctx.db.select().from(authUsers).where(eq(authUsers.id, updated.id))
  return userJson(ctx.db, fresh ?? updated)
}

/**
 * The unexpired re-authentication token whose code is `nonce`; Supabase's error when there is
 * none. A wrong nonce counts against the token, which ends after five.
 */
async function reauthenticationToken(ctx: Ctx, user: AuthUserRow, nonce: string) {
  const token = await ctx.db.transaction((tx) => tokenByCode(ctx, tx, { userId: user.id }, ['reauthentication'], nonce))
  if (!token) throw badRequest('reauthentication_not_valid', 'Nonce has expired or is invalid')
  return token.id
}

/** GET /reauthenticate: a code to the user's confirmed address, the nonce of a password change. */
export async function reauthenticate(ctx: Ctx) {
  const { user } = await requireAuthenticated(ctx)
  if (!user.email)
    throw unprocessable('validation_failed', 'Reauthentication requires the user to have an email or a phone number')
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Please verify your email first.')
  if (sentRecently(ctx, user.reauthentication_sent_at)) throw frequencyError(ctx, user.reauthentication_sent_at!)
  const email = user.email
  const token = await ctx.db.transaction((tx) => createEmailToken(ctx, tx, user, 'reauthentication', email, undefined))
  await sendTokenEmail(ctx, email, 'reauthentication', token)
  return {}
}

/**
 * GET /user/identities/authorize: linking another sign-in to the account. No outside provider is
 * switched on in the built-in API, so every provider gets Supabase Auth's answer for one that is off.
 */
export async function linkIdentity(ctx: Ctx) {
  await requireAuthenticated(ctx)
  const provider = ctx.url.searchParams.get('provider') ?? ''
  if (!provider) throw badRequest('validation_failed', 'Unsupported provider: missing provider')
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

/** GET /authorize: the OAuth start; as above, no provider is on. */
export async function authorize(ctx: Ctx) {
  const provider = ctx.url.searchParams.get('provider') ?? ''
  if (!provider) throw badRequest('validation_failed', 'Unsupported provider: missing provider')
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** DELETE /user/identities/{id}: a user keeps at least one identity (here, at most one: e-mail). */
export async function unlinkIdentity(ctx: Ctx, identityId: string) {
  const { user } = await requireAuthenticated(ctx)
  if (!UUID.test(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID')
  const identities = user.is_anonymous ? [] : [user.id]
  if (identities.length <= 1)
    throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking')
  throw unprocessable('identity_not_found', "Identity doesn't exist")
}

export async function logout(ctx: Ctx) {
  const scope = ctx.url.searchParams.get('scope') ?? 'global'
  if (scope !== 'global' && scope !== 'local' && scope !== 'others')
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
  const { user, session } = await requireAuthenticated(ctx)
  await endSessions(ctx, user.id, session.id, scope)
  return new Response(null, { status: 204 })
}
