// The built-in API's e-mails: a one-time token (link + six-digit code) and its pt-BR message.
// The link follows the template Supabase recommends for server-side auth: the redirect address
// (the app's /confirm) with token_hash and type added, so it works in any browser.
import { and, eq } from 'drizzle-orm'
import { authFlowState, authOneTimeTokens, authUsers, type AuthUserRow } from '../../db/schema-auth'
import { allowedRedirect, findUserByEmail, type Ctx, type Executor } from './core'
import { codeHash, linkToken, sha256, sixDigitCode } from './jwt'

export type EmailTokenType = 'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink' | 'reauthentication'

/** What each e-mail says; `action: null` sends the code alone (no link to open). */
const copy: Record<EmailTokenType, { subject: string; intro: string; action: string | null }> = {
  signup: {
    subject: 'Confirme seu e-mail',
    intro: 'Falta pouco para começar a usar a Vitrine. Confirme seu e-mail pelo link abaixo.',
    action: 'Confirmar e-mail',
  },
  recovery: {
    subject: 'Redefinição de senha',
    intro: 'Recebemos um pedido para redefinir a senha da sua conta. Se não foi você, ignore esta mensagem.',
    action: 'Redefinir senha',
  },
  email_change: {
    subject: 'Confirme seu novo e-mail',
    intro: 'Confirme o novo endereço de e-mail da sua conta pelo link abaixo.',
    action: 'Confirmar novo e-mail',
  },
  invite: {
    subject: 'Você foi convidado para a Vitrine',
    intro:
      'Você recebeu um convite para usar a Vitrine. Aceite pelo link abaixo: sua conta é criada na hora, e depois você entra com um código enviado a este e-mail.',
    action: 'Aceitar convite',
  },
  magiclink: {
    subject: 'Seu código de acesso à Vitrine',
    intro: 'Digite o código abaixo na tela de login, ou abra o link neste aparelho para entrar.',
    action: 'Entrar na Vitrine',
  },
  reauthentication: {
    subject: 'Código de confirmação',
    intro: 'Use este código para confirmar a alteração na sua conta. Se não foi você, troque sua senha.',
    action: null,
  },
}

/** The user's column each e-mail's last sending is kept in (a magic link shares recovery's, as in Supabase Auth). */
export const sentAtColumn = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  magiclink: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
} as const

/**
 * Replaces the user's previous token of this type; returns the code and the link's token
 * (`tokenHash`, the name Supabase's links give it), which only the e-mail carries.
 */
export async function createEmailToken(
  ctx: Ctx,
  db: Executor,
  user: AuthUserRow,
  type: EmailTokenType,
  address: string,
  redirectTo: string | undefined,
) {
  const id = crypto.randomUUID()
  const code = sixDigitCode()
  const tokenHash = linkToken()
  await db
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.user_id, user.id), eq(authOneTimeTokens.token_type, type)))
  await db.insert(authOneTimeTokens).values({
    id,
    user_id: user.id,
    token_type: type,
    token_hash: sha256(tokenHash),
    code_hash: codeHash(id, code),
    relates_to: address,
    created_at: ctx.now,
  })
  await db
    .update(authUsers)
    .set({ [sentAtColumn[type]]: ctx.now, ...(type === 'invite' ? { invited_at: ctx.now } : {}) })
    .where(eq(authUsers.id, user.id))
  const base = allowedRedirect(ctx, redirectTo) ?? new URL('/confirm', ctx.deps.siteUrl).toString()
  const link = new URL(base)
  link.searchParams.set('token_hash', tokenHash)
  link.searchParams.set('type', type)
  const verifyLink = new URL(`${ctx.apiUrl}/verify`)
  verifyLink.searchParams.set('token', tokenHash)
  verifyLink.searchParams.set('type', type)
  verifyLink.searchParams.set('redirect_to', base)
  return { code, tokenHash, link: link.toString(), verifyLink: verifyLink.toString(), redirectTo: base }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * Sends once the answer is out, never awaited: an e-mail to an address with an account then
 * costs the answer no more than the none sent to one without (ADR 307). A failure is logged.
 */
export function sendAfterAnswer(ctx: Ctx, send: (() => Promise<void>) | undefined) {
  if (!send) return
  const work = new Promise((started) => setImmediate(started))
    .then(send)
    .catch((e: unknown) => ctx.deps.logger?.error('auth api: e-mail not sent', { error: e }))
  ctx.deps.afterAnswer?.(work)
}

