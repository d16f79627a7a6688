// "Mês pronto" (ADR 283), from review to the schedule: the per-piece edits ("Trocar", "Editar
// legenda", "Mudar horário", "Remover"), "Enviar para aprovação" of the whole month, the gestor's
// approval of all (or piece by piece, with the existing revision rules of ADR 237), the property
// owner's one link to their property's pieces, and the scheduling of every approved piece at its
// time through the existing machinery (schedulePost, the Reel's saveReel: quotas, pre-flight,
// the publisher's approved-revision check). An edit after approval takes the piece off the
// schedule and back to approval.
import { defaultCollaboratorOf } from '~/models/team.server'
import type { RouterContextProvider } from 'react-router'
import { dbContext, jobsContext, postImagesContext, publishingContext, type SessionUser } from '~/context'
import { fromZoned, zonedDate } from '~/domain/dates'
import { otherCompositions, type Message, type SlotKind } from '~/domain/month-plan'
import { GAP_MS } from '~/domain/month-planner'
import { CAPTION_MAX, normalizeCaption } from '~/domain/scheduling'
import { isApprovedRevision, may, videoApprovalState, type Person } from '~/domain/team'
import { isCompositionId } from '~/domain/compositions'
import { moveApproval } from '~/models/approvals.server'
import {
  getPiece,
  listPieces,
  setPlanStatus,
  updatePiece,
  deletePieces,
  type MonthPlan,
  type PieceView,
} from '~/models/month-plans.server'
import { chooseComposition } from '~/models/post-composition.server'
import { setPostCaption } from '~/models/posts.server'
import { deletePublication } from '~/models/scheduled-publications.server'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { emailsOfRoles } from '~/models/team.server'
import { approveVideoRevision, getVideo, setVideoCaption } from '~/models/videos.server'
import type { Database } from '~/utils/db.server'
import { siteUrl } from '~/utils/request-origin.server'
import { actorOf, approvalRequired } from './approvals.server'
import { queueMail } from './mail-jobs.server'
import { schedulePost } from './scheduling.server'
import { Refused, saveReel } from './video-reels.server'
import { enqueuePublication } from './publishing.server'
import { monthPage } from './month-plan.server'

type Context = Readonly<RouterContextProvider>

/** Stories are drafted, approved and published as Stories (issue 63). */
export const STORY_PUBLISHING = true
export const STORY_WAITS = 'Aprovado. Os Stories serão publicados quando a publicação de Stories estiver disponível.'

/** Who a piece is of: its post's or video's author (a corretor acts on their own). */
const authorOf = (piece: PieceView) => piece.post?.createdBy ?? piece.video?.createdBy ?? null

/** Is the piece, as it is now, approved (its current revision)? */
export function pieceApproved(piece: PieceView): boolean {
  if (piece.post)
    return isApprovedRevision({
      status: piece.post.approvalStatus,
      revision: piece.post.revision,
      approvedRevision: piece.post.approvedRevision,
    })
  if (piece.video)
    return isApprovedRevision(
      videoApprovalState({ revision: piece.video.revision, approved_revision: piece.video.approvedRevision }),
    )
  return false
}

/** The pt-BR state a piece shows in the list. */
export function pieceState(piece: PieceView): string {
  if (piece.status === 'waiting' || piece.status === 'drafting') return 'Preparando…'
  if (piece.status === 'failed') return piece.error ?? 'Não foi possível preparar esta peça.'
  if (piece.video && piece.video.status !== 'ready')
    return piece.video.status === 'failed' ? 'O vídeo falhou.' : 'Vídeo em produção…'
  if (piece.publication?.status === 'published') return 'Publicado'
  if (piece.publication && ['scheduled', 'publishing'].includes(piece.publication.status)) return 'Agendado'
  if (piece.publication?.status === 'failed') return 'A publicação falhou'
  if (pieceApproved(piece)) return piece.kind === 'story' && !STORY_PUBLISHING ? STORY_WAITS : 'Aprovado'
  if (piece.post?.approvalStatus === 'pending')
    return piece.post.approvedRevision !== null ? 'Precisa de nova aprovação' : 'Em aprovação'
  if (piece.post?.approvalStatus === 'changes') return 'Ajustes pedidos'
  return 'Rascunho'
}

type Refusal = { status: 'not-found' } | { status: 'forbidden' }
type Invalid = { status: 'invalid'; field: string; message: string }

