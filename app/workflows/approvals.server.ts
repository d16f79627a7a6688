// Approval of a piece (ADR 218): the author sends it, a gestor (or the owner) approves
// or asks for changes with a comment, a client approves through a link; an e-mail follows every
// decision (to the author) and every piece that starts to wait (to the gestores). Scheduling asks
// `mayBeScheduled` first.
import { randomBytes } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser } from '~/context'
import {
  CLIENT_LINK_DAYS,
  isApprovedRevision,
  may,
  requiresApproval,
  type ApprovalState,
  type PreviewData,
} from '~/domain/team'
import {
  approvalSettingOf,
  authorOf,
  createClientLink,
  decideByLink,
  moveApproval,
  revokeClientLink,
  type Actor,
  type ClientDecision,
} from '~/models/approvals.server'
import type { Post } from '~/models/posts.server'
import { carouselEntries } from '~/domain/post-content'
import { postImagePath } from '~/domain/public-links'
import { loadPublicPost } from '~/workflows/post-images.server'
import { emailsOfRoles } from '~/models/team.server'
import type { Database } from '~/utils/db.server'
import { siteUrl } from '~/utils/request-origin.server'
import { seatsOf, tokenHash } from '~/workflows/team.server'
import { queueMail } from '~/workflows/mail-jobs.server'

type Context = Readonly<RouterContextProvider>
export const reviewPage = (postId: number) => `/aprovacoes/${postId}`

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, name: user.full_name || user.email })

/** Does this account ask for approval before scheduling? */
export async function approvalRequired(db: Database, accountId: string): Promise<boolean> {
  return requiresApproval(await approvalSettingOf(db, accountId), await seatsOf(db, accountId))
}

/** A post row's approval, as the domain reads it. */
export const approvalStateOf = (post: {
  approval_status: ApprovalState['status']
  revision: number
  approved_revision: number | null
}): ApprovalState => ({
  status: post.approval_status,
  revision: post.revision,
  approvedRevision: post.approved_revision,
})

/** May the post be scheduled now? Its revision approved, or the account does not require approval. */
export async function mayBeScheduled(db: Database, accountId: string, piece: ApprovalState): Promise<boolean> {
  return isApprovedRevision(piece) || !(await approvalRequired(db, accountId))
}

export const NOT_APPROVED_MESSAGE =
  'Este post precisa ser aprovado antes de ser agendado. Envie para aprovação em Aprovações.'

/** Queued after the step is recorded (ADR 261): a mail server down never turns it into an error. */
async function mail(context: Context, to: string[], subject: string, lines: string[]) {
  for (const address of new Set(to))
    await queueMail(context, { kind: 'message', message: { to: address, subject, text: lines.join('\n') } })
}

const link = (context: Context, path: string) => new URL(path, siteUrl(context)).href

async function tellAuthor(context: Context, postId: number, subject: string, lines: string[]) {
  const author = await authorOf(context.get(dbContext), postId)
  if (author?.email)
    await mail(context, [author.email], subject, [...lines, '', `Abrir o post: ${link(context, reviewPage(postId))}`])
}

async function tellReviewers(context: Context, accountId: string, postId: number, who: string) {
  const reviewers = await emailsOfRoles(context.get(dbContext), accountId, ['gestor'])
  await mail(context, reviewers, 'Um post espera sua aprovação', [
    `${who} enviou um post para aprovação.`,
    '',
    `Revisar o post: ${link(context, reviewPage(postId))}`,
  ])
}

/** What the review page's buttons ask for, as its route reads the form. */
export type ReviewStep =
  | { intent: 'submit' }
  | { intent: 'approve'; comment: string; revision?: number }
  | { intent: 'changes'; comment: string; revision?: number }
  | { intent: 'client-link' }
  | { intent: 'revoke-link'; link?: number }

export type ReviewOutcome =
  | { status: 'forbidden' }
  | { status: 'invalid'; errors: { comment: string[] }; comment: string }
  /** Someone else decided first: the post is no longer where the step starts from. */
  | { status: 'stale' }
  | { status: 'submitted' }
  | { status: 'approved' }
  | { status: 'changes' }
  /** The client link's token, shown once; only its hash is kept. */
  | { status: 'link-created'; token: string }
  | { status: 'link-revoked' }
  | { status: 'link-not-found' }

/**
 * /aprovacoes/{id}: submit, approve, ask for changes, make or revoke a client link, on a post of
 * the account (the route has found it). Who may take each step is POLICY's (ADR 218, 237).
 */
