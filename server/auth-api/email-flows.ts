// Sign-up (with an e-mail, or anonymous) and the e-mail flows: /signup, /otp, /recover, /resend,
// /invite and /verify (POST and GET). Which token each verify type accepts follows Supabase Auth:
// signup and invite share the confirmation token, recovery and magiclink the recovery one, and
// `email` (a code typed after signInWithOtp) takes either.
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { authFlowState, authOneTimeTokens, authUsers, type AuthUserRow } from '../../db/schema-auth'
import {
  allowedRedirect,
  checkedMetadata,
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isBanned,
  record,
  requireServiceRole,
  serializeUser,
  startSession,
  str,
  userJson,
  validateEmail,
  type Ctx,
  type Executor,
} from './core'
import { AuthHttpError, badRequest, forbidden, messages, tooManyRequests, unprocessable } from './errors'
import { tokenByCode, tokenByLink } from './one-time'
import {
  createEmailToken,
  decoyEmailToken,
  prepareEmailChange,
  sendAfterAnswer,
  sendAlreadyRegisteredEmail,
  sendTokenEmail,
  sentAtColumn,
  type EmailTokenType,
} from './mail'

const flowMethodOf: Record<EmailTokenType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
}

function pkceParams(ctx: Ctx) {
  const challenge = str(ctx.body.code_challenge)
  if (!challenge) return undefined
  const method = (str(ctx.body.code_challenge_method) ?? '').toLowerCase()
  if (method !== 's256' && method !== 'plain')
    throw badRequest('validation_failed', 'code challenge method not supported')
  return { challenge, method: method as 's256' | 'plain' }
}

async function saveFlowState(ctx: Ctx, db: Executor, userId: string, type: EmailTokenType) {
  const pkce = pkceParams(ctx)
  if (!pkce) return
  await db.insert(authFlowState).values({
    id: crypto.randomUUID(),
    user_id: userId,
    auth_code: crypto.randomUUID(),
    code_challenge: pkce.challenge,
    code_challenge_method: pkce.method,
    authentication_method: flowMethodOf[type],
    created_at: ctx.now,
    updated_at: ctx.now,
  })
}

function redirectParam(ctx: Ctx) {
  return ctx.url.searchParams.get('redirect_to') ?? str(ctx.body.redirect_to) ?? undefined
}

export function sentRecently(ctx: Ctx, sentAt: Date | null) {
  const seconds = ctx.deps.emailFrequencySeconds ?? 60
  return Boolean(sentAt && ctx.now.getTime() - sentAt.getTime() < seconds * 1000)
}

