// GET /user, PUT /user and POST /logout.
import { and, eq, ne } from 'drizzle-orm'
import { authSessions, authUsers, type AuthUserRow } from '../../db/schema-auth'
import {
  checkPasswordStrength,
  comparePassword,
  findUserByEmail,
  hashPassword,
  record,
  requireAuthenticated,
  serializeUser,
  str,
  userJson,
  validateEmail,
  type Ctx,
} from './core'
import { badRequest, messages, unauthorized, unprocessable } from './errors'
import { createEmailToken, sendTokenEmail } from './mail'
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

export async function updateUser(ctx: Ctx) {
  const { user, session, factors } = await requireAuthenticated(ctx)
  const password = str(ctx.body.password)
  const rawEmail = str(ctx.body.email)
  const data = ctx.body.data === undefined ? undefined : record(ctx.body.data)

  if (password !== undefined || rawEmail !== undefined) {
    const verified = factors.some((f) => f.status === 'verified')
    if (verified && session.aal !== 'aal2')
      throw unauthorized(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      )
  }

  const changes: Partial<AuthUserRow> = {}
  if (password !== undefined) {
    checkPasswordStrength(ctx, password)
    if (user.encrypted_password && (await comparePassword(password, user.encrypted_password)))
      throw unprocessable('same_password', messages.samePassword)
    changes.encrypted_password = await hashPassword(ctx, password)
  }
  if (data) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, data)

  let newEmail: string | undefined
  if (rawEmail !== undefined) {
    const email = validateEmail(rawEmail)
    if (email !== user.email) {
      if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', messages.emailExists)
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
    if (newEmail) {
      const redirectTo = ctx.url.searchParams.get('redirect_to') ?? undefined
      const token = await createEmailToken(ctx, tx, row!, 'email_change', newEmail, redirectTo)
      const to = newEmail
      send = () => sendTokenEmail(ctx, to, 'email_change', token)
    }
    return row!
  })
  await send?.()
  const [fresh] = await ctx.db.select().from(authUsers).where(eq(authUsers.id, updated.id))
  return userJson(ctx.db, fresh ?? updated)
}

export async function logout(ctx: Ctx) {
  const scope = ctx.url.searchParams.get('scope') ?? 'global'
  if (scope !== 'global' && scope !== 'local' && scope !== 'others')
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
  const { user, session } = await requireAuthenticated(ctx)
  await endSessions(ctx, user.id, session.id, scope)
  return new Response(null, { status: 204 })
}
