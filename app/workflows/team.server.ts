// The team's invites (ADR 218): invite by e-mail within the plan's seats (a link that
// expires, through the mail service), resend, and joining through the link. Only the token's
// SHA-256 is stored. The team page's route reads its forms and answers.
import { createHash, randomBytes } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { dbContext, emailContext, type SessionUser } from '~/context'
import { FREE_PLAN } from '~/domain/billing'
import { INVITE_DAYS, ROLE_NAMES, seatsMessage, type inviteSchema } from '~/domain/team'
import { currentPlan } from '~/models/quota.server'
import { acceptInvite, createInvite, inviteOfToken, renewInvite, type AcceptOutcome } from '~/models/team.server'
import type { Database } from '~/utils/db.server'
import { siteUrl } from '~/utils/request-origin.server'
import { inviteNewPerson } from './auth-invites.server'
import { queueMail } from './mail-jobs.server'

type Context = Readonly<RouterContextProvider>

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const days = (n: number, now = new Date()) => new Date(now.getTime() + n * 86_400_000)

async function planOf(db: Database, accountId: string) {
  return (await currentPlan(db, accountId)) ?? FREE_PLAN
}

export async function seatsOf(db: Database, accountId: string): Promise<number> {
  return (await planOf(db, accountId)).entitlements.seats
}

/** Queues the invite's e-mail (ADR 261): the invite is recorded, the page answers at once. */
async function queueInvite(context: Context, accountId: string, token: string, from: SessionUser) {
  const invite = await inviteOfToken(context.get(dbContext), tokenHash(token))
  if (invite)
    await queueMail(context, { kind: 'invite', accountId, inviteId: invite.id, from: from.full_name ?? from.email })
}

/**
 * The mail worker's invite: a new link (its token made now, only its hash kept: the queue holds
 * no secret) for an invite that still waits, e-mailed; nothing for one accepted or revoked.
 */
export async function sendQueuedInvite(context: Context, job: { accountId: string; inviteId: number; from: string }) {
  const token = newToken()
  const invite = await renewInvite(
    context.get(dbContext),
    job.accountId,
    job.inviteId,
    tokenHash(token),
    days(INVITE_DAYS),
  )
  if (invite) await sendInvite(context, invite.email, token, invite.role, job.from)
}

async function sendInvite(context: Context, to: string, token: string, role: keyof typeof ROLE_NAMES, who: string) {
  const link = new URL(`/convite/${token}`, siteUrl(context)).href
  // Someone with no account gets the auth service's invite: its link creates the account.
  if (await inviteNewPerson(context, to, `/convite/${token}`, { invited_by: who })) return
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

export type InviteOutcome = { status: 'sent' } | { status: 'refused'; message: string }

/** A new invite from the owner, within the plan's seats (pending invites count); its e-mail queued. */
export async function inviteMember(
  context: Context,
  owner: SessionUser,
  input: z.output<typeof inviteSchema>,
): Promise<InviteOutcome> {
  const db = context.get(dbContext)
  const plan = await planOf(db, owner.accountId)
  const token = newToken()
  const outcome = await createInvite(
    db,
    {
      accountId: owner.accountId,
      email: input.email,
      role: input.role,
      invitedBy: owner.id,
      tokenHash: tokenHash(token),
      expiresAt: days(INVITE_DAYS),
    },
    plan.entitlements.seats,
  )
  if (outcome === 'created') {
    await queueInvite(context, owner.accountId, token, owner)
    return { status: 'sent' }
  }
  const message =
    outcome === 'member' ? 'Esta pessoa já faz parte da equipe.' : seatsMessage(plan, plan.entitlements.seats + 1)
  return { status: 'refused', message }
}

/** A waiting invite sent again with a new link (the old one stops working); null when it is not the account's. */
export async function resendInvite(context: Context, owner: SessionUser, inviteId: number) {
  const token = newToken()
  const renewed = await renewInvite(
    context.get(dbContext),
    owner.accountId,
    inviteId,
    tokenHash(token),
    days(INVITE_DAYS),
  )
  if (!renewed) return null
  await queueInvite(context, owner.accountId, token, owner)
  return { email: renewed.email }
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
