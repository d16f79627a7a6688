// POST /minha-conta/equipe (the owner only: the route checks): invite, resend or revoke an
// invite, change a role, remove a member, the approval setting. Each answers with a toast, the
// invite form's errors (400), or a 404 for an invite or member not of the account.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext, type SessionUser } from '~/context'
import { INVITE_DAYS, inviteSchema, seatChoiceError } from '~/domain/team'
import { setApprovalSetting } from '~/models/approvals.server'
import {
  chooseSeatHolders,
  removeMember,
  revokeInvite,
  setDefaultCollaborator,
  setMemberRole,
} from '~/models/team.server'
import { parseCollaborators } from '~/domain/publishing-details'
import { redirectWithToast } from '~/utils/toast.server'
import { inviteMember, resendInvite, seatsOf } from '~/workflows/team.server'

type Context = Readonly<RouterContextProvider>
const TEAM_PAGE = '/minha-conta/equipe'

const intentSchema = z.object({
  intent: z.enum(['invite', 'resend', 'revoke', 'remove', 'role', 'approval', 'seats', 'collaborator']),
})
const idSchema = z.object({ id: z.coerce.number().int().positive() })
const seatChoiceSchema = z.object({ keep: z.array(z.uuid()).max(100) })
const memberSchema = z.object({ member: z.uuid(), role: z.enum(['gestor', 'corretor']).optional() })

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
  if (intent === 'seats') return chooseSeats(formData, context, owner)
  if (intent === 'collaborator') return chooseCollaborator(formData, context, owner)
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
    const renewed = await resendInvite(context, owner, id.data.id)
    if (!renewed) throw data('Convite não encontrado.', { status: 404 })
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
  const submission = parseWithZod(formData, { schema: inviteSchema })
  if (submission.status !== 'success')
    return data({ intent: 'invite' as const, result: submission.reply() }, { status: 400 })
  const sent = await inviteMember(context, owner, submission.value)
  if (sent.status === 'refused')
    return data(
      { intent: 'invite' as const, result: submission.reply({ fieldErrors: { email: [sent.message] } }) },
      { status: 400 },
    )
  return redirectWithToast(TEAM_PAGE, {
    type: 'success',
    title: 'Convite enviado',
    description: `Enviamos o link para ${submission.value.email}. Ele vale por ${INVITE_DAYS} dias.`,
  })
}

/** Who keeps access in a team larger than its plan (ADR 306), at most the seats besides the owner's. */
async function chooseSeats(formData: FormData, context: Context, owner: SessionUser) {
  const db = context.get(dbContext)
  const parsed = seatChoiceSchema.safeParse({ keep: formData.getAll('keep') })
  if (!parsed.success) throw data('Membro não encontrado.', { status: 404 })
  const keep = [...new Set(parsed.data.keep)]
  const error = seatChoiceError(keep.length, await seatsOf(db, owner.accountId))
  if (error) return data({ intent: 'seats' as const, error }, { status: 400 })
  await chooseSeatHolders(db, owner.accountId, keep)
  return redirectWithToast(TEAM_PAGE, {
    type: 'success',
    title: 'Acesso da equipe salvo',
    description: 'Quem não foi escolhido continua vendo tudo, sem criar nem editar.',
  })
}

/** The agency's account added as a collaborator to every piece its agents schedule (issue 63). */
async function chooseCollaborator(formData: FormData, context: Context, owner: SessionUser) {
  const typed = String(formData.get('collaborator') ?? '')
  const { usernames, errors } = parseCollaborators(typed)
  if (errors.length || usernames.length > 1)
    return data(
      { intent: 'collaborator' as const, error: errors[0] ?? 'Informe um só usuário do Instagram.', typed },
      { status: 400 },
    )
  const name = usernames[0] ?? null
  await setDefaultCollaborator(context.get(dbContext), owner.accountId, name)
  return redirectWithToast(TEAM_PAGE, {
    type: 'success',
    title: 'Colaborador padrão salvo',
    description: name
      ? `@${name} vai como colaborador nas peças agendadas pela equipe.`
      : 'As peças vão sem colaborador padrão.',
  })
}
