// The team page's actions and the invite link (issue 38, ADR 218): invite by e-mail (a link that
// expires, through the mail service), resend, revoke, change a role, remove a member, the approval
// setting; and joining through the link. Only the token's SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext, emailContext, type SessionUser } from '~/context'
import { FREE_PLAN } from '~/domain/billing'
import { INVITE_DAYS, inviteSchema, ROLE_NAMES, seatsMessage } from '~/domain/team'
import { setApprovalSetting } from '~/models/approvals.server'
import { currentPlan } from '~/models/quota.server'
import {
  acceptInvite,
  createInvite,
  removeMember,
  renewInvite,
  revokeInvite,
  setMemberRole,
  type AcceptOutcome,
} from '~/models/team.server'
import type { Database } from '~/utils/db.server'
import { siteUrl } from '~/utils/request-origin.server'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>
export const TEAM_PAGE = '/minha-conta/equipe'

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const days = (n: number, now = new Date()) => new Date(now.getTime() + n * 86_400_000)

async function planOf(db: Database, accountId: string) {
  return (await currentPlan(db, accountId)) ?? FREE_PLAN
}

export async function seatsOf(db: Database, accountId: string): Promise<number> {
  return (await planOf(db, accountId)).entitlements.seats
}

async function sendInvite(
  context: Context,
  to: string,
  token: string,
  role: keyof typeof ROLE_NAMES,
  from: SessionUser,
) {
  const link = new URL(`/convite/${token}`, siteUrl(context)).href
  const who = from.full_name ?? from.email
  await context.get(emailContext).send({
    to,
    subject: `${who} convidou você para a equipe no Vitrine`,
    text: [
      `${who} convidou você para entrar na equipe como ${ROLE_NAMES[role].toLowerCase()}.`,
      '',
      `O convite vale por ${INVITE_DAYS} dias. Entre com este e-mail para aceitar.`,
      `Aceitar o convite: ${link}`,
      '',
      'Se você não esperava este convite, ignore este e-mail.',
    ].join('\n'),
  })
}

const intentSchema = z.object({
  intent: z.enum(['invite', 'resend', 'revoke', 'remove', 'role', 'approval']),
})
const idSchema = z.object({ id: z.coerce.number().int().positive() })
const memberSchema = z.object({ member: z.uuid(), role: z.enum(['gestor', 'corretor']).optional() })

/** POST /minha-conta/equipe (the owner only: the route checks). */
export async function teamAction(formData: FormData, context: Context, owner: SessionUser) {
  const db = context.get(dbContext)
  const parsed = intentSchema.safeParse({ intent: formData.get('intent') })
  if (!parsed.success) return data({ intent: 'invite' as const, result: null }, { status: 400 })
  const intent = parsed.data.intent
  if (intent === 'invite') return invite(formData, context, owner)
  if (intent === 'approval') {
    await setApprovalSetting(db, owner.accountId, formData.get('require') === 'on')
    return redirectWithToast(TEAM_PAGE, {
      type: 'success',
      title: 'Configuração salva',
      description:
        formData.get('require') === 'on'
          ? 'Os posts precisam de aprovação antes de agendar.'
          : 'Os posts podem ser agendados sem aprovação.',
    })
  }
  if (intent === 'resend' || intent === 'revoke') {
    const id = idSchema.safeParse({ id: formData.get('id') })
    if (!id.success) throw data('Convite não encontrado.', { status: 404 })
    if (intent === 'revoke') {
      if (!(await revokeInvite(db, owner.accountId, id.data.id))) throw data('Convite não encontrado.', { status: 404 })
      return redirectWithToast(TEAM_PAGE, {
        type: 'success',
        title: 'Convite cancelado',
        description: 'O link enviado não abre mais.',
      })
    }
    const token = newToken()
    const renewed = await renewInvite(db, owner.accountId, id.data.id, tokenHash(token), days(INVITE_DAYS))
    if (!renewed) throw data('Convite não encontrado.', { status: 404 })
    await sendInvite(context, renewed.email, token, renewed.role, owner)
    return redirectWithToast(TEAM_PAGE, { type: 'success', title: 'Convite reenviado', description: renewed.email })
  }
  const member = memberSchema.safeParse({ member: formData.get('member'), role: formData.get('role') ?? undefined })
  if (!member.success) throw data('Membro não encontrado.', { status: 404 })
  if (intent === 'role') {
    if (!member.data.role || !(await setMemberRole(db, owner.accountId, member.data.member, member.data.role)))
      throw data('Membro não encontrado.', { status: 404 })
    return redirectWithToast(TEAM_PAGE, {
      type: 'success',
      title: 'Papel alterado',
      description: 'A mudança vale a partir do próximo acesso.',
    })
  }
  if (!(await removeMember(db, owner.accountId, member.data.member)))
    throw data('Membro não encontrado.', { status: 404 })
  return redirectWithToast(TEAM_PAGE, {
    type: 'success',
    title: 'Membro removido',
    description: 'Os imóveis pelos quais a pessoa respondia passaram para você.',
  })
}

async function invite(formData: FormData, context: Context, owner: SessionUser) {
  const db = context.get(dbContext)
  const submission = parseWithZod(formData, { schema: inviteSchema })
  if (submission.status !== 'success')
    return data({ intent: 'invite' as const, result: submission.reply() }, { status: 400 })
  const { email, role } = submission.value
  const plan = await planOf(db, owner.accountId)
  const token = newToken()
  const outcome = await createInvite(
    db,
    {
      accountId: owner.accountId,
      email,
      role,
      invitedBy: owner.id,
      tokenHash: tokenHash(token),
      expiresAt: days(INVITE_DAYS),
    },
    plan.entitlements.seats,
  )
  if (outcome !== 'created') {
    const message =
      outcome === 'member' ? 'Esta pessoa já faz parte da equipe.' : seatsMessage(plan, plan.entitlements.seats + 1)
    return data(
      { intent: 'invite' as const, result: submission.reply({ fieldErrors: { email: [message] } }) },
      { status: 400 },
    )
  }
  await sendInvite(context, email, token, role, owner)
  return redirectWithToast(TEAM_PAGE, {
    type: 'success',
    title: 'Convite enviado',
    description: `Enviamos o link para ${email}. Ele vale por ${INVITE_DAYS} dias.`,
  })
}

export const ACCEPT_MESSAGES: Record<Exclude<AcceptOutcome, 'joined'>, string> = {
  invalid: 'Este convite não vale mais: ele foi cancelado, substituído ou já foi usado.',
  expired: 'Este convite expirou. Peça ao dono da conta para reenviar.',
  'other-email': 'Este convite foi enviado para outro e-mail. Entre com o e-mail que recebeu o convite.',
  'in-a-team': 'Você já faz parte de uma equipe. Saia dela antes de entrar em outra.',
  full: 'A equipe não tem mais lugares no plano atual. Fale com o dono da conta.',
}

export async function joinTeam(context: Context, token: string, person: SessionUser) {
  const db = context.get(dbContext)
  return acceptInvite(db, tokenHash(token), person, seatsOf)
}