/** An edit changes what goes out: a scheduled piece leaves the schedule until approved again. */
async function unschedule(db: Database, accountId: string, piece: PieceView) {
  if (!piece.publication || piece.publication.status !== 'scheduled') return
  await deletePublication(db, accountId, piece.publication.id)
  await updatePiece(db, accountId, piece.id, { publicationId: null })
}

async function pieceFor(context: Context, user: SessionUser, plan: MonthPlan, pieceId: number) {
  const db = context.get(dbContext)
  const row = await getPiece(db, user.accountId, plan.id, pieceId)
  if (!row) return null
  return (await listPieces(db, user.accountId, plan.id)).find((p) => p.id === row.id) ?? null
}

/** "Trocar": another cover composition for the same slot, never the one beside it. */
export async function swapPiece(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  pieceId: number,
): Promise<Refusal | Invalid | { status: 'swapped'; composition: string }> {
  const db = context.get(dbContext)
  const piece = await pieceFor(context, user, plan, pieceId)
  if (!piece) return { status: 'not-found' }
  if (!may(user, 'edit', authorOf(piece))) return { status: 'forbidden' }
  if (!piece.post || piece.post.generating)
    return { status: 'invalid', field: 'piece', message: 'Esta peça não tem outra capa para trocar.' }
  const pieces = await listPieces(db, user.accountId, plan.id)
  const at = pieces.findIndex((p) => p.id === piece.id)
  const neighbours = new Set([pieces[at - 1]?.composition, pieces[at + 1]?.composition])
  const next = otherCompositions(piece.message, piece.kind, piece.composition).find(
    (c) => !neighbours.has(c) && isCompositionId(c),
  )
  if (!next || !isCompositionId(next))
    return { status: 'invalid', field: 'piece', message: 'Esta peça não tem outra capa para trocar.' }
  const post = await chooseComposition(db, user.accountId, piece.post.id, next)
  if (!post) return { status: 'not-found' }
  await updatePiece(db, user.accountId, piece.id, { composition: next, edits: { cover: true } })
  await unschedule(db, user.accountId, piece)
  return { status: 'swapped', composition: next }
}

/** "Editar legenda": the post's (or the Reel's) caption; a new revision, back to approval. */
export async function editPieceCaption(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  pieceId: number,
  caption: string,
): Promise<Refusal | Invalid | { status: 'saved' }> {
  const db = context.get(dbContext)
  const piece = await pieceFor(context, user, plan, pieceId)
  if (!piece) return { status: 'not-found' }
  if (!may(user, 'edit', authorOf(piece))) return { status: 'forbidden' }
  const text = normalizeCaption(caption).trim()
  if (!text) return { status: 'invalid', field: 'caption', message: 'Escreva a legenda.' }
  if (text.length > CAPTION_MAX)
    return { status: 'invalid', field: 'caption', message: `A legenda tem no máximo ${CAPTION_MAX} caracteres.` }
  if (piece.post) {
    if (!(await setPostCaption(db, user.accountId, piece.post.id, text))) return { status: 'not-found' }
  } else if (piece.video) {
    await setVideoCaption(db, user.accountId, piece.video.id, text)
  } else return { status: 'invalid', field: 'caption', message: 'Esta peça ainda está sendo preparada.' }
  await updatePiece(db, user.accountId, piece.id, { edits: { caption: true } })
  await unschedule(db, user.accountId, piece)
  return { status: 'saved' }
}

/** "Mudar horário": the agent's own time (the plan suggests 08–22 h), 2 h from the month's other pieces, not past. */
export async function movePiece(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  pieceId: number,
  date: string,
  time: string,
  now = new Date(),
): Promise<Refusal | Invalid | { status: 'moved' }> {
  const db = context.get(dbContext)
  const piece = await pieceFor(context, user, plan, pieceId)
  if (!piece) return { status: 'not-found' }
  if (!may(user, 'edit', authorOf(piece))) return { status: 'forbidden' }
  const at = fromZoned(date, time)
  if (!at) return { status: 'invalid', field: 'time', message: 'Informe a data e a hora.' }
  if (at.getTime() < now.getTime() + 60_000)
    return { status: 'invalid', field: 'time', message: 'Escolha uma data e hora que ainda não passaram.' }
  const pieces = await listPieces(db, user.accountId, plan.id)
  const close = pieces.find((p) => p.id !== piece.id && Math.abs(p.publish_at.getTime() - at.getTime()) < GAP_MS)
  if (close)
    return {
      status: 'invalid',
      field: 'time',
      message: `Outra peça do mês sai às ${zonedTimeOf(close.publish_at)} deste dia: deixe 2 horas entre elas.`,
    }
  await updatePiece(db, user.accountId, piece.id, { publishAt: at, edits: { time: true } })
  if (piece.publication?.status === 'scheduled') {
    await unschedule(db, user.accountId, piece)
    const moved = (await listPieces(db, user.accountId, plan.id)).find((p) => p.id === piece.id)
    if (moved && pieceApproved(moved)) await schedulePiece(context, user, moved)
  }
  return { status: 'moved' }
}