export async function reviewPost(
  context: Context,
  user: SessionUser,
  post: Pick<Post, 'id' | 'revision' | 'created_by'>,
  step: ReviewStep,
): Promise<ReviewOutcome> {
  const db = context.get(dbContext)
  const postId = post.id
  const actor = actorOf(user)
  const moving = { accountId: user.accountId, postId, actor }

  if (step.intent === 'submit') {
    if (!may(user, 'edit', post.created_by)) return { status: 'forbidden' }
    const moved = await moveApproval(db, { ...moving, from: ['draft', 'changes'], to: 'pending', action: 'submitted' })
    if (!moved) return { status: 'stale' }
    await tellReviewers(context, user.accountId, postId, actor.name)
    return { status: 'submitted' }
  }
  if (step.intent === 'approve' || step.intent === 'changes') {
    if (!may(user, 'approve', post.created_by)) return { status: 'forbidden' }
    const { comment, revision } = step
    if (step.intent === 'changes' && !comment)
      return { status: 'invalid', errors: { comment: ['Escreva o que precisa mudar.'] }, comment }
    if (comment.length > 1000)
      return { status: 'invalid', errors: { comment: ['Use no máximo 1.000 caracteres.'] }, comment }
    // The decision is about the revision on the reviewer's screen, when the form says which.
    const moved =
      step.intent === 'approve'
        ? await moveApproval(db, {
            ...moving,
            from: ['pending', 'changes', 'draft'],
            to: 'approved',
            action: 'approved',
            comment: comment || null,
            revision,
          })
        : await moveApproval(db, {
            ...moving,
            from: ['pending', 'approved', 'draft'],
            to: 'changes',
            action: 'changes_requested',
            comment,
            revision,
          })
    if (!moved) return { status: 'stale' }
    await tellAuthor(
      context,
      postId,
      step.intent === 'approve' ? 'Seu post foi aprovado' : 'Pediram ajustes no seu post',
      step.intent === 'approve'
        ? [
            `${actor.name} aprovou seu post. Ele já pode ser agendado.`,
            ...(comment ? ['', `Comentário: ${comment}`] : []),
          ]
        : [`${actor.name} pediu ajustes no seu post:`, '', comment],
    )
    return { status: step.intent === 'approve' ? 'approved' : 'changes' }
  }
  // Only those who may approve send a piece to the client (ADR 237).
  if (!may(user, 'send-to-client', post.created_by)) return { status: 'forbidden' }
  if (step.intent === 'client-link') {
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(Date.now() + CLIENT_LINK_DAYS * 86_400_000)
    await createClientLink(db, { ...moving, revision: post.revision, tokenHash: tokenHash(token), expiresAt })
    return { status: 'link-created', token }
  }
  const revoked = step.link !== undefined && (await revokeClientLink(db, user.accountId, postId, step.link, actor))
  return revoked ? { status: 'link-revoked' } : { status: 'link-not-found' }
}

export const CLIENT_OUTCOMES = {
  gone: 'Este link não vale mais: ele expirou ou foi cancelado.',
  changed: 'O post mudou depois que este link foi enviado. Peça um link novo a quem o enviou.',
  'decided-before': 'Você já respondeu por este link. Obrigado!',
} as const

/** A client's answer through a link (no account): recorded, then the author hears of it. */
export async function clientDecision(context: Context, token: string, decision: ClientDecision, comment: string) {
  const db = context.get(dbContext)
  const result = await decideByLink(db, tokenHash(token), decision, comment || null)
  if (result.outcome === 'decided' && result.postId) {
    await tellAuthor(
      context,
      result.postId,
      decision === 'approved' ? 'O cliente aprovou o post' : 'O cliente pediu ajustes no post',
      decision === 'approved'
        ? ['O cliente aprovou o post pelo link de aprovação.', ...(comment ? ['', `Comentário: ${comment}`] : [])]
        : ['O cliente pediu ajustes pelo link de aprovação:', '', comment],
    )
  }
  return result.outcome
}

/** What the review screen and the client page show: the slides as JPEGs and the caption. */
export async function previewOf(db: Database, publicId: string): Promise<PreviewData | null> {
  const loaded = await loadPublicPost(db, publicId)
  if (!loaded || loaded.post.generating) return null
  const { content } = loaded
  const images = carouselEntries(content).map((entry) =>
    postImagePath(publicId, { slide: entry.kind === 'media' || entry.index < 0 ? null : entry.index, format: 'jpeg' }),
  )
  const brand = content.brand
  return {
    handle: brand.instagram ? brand.instagram.replace(/^@?/, '@') : brand.name || 'Sua imobiliária',
    images,
    width: content.size.width,
    height: content.size.height,
    caption: loaded.post.description ?? '',
  }
}