export function frequencyError(ctx: Ctx, sentAt: Date) {
  const seconds = ctx.deps.emailFrequencySeconds ?? 60
  const wait = Math.max(1, Math.ceil(seconds - (ctx.now.getTime() - sentAt.getTime()) / 1000))
  return tooManyRequests(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${wait} seconds.`,
  )
}

/** Creates the token inside `db`, sends the e-mail once the caller's transaction is done. */
async function prepareEmail(
  ctx: Ctx,
  db: Executor,
  user: AuthUserRow,
  type: EmailTokenType,
  address = user.email ?? '',
) {
  const token = await createEmailToken(ctx, db, user, type, address, redirectParam(ctx))
  return () => sendTokenEmail(ctx, address, type, token)
}

/** Anonymous sign-in: a user with no e-mail and a session (amr `anonymous`). */
async function signInAnonymously(ctx: Ctx) {
  if (ctx.deps.anonymousSignIns === false)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  const data = checkedMetadata(ctx.body.data)
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(ctx, tx, { email: null, is_anonymous: true, raw_user_meta_data: data })
    return startSession(ctx, tx, user, 'anonymous')
  })
}

export async function signup(ctx: Ctx) {
  const rawEmail = str(ctx.body.email)
  const phone = str(ctx.body.phone)
  if (rawEmail && phone) throw badRequest('validation_failed', messages.emailOrPhoneOnly)
  if (phone && !rawEmail) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled')
  // No address, no phone and no password: supabase-js's signInAnonymously.
  if (!rawEmail && !phone && ctx.body.password === undefined) return signInAnonymously(ctx)
  if (!rawEmail) throw unprocessable('validation_failed', messages.signupRequiresEmail)
  const password = str(ctx.body.password) ?? ''
  if (!password) throw unprocessable('validation_failed', messages.signupRequiresPassword)
  const email = validateEmail(rawEmail)
  checkPasswordStrength(ctx, password)
  const data = checkedMetadata(ctx.body.data)
  const hash = await hashPassword(ctx, password)
  const confirm = ctx.deps.confirmEmail

  const existing = await findUserByEmail(ctx.db, email)
  // An address with an account (or with a confirmation sent within the minute) is answered as a
  // new sign-up waiting for its confirmation, with confirmations off too, where Supabase says
  // user_already_exists: the answer does not tell whether the address has an account. The token
  // work a new sign-up does is done on no row, and the owner gets a note instead of a link, at
  // most one a minute (ADR 307).
  if (existing && (existing.email_confirmed_at || !confirm || sentRecently(ctx, existing.confirmation_sent_at))) {
    const notify =
      existing.email_confirmed_at && !sentRecently(ctx, existing.confirmation_sent_at) && !isBanned(existing, ctx.now)
    await ctx.db.transaction(async (tx) => {
      await decoyEmailToken(ctx, tx)
      if (notify) await tx.update(authUsers).set({ confirmation_sent_at: ctx.now }).where(eq(authUsers.id, existing.id))
    })
    if (notify) sendAfterAnswer(ctx, () => sendAlreadyRegisteredEmail(ctx, email))
    // A new user's row, not the owner's with another id: nothing of the account shows, and the
    // identity a new sign-up lists is there too (Supabase leaves it out, which tells).
    const fake: AuthUserRow = {
      id: crypto.randomUUID(),
      email,
      is_anonymous: false,
      encrypted_password: null,
      email_confirmed_at: null,
      confirmation_sent_at: ctx.now,
      recovery_sent_at: null,
      invited_at: null,
      email_change: null,
      email_change_sent_at: null,
      last_sign_in_at: null,
      reauthentication_sent_at: null,
      raw_app_meta_data: {},
      raw_user_meta_data: data,
      banned_until: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    }
    return serializeUser(fake)
  }

  let send: (() => Promise<void>) | undefined
  const result = await ctx.db.transaction(async (tx) => {
    let user: AuthUserRow
    if (existing) {
      // Unconfirmed account signing up again: new password and data, confirmation re-sent.
      const [updated] = await tx
        .update(authUsers)
        .set({
          encrypted_password: hash,
          raw_user_meta_data: checkedMetadata({ ...existing.raw_user_meta_data, ...data }),
        })
        .where(eq(authUsers.id, existing.id))
        .returning()
      user = updated!
    } else {
      user = await insertUser(ctx, tx, {
        email,
        encrypted_password: hash,
        email_confirmed_at: confirm ? null : ctx.now,
        raw_user_meta_data: data,
      })
    }
    if (!confirm) return startSession(ctx, tx, user, 'password')
    await saveFlowState(ctx, tx, user.id, 'signup')
    send = await prepareEmail(ctx, tx, user, 'signup')
    return userJson(tx, (await findUserById(tx, user.id))!)
  })
  sendAfterAnswer(ctx, send)
  return result
}

export async function recover(ctx: Ctx) {
  if (!str(ctx.body.email)?.trim()) throw unprocessable('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(str(ctx.body.email))
  const user = await findUserByEmail(ctx.db, email)
  // Unknown addresses and repeated requests get the same empty answer after the same work, and
  // the e-mail goes out after it: nothing is revealed (ADR 307).
  if (!user || isBanned(user, ctx.now) || sentRecently(ctx, user.recovery_sent_at)) {
    await ctx.db.transaction((tx) => decoyEmailToken(ctx, tx))
    return {}
  }
  const send = await ctx.db.transaction(async (tx) => {
    await saveFlowState(ctx, tx, user.id, 'recovery')
    return prepareEmail(ctx, tx, user, 'recovery')
  })
  sendAfterAnswer(ctx, send)
  return {}
}

export async function resend(ctx: Ctx) {
  const type = str(ctx.body.type)
  if (type !== 'signup' && type !== 'email_change')
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change')
  const email = validateEmail(str(ctx.body.email))
  const user =
    type === 'signup'
      ? await findUserByEmail(ctx.db, email)
      : (await ctx.db.select().from(authUsers).where(eq(authUsers.email_change, email)).limit(1))[0]
  // Nothing to resend (no such address, already confirmed, or sent within the minute, which an
  // unknown address would never be refused): the same answer after the same work (ADR 307).
  const lastSent = type === 'signup' ? user?.confirmation_sent_at : user?.email_change_sent_at
  if (!user || (type === 'signup' && user.email_confirmed_at) || sentRecently(ctx, lastSent ?? null)) {
    await ctx.db.transaction((tx) => decoyEmailToken(ctx, tx))
    return { message_id: null }
  }
  const send = await ctx.db.transaction(async (tx) =>
    type === 'signup'
      ? prepareEmail(ctx, tx, user, type)
      : prepareEmailChange(ctx, tx, user, user.email_change!, redirectParam(ctx)),
  )
  sendAfterAnswer(ctx, send)
  return { message_id: null }
}

/** One-time-token types each verify type accepts, as Supabase Auth's columns share them. */
const acceptedTypes: Record<string, EmailTokenType[]> = {
  signup: ['signup', 'invite'],
  invite: ['signup', 'invite'],
  email: ['signup', 'invite', 'magiclink', 'recovery'],
  magiclink: ['magiclink', 'recovery'],
  recovery: ['recovery', 'magiclink'],
  email_change: ['email_change'],
}

const amrMethod: Record<EmailTokenType, string> = {
  signup: 'otp',
  invite: 'otp',
  magiclink: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'otp',
}

type Lookup = { link: string } | { email: string; code: string }

/**
 * Consumes a one-time token and applies what it confirms; returns the user, or null when no live
 * token matches (a wrong code is counted in `db` then: commit it, and answer otp_expired).
 */
async function consumeToken(ctx: Ctx, db: Executor, verifyType: string, lookup: Lookup) {
  const types = acceptedTypes[verifyType]
  if (!types) throw badRequest('validation_failed', 'Verify requires a verification type')
  const token =
    'link' in lookup
      ? await tokenByLink(ctx, db, lookup.link, types)
      : await tokenByCode(ctx, db, { email: lookup.email }, types, lookup.code)
  if (!token) return null
  await db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, token.id))
  const user = await findUserById(db, token.user_id)
  if (!user) return null
  if (isBanned(user, ctx.now)) throw badRequest('user_banned', messages.userBanned)
  const changes: Partial<AuthUserRow> = {}
  if (!user.email_confirmed_at) changes.email_confirmed_at = ctx.now
  if (token.token_type === 'email_change') {
    // Taken since the change was asked: the link ends like any invalid one (nothing revealed).
    if (await findUserByEmail(db, token.relates_to)) return null
    // An anonymous user's first confirmed address makes it a permanent user.
    Object.assign(changes, {
      email: token.relates_to,
      email_change: null,
      email_change_sent_at: null,
      email_confirmed_at: ctx.now,
      is_anonymous: false,
    })
  }
  const [updated] = Object.keys(changes).length
    ? await db.update(authUsers).set(changes).where(eq(authUsers.id, user.id)).returning()
    : [user]
  // Only the accepted types were looked up (the table's enum still names the ones not offered).
  return { user: updated!, type: token.token_type as EmailTokenType }
}

export async function verifyPost(ctx: Ctx) {
  const type = str(ctx.body.type) ?? ''
  const tokenHash = str(ctx.body.token_hash)
  const code = str(ctx.body.token)
  let lookup: Lookup
  if (tokenHash) lookup = { link: tokenHash }
  else if (code && str(ctx.body.email)) lookup = { email: validateEmail(str(ctx.body.email)), code }
  else throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
  const session = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(ctx, tx, type, lookup)
    return consumed && startSession(ctx, tx, consumed.user, amrMethod[consumed.type])
  })
  if (!session) throw forbidden('otp_expired', messages.otpExpired)
  return session
}

function withParams(base: string, params: Record<string, string>, inFragment: boolean) {
  const url = new URL(base)
  if (inFragment) url.hash = new URLSearchParams(params).toString()
  else for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

/** GET /verify: the e-mail link of Supabase's default template. Redirects back to the app. */
export async function verifyGet(ctx: Ctx) {
  const type = ctx.url.searchParams.get('type') ?? ''
  const token = ctx.url.searchParams.get('token') ?? ''
  const target = allowedRedirect(ctx, ctx.url.searchParams.get('redirect_to')) ?? ctx.deps.siteUrl
  const failed = (errorCode: string) => {
    const location = withParams(
      target,
      { error: 'access_denied', error_code: errorCode, error_description: messages.emailLinkExpired },
      true,
    )
    return new Response(null, { status: 303, headers: { Location: location } })
  }
  try {
    const location = await ctx.db.transaction(async (tx) => {
      const consumed = await consumeToken(ctx, tx, type, { link: token })
      if (!consumed) return null
      const { user, type: tokenType } = consumed
      const [flow] = await tx
        .select()
        .from(authFlowState)
        .where(
          and(
            eq(authFlowState.user_id, user.id),
            eq(authFlowState.authentication_method, flowMethodOf[tokenType]),
            isNull(authFlowState.auth_code_issued_at),
            gt(authFlowState.created_at, new Date(ctx.now.getTime() - (ctx.deps.otpTtlSeconds ?? 3600) * 1000)),
          ),
        )
        .orderBy(desc(authFlowState.created_at))
        .limit(1)
      if (flow) {
        await tx.update(authFlowState).set({ auth_code_issued_at: ctx.now }).where(eq(authFlowState.id, flow.id))
        return withParams(target, { code: flow.auth_code }, false)
      }
      const session = await startSession(ctx, tx, user, amrMethod[tokenType])
      return withParams(
        target,
        {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: tokenType,
        },
        true,
      )
    })
    if (!location) return failed('otp_expired')
    return new Response(null, { status: 303, headers: { Location: location } })
  } catch (e) {
    if (!(e instanceof AuthHttpError)) throw e
    return failed(e.errorCode)
  }
}

/**
 * POST /otp (signInWithOtp, e-mail): one e-mail with a six-digit code and a link. A confirmed
 * user gets a magic link; an unknown or unconfirmed address is signed up (with `create_user`,
 * supabase-js's default) and gets the confirmation, whose code signs in just the same. Without
 * `create_user`, an unknown address gets the same empty answer after the same work, and no
 * e-mail (Supabase says otp_disabled); so does a code asked again within the minute, which an
 * unknown address would never be refused (ADR 307).
 */
export async function otp(ctx: Ctx) {
  const rawEmail = str(ctx.body.email)
  const phone = str(ctx.body.phone)
  if (rawEmail && phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided')
  if (rawEmail && str(ctx.body.channel))
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP')
  pkceParams(ctx)
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
  if (!rawEmail) throw badRequest('validation_failed', 'One of email or phone must be set')
  const email = validateEmail(rawEmail)
  const createUser = ctx.body.create_user !== false
  const existing = await findUserByEmail(ctx.db, email)
  const type: EmailTokenType = existing?.email_confirmed_at ? 'magiclink' : 'signup'
  const lastSent = existing ? existing[sentAtColumn[type]] : null
  const silent =
    (!existing && !createUser) ||
    (existing && isBanned(existing, ctx.now)) ||
    (!createUser && sentRecently(ctx, lastSent))
  if (silent) {
    await ctx.db.transaction((tx) => decoyEmailToken(ctx, tx))
    return {}
  }
  if (sentRecently(ctx, lastSent)) throw frequencyError(ctx, lastSent!)
  const send = await ctx.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(ctx, tx, {
        email,
        encrypted_password: null,
        email_confirmed_at: null,
        raw_user_meta_data: checkedMetadata(ctx.body.data),
      }))
    await saveFlowState(ctx, tx, user.id, type)
    return prepareEmail(ctx, tx, user, type)
  })
  sendAfterAnswer(ctx, send)
  return {}
}

/** POST /invite (service role): a user with no password and the invitation e-mail. */
export async function invite(ctx: Ctx) {
  await requireServiceRole(ctx)
  const email = validateEmail(str(ctx.body.email))
  const existing = await findUserByEmail(ctx.db, email)
  if (existing?.email_confirmed_at) throw unprocessable('email_exists', messages.emailExists)
  let send: () => Promise<void> = async () => {}
  const user = await ctx.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(ctx, tx, {
        email,
        encrypted_password: null,
        email_confirmed_at: null,
        raw_user_meta_data: checkedMetadata(ctx.body.data),
      }))
    const token = await createEmailToken(ctx, tx, user, 'invite', email, redirectParam(ctx))
    const invitedBy = str(record(ctx.body.data).invited_by)
    send = () => sendTokenEmail(ctx, email, 'invite', token, invitedBy)
    return (await findUserById(tx, user.id))!
  })
  await send()
  return serializeUser(user)
}