const zonedTimeOf = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(at)

/** "Remover": the piece leaves the month (its post stays in the history); off the schedule. */
export async function removePiece(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  pieceId: number,
): Promise<Refusal | { status: 'removed' }> {
  const db = context.get(dbContext)
  const piece = await pieceFor(context, user, plan, pieceId)
  if (!piece) return { status: 'not-found' }
  if (!may(user, 'delete', authorOf(piece))) return { status: 'forbidden' }
  await unschedule(db, user.accountId, piece)
  await deletePieces(db, user.accountId, [piece.id])
  return { status: 'removed' }
}

async function tell(context: Context, to: string[], subject: string, lines: string[]) {
  for (const address of new Set(to))
    await queueMail(context, { kind: 'message', message: { to: address, subject, text: lines.join('\n') } })
}

/**
 * "Enviar para aprovação": every drafted post of the month waits for a gestor (one e-mail for the
 * month). Where the account requires no approval there is nothing to send: "Aprovar e agendar".
 */
export async function submitMonth(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
): Promise<Refusal | { status: 'submitted'; count: number } | { status: 'no-approval' }> {
  const db = context.get(dbContext)
  if (!(await approvalRequired(db, user.accountId))) return { status: 'no-approval' }
  const pieces = await listPieces(db, user.accountId, plan.id)
  const actor = actorOf(user)
  let count = 0
  for (const piece of pieces) {
    if (!piece.post || !may(user, 'edit', authorOf(piece))) continue
    const moved = await moveApproval(db, {
      accountId: user.accountId,
      postId: piece.post.id,
      actor,
      from: ['draft', 'changes'],
      to: 'pending',
      action: 'submitted',
    })
    if (moved) count++
  }
  if (count === 0 && !pieces.some((p) => p.video)) return { status: 'forbidden' }
  await setPlanStatus(db, user.accountId, plan.id, 'pending')
  const reviewers = await emailsOfRoles(db, user.accountId, ['gestor'])
  await tell(context, reviewers, 'Um mês de posts espera sua aprovação', [
    `${actor.name} enviou o mês de ${formatDate(plan.start_date)} (${pieces.length} peças) para aprovação.`,
    '',
    `Revisar o mês: ${new URL(monthPage(plan.id), siteUrl(context)).href}`,
  ])
  return { status: 'submitted', count }
}

const formatDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`

/**
 * "Aprovar o mês" (or one piece): a gestor or the owner approves the current revision of each
 * piece (a corretor never: POLICY), then every approved piece is scheduled at its time. A solo
 * agent, whose account requires no approval, approves and schedules the month in the same tap.
 */
export async function approveMonth(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  only?: { pieceId: number; revision?: number },
): Promise<Refusal | { status: 'approved'; approved: number; scheduled: number; problems: string[] }> {
  const db = context.get(dbContext)
  const required = await approvalRequired(db, user.accountId)
  const pieces = (await listPieces(db, user.accountId, plan.id)).filter((p) => !only || p.id === only.pieceId)
  if (only && pieces.length === 0) return { status: 'not-found' }
  // Where approval is required, only those who approve; else whoever may schedule the pieces.
  const action = required ? 'approve' : 'schedule'
  if (!pieces.some((p) => may(user, action, authorOf(p)))) return { status: 'forbidden' }
  const actor = actorOf(user)
  let approved = 0
  for (const piece of pieces) {
    if (piece.status !== 'ready' || !may(user, action, authorOf(piece))) continue
    if (piece.post && !pieceApproved(piece)) {
      const moved = await moveApproval(db, {
        accountId: user.accountId,
        postId: piece.post.id,
        actor,
        from: ['pending', 'changes', 'draft'],
        to: 'approved',
        action: 'approved',
        revision: only?.revision ?? piece.post.revision,
      })
      if (moved) approved++
    } else if (piece.video && piece.video.status === 'ready' && !pieceApproved(piece)) {
      if (await approveVideoRevision(db, user.accountId, piece.video.id)) approved++
    }
  }
  if (!only) await setPlanStatus(db, user.accountId, plan.id, 'approved')
  const problems: string[] = []
  let scheduled = 0
  for (const piece of await listPieces(db, user.accountId, plan.id)) {
    if (only && piece.id !== only.pieceId) continue
    if (!pieceApproved(piece) || piece.publication) continue
    const outcome = await schedulePiece(context, user, piece)
    if (outcome === 'scheduled') scheduled++
    else if (outcome) problems.push(outcome)
  }
  return { status: 'approved', approved, scheduled, problems }
}

/** "Pedir ajustes" on one piece, with the comment the author reads. */
export async function askChanges(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
  pieceId: number,
  comment: string,
  revision?: number,
): Promise<Refusal | Invalid | { status: 'changes' }> {
  const db = context.get(dbContext)
  const piece = await pieceFor(context, user, plan, pieceId)
  if (!piece?.post) return { status: 'not-found' }
  if (!may(user, 'approve', authorOf(piece))) return { status: 'forbidden' }
  const text = comment.trim()
  if (!text) return { status: 'invalid', field: 'comment', message: 'Escreva o que precisa mudar.' }
  if (text.length > 1000) return { status: 'invalid', field: 'comment', message: 'Use no máximo 1.000 caracteres.' }
  await unschedule(db, user.accountId, piece)
  const moved = await moveApproval(db, {
    accountId: user.accountId,
    postId: piece.post.id,
    actor: actorOf(user),
    from: ['pending', 'approved', 'draft'],
    to: 'changes',
    action: 'changes_requested',
    comment: text,
    revision,
  })
  return moved ? { status: 'changes' } : { status: 'not-found' }
}

/** Where a month's pieces go out: the connected Instagram account, else the local outbox. */
async function targetAccount(db: Database, accountId: string): Promise<number> {
  const accounts = await listAccounts(db, accountId)
  const instagram = accounts.find((a) => a.provider === 'instagram' && !a.reconnect_reason && !a.deleted_at)
  return instagram?.id ?? (await ensureOutboxAccount(db, accountId)).id
}

/**
 * Schedules one approved piece at its time, once: 'scheduled', null when it waits (a Reel still
 * rendering, a Story until Stories publish), or the pt-BR reason it was refused.
 */
export async function schedulePiece(
  context: Context,
  user: Pick<SessionUser, 'id' | 'accountId' | 'accountRole'>,
  piece: PieceView,
): Promise<'scheduled' | string | null> {
  const db = context.get(dbContext)
  const jobs = context.get(jobsContext)
  if (piece.publication && ['scheduled', 'publishing', 'published'].includes(piece.publication.status)) return null
  if (piece.kind === 'story' && !STORY_PUBLISHING) return null
  const accountId = await targetAccount(db, user.accountId)
  const by: Person = { id: user.id, accountRole: user.accountRole }
  if (piece.post) {
    const deps = { db, postImages: context.get(postImagesContext), jobs, limits: context.get(publishingContext).limits }
    const outcome = await schedulePost(deps, user.accountId, {
      by,
      postId: piece.post.id,
      accountIds: [accountId],
      publishAt: piece.publish_at,
      caption: piece.post.description ?? '',
      altText: '',
      slides: null,
      ratio: 'original',
      fit: 'cover',
      // The agency's own account as collaborator, when it set one (issue 63).
      collaborators: [await defaultCollaboratorOf(db, user.accountId)].filter((name): name is string => !!name),
    })
    if (outcome.status === 'scheduled') {
      await updatePiece(db, user.accountId, piece.id, { publicationId: outcome.ids[0] ?? null })
      return 'scheduled'
    }
    if (outcome.status === 'over-limit') return outcome.message
    if (outcome.status === 'invalid') return Object.values(outcome.errors).flat().join(' ')
    return outcome.status === 'not-approved' ? 'Precisa de aprovação.' : 'Não foi possível agendar.'
  }
  if (piece.video) {
    const video = await getVideo(db, user.accountId, piece.video.id)
    if (!video || video.status !== 'ready') return null
    try {
      const row = await saveReel(db, user, video.id, { accountId, publishAt: piece.publish_at, caption: video.caption })
      await enqueuePublication(jobs, row)
      await updatePiece(db, user.accountId, piece.id, { publicationId: row.id })
      return 'scheduled'
    } catch (error) {
      if (error instanceof Refused) return error.message
      throw error
    }
  }
  return null
}

export const zonedDay = zonedDate
export type { Message, SlotKind }
