// POST /admin/generate_link (service role): the link and code an e-mail would carry, without
// sending it, for every link type Supabase Auth names.
import { eq } from 'drizzle-orm'
import { authUsers } from '../../db/schema-auth'
import {
  allowedRedirect,
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  checkedMetadata,
  requireServiceRole,
  serializeUser,
  str,
  validateEmail,
  type Ctx,
} from './core'
import { badRequest, messages, notFound, unprocessable } from './errors'
import { createEmailToken, type EmailTokenType } from './mail'

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const
type LinkType = (typeof LINK_TYPES)[number]

export async function generateLink(ctx: Ctx) {
  await requireServiceRole(ctx)
  const requested = str(ctx.body.type) ?? ''
  const email = validateEmail(str(ctx.body.email))
  if (!(LINK_TYPES as readonly string[]).includes(requested))
    throw badRequest('validation_failed', `Invalid email action link type requested: ${requested}`)
  let type = requested as LinkType
  const data = checkedMetadata(ctx.body.data)
  const redirectTo = allowedRedirect(ctx, str(ctx.body.redirect_to)) ?? ctx.deps.siteUrl
  let user = await findUserByEmail(ctx.db, email)
  if (!user) {
    // A magic link for an unknown address signs it up, as Supabase Auth does.
    if (type === 'magiclink') type = 'signup'
    else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new')
      throw notFound('user_not_found', 'User with this email not found')
  }
  let password: string | null = null
  if (type === 'signup' && !user) {
    const given = str(ctx.body.password)
    if (requested === 'signup') {
      if (!given) throw unprocessable('validation_failed', messages.signupRequiresPassword)
      checkPasswordStrength(ctx, given)
      password = await hashPassword(ctx, given)
    }
  }
  if (type === 'email_change_current')
    // Only the new address confirms an e-mail change here (ADR 132).
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email')
  const newEmail = type === 'email_change_new' ? validateEmail(str(ctx.body.new_email)) : null

  const result = await ctx.db.transaction(async (tx) => {
    if ((type === 'signup' || type === 'invite') && user?.email_confirmed_at)
      throw unprocessable('email_exists', messages.emailExists)
    if (!user)
      user = await insertUser(ctx, tx, {
        email,
        encrypted_password: password,
        email_confirmed_at: null,
        raw_user_meta_data: data,
      })
    else if (type === 'signup' && Object.keys(data).length)
      await tx
        .update(authUsers)
        .set({ raw_user_meta_data: { ...user.raw_user_meta_data, ...data } })
        .where(eq(authUsers.id, user.id))
    let tokenType: EmailTokenType
    let address = email
    if (newEmail) {
      if (newEmail !== email && (await findUserByEmail(tx, newEmail)))
        throw unprocessable('email_exists', messages.emailExists)
      await tx.update(authUsers).set({ email_change: newEmail }).where(eq(authUsers.id, user.id))
      tokenType = 'email_change'
      address = newEmail
    } else tokenType = type as EmailTokenType
    const token = await createEmailToken(ctx, tx, user, tokenType, address, redirectTo)
    return { user: (await findUserById(tx, user.id))!, token, tokenType }
  })
  const actionLink = new URL(`${ctx.apiUrl}/verify`)
  actionLink.searchParams.set('token', result.token.tokenHash)
  actionLink.searchParams.set('type', result.tokenType)
  actionLink.searchParams.set('redirect_to', redirectTo)
  return {
    ...serializeUser(result.user),
    action_link: actionLink.toString(),
    email_otp: result.token.code,
    hashed_token: result.token.tokenHash,
    verification_type: type,
    redirect_to: redirectTo,
  }
}