export async function sendTokenEmail(
  ctx: Ctx,
  to: string,
  type: EmailTokenType,
  token: { code: string; link: string },
  /** Who invites (an invite's `data.invited_by`), named in the subject. */
  invitedBy?: string,
) {
  const { intro, action } = copy[type]
  const subject =
    type === 'invite' && invitedBy ? `${invitedBy.slice(0, 80)} convidou você para a Vitrine` : copy[type].subject
  // A code to type comes first where typing it is the point (sign-in, re-authentication).
  const codeFirst = type === 'magiclink' || action === null
  const codeLine = codeFirst ? `Seu código: ${token.code}` : `Ou use o código: ${token.code}`
  const linkLines = action ? [`${action}: ${token.link}`, ''] : []
  const text = [
    'Olá,',
    '',
    intro,
    '',
    ...(codeFirst ? [codeLine, '', ...linkLines] : [...linkLines, codeLine, '']),
    action ? 'O link e o código valem por 1 hora.' : 'O código vale por 1 hora.',
    '',
    'Equipe Vitrine',
  ].join('\n')
  const linkHtml = action ? `<p><a href="${escapeHtml(token.link)}">${escapeHtml(action)}</a></p>` : ''
  const codeHtml = codeFirst
    ? `<p>Seu código:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${token.code}</p>`
    : `<p>Ou use o código: <strong>${token.code}</strong></p>`
  const html = `<p>Olá,</p><p>${escapeHtml(intro)}</p>${codeFirst ? codeHtml + linkHtml : linkHtml + codeHtml}<p>${
    action ? 'O link e o código valem por 1 hora.' : 'O código vale por 1 hora.'
  }</p><p>Equipe Vitrine</p>`
  await ctx.deps.sendEmail({ to, subject, text, html })
}

/**
 * Sent instead of the change link when the new address already has an account: the same one
 * e-mail either way, so neither the answer nor its time tells whether the address is taken, and
 * the address's owner learns of the request (issue 66).
 */
export async function sendAddressTakenEmail(ctx: Ctx, to: string) {
  const intro =
    'Alguém pediu para mudar o e-mail de outra conta da Vitrine para este endereço, que já é da sua conta. Nada foi mudado: se não foi você, ignore esta mensagem.'
  const text = ['Olá,', '', intro, '', 'Equipe Vitrine'].join('\n')
  const html = `<p>Olá,</p><p>${escapeHtml(intro)}</p><p>Equipe Vitrine</p>`
  await ctx.deps.sendEmail({ to, subject: 'Pedido para usar seu e-mail', text, html })
}

/**
 * Sent instead of a confirmation when someone signs up with an address that already has an
 * account: the sign-up's answer is the same as for a new address (issue 66, ADR 307), and the
 * owner learns of the attempt and how to get in.
 */
export async function sendAlreadyRegisteredEmail(ctx: Ctx, to: string) {
  const login = new URL('/login', ctx.deps.siteUrl).toString()
  const forgot = new URL('/esqueci-a-senha', ctx.deps.siteUrl).toString()
  const intro =
    'Alguém tentou criar uma conta na Vitrine com este e-mail, que já tem uma conta. Nada foi mudado na sua conta.'
  const next = 'Se foi você, entre com sua senha ou com um código enviado a este e-mail'
  const text = [
    'Olá,',
    '',
    intro,
    '',
    `${next}: ${login}`,
    `Esqueceu a senha? ${forgot}`,
    '',
    'Se não foi você, ignore esta mensagem.',
    '',
    'Equipe Vitrine',
  ].join('\n')
  const html = `<p>Olá,</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}: <a href="${escapeHtml(login)}">Entrar</a></p><p><a href="${escapeHtml(forgot)}">Esqueceu a senha?</a></p><p>Se não foi você, ignore esta mensagem.</p><p>Equipe Vitrine</p>`
  await ctx.deps.sendEmail({ to, subject: 'Você já tem uma conta na Vitrine', text, html })
}

/**
 * createEmailToken's work for an address without an account: the same token maths, the same
 * delete and update matching no row, and a row written (a token needs a user: a flow state,
 * which needs none) and taken back. A miss costs what a hit does, so neither the answer nor its
 * time tells the two apart (ADR 307).
 */
export async function decoyEmailToken(ctx: Ctx, db: Executor) {
  const id = crypto.randomUUID()
  const nobody = crypto.randomUUID()
  const code = sixDigitCode()
  await db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.user_id, nobody))
  await db.insert(authFlowState).values({
    id,
    user_id: null,
    auth_code: codeHash(id, code),
    code_challenge: sha256(linkToken()),
    code_challenge_method: 's256',
    authentication_method: 'decoy',
    created_at: ctx.now,
    updated_at: ctx.now,
  })
  await db.update(authUsers).set({ updated_at: ctx.now }).where(eq(authUsers.id, nobody))
  await db.delete(authFlowState).where(eq(authFlowState.id, id))
}

/**
 * The e-mail-change link to `address`, or, when the address already has an account, the notice
 * above: the token is made either way (the same work, and the per-address count sees it), and a
 * link to a taken address would end as an invalid one anyway (ADR 284).
 */
export async function prepareEmailChange(
  ctx: Ctx,
  db: Executor,
  user: AuthUserRow,
  address: string,
  redirectTo: string | undefined,
) {
  const token = await createEmailToken(ctx, db, user, 'email_change', address, redirectTo)
  const taken = await findUserByEmail(db, address)
  return taken ? () => sendAddressTakenEmail(ctx, address) : () => sendTokenEmail(ctx, address, 'email_change', token)
}
