// Approval of a piece (issue 38, ADR 218): the author sends it, a gestor (or the owner) approves
// or asks for changes with a comment, a client approves through a link; an e-mail follows every
// decision (to the author) and every piece that starts to wait (to the gestores). Scheduling asks
// `mayBeScheduled` first.
import { randomBytes } from 'node:crypto'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, emailContext, type SessionUser } from '~/context'
import {
  CLIENT_LINK_DAYS,
  can,
  canEditPiece,
  requiresApproval,
  type ApprovalStatus,
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
import { getPost } from '~/models/posts.server'
import { carouselEntries } from '~/domain/post-content'
import { postImagePath } from '~/domain/public-links'
import { loadPublicPost } from '~/workflows/post-images.server'
import { emailsOfRoles } from '~/models/team.server'
import type { Database } from '~/utils/db.server'
import { siteUrl } from '~/utils/request-origin.server'
import { forbidden } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { seatsOf, tokenHash } from '~/workflows/team.server'

type Context = Readonly<RouterContextProvider>
export const reviewPage = (postId: number) => `/aprovacoes/${postId}`

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, name: user.full_name || user.email })

/** Does this account ask for approval before scheduling? */
export async function approvalRequired(db: Database, accountId: string): Promise<boolean> {
  return requiresApproval(await approvalSettingOf(db, accountId), await seatsOf(db, accountId))
}

/** May the post be scheduled now? Approved, or the account does not require approval. */
export async function mayBeScheduled(db: Database, accountId: string, status: ApprovalStatus): Promise<boolean> {
  return status === 'approved' || !(await approvalRequired(db, accountId))
}

export const NOT_APPROVED_MESSAGE =
  'Este post precisa ser aprovado antes de ser agendado. Envie para aprovação em Aprovações.'

async function mail(context: Context, to: string[], subject: string, lines: string[]) {
  const email = context.get(emailContext)
  for (const address of new Set(to)) await email.send({ to: address, subject, text: lines.join('\n') })
}

const link = (context: Context, path: string) => new URL(path, siteUrl(context)).href

async function tellAuthor(context: Context, postId: number, subject: string, lines: string[]) {
  const author = await authorOf(context.get(dbContext), postId)
  if (author)
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

const commentOf = (formData: FormData) => String(formData.get('comment') ?? '').trim()

/** POST /aprovacoes/{id}: submit, approve, ask for changes, make or revoke a client link. */
export async function reviewAction(context: Context, user: SessionUser, postId: number, formData: FormData) {
  const db = context.get(dbContext)
  const post = await getPost(db, user.accountId, postId)
  if (!post || post.generating) throw data('Post não encontrado.', { status: 404 })
  const intent = String(formData.get('intent') ?? '')
  const actor = actorOf(user)
  const step = { accountId: user.accountId, postId, actor }
  const here = reviewPage(postId)

  if (intent === 'submit') {
    if (!canEditPiece(user, post.created_by)) throw forbidden()
    const moved = await moveApproval(db, { ...step, from: ['draft', 'changes'], to: 'pending', action: 'submitted' })
    if (!moved) return stale(here)
    await tellReviewers(context, user.accountId, postId, actor.name)
    return redirectWithToast(here, {
      type: 'success',
      title: 'Enviado para aprovação',
      description: 'Avisamos os gestores por e-mail.',
    })
  }
  if (intent === 'approve' || intent === 'changes') {
    if (!can(user.accountRole, 'approve')) throw forbidden()
    const comment = commentOf(formData)
    if (intent === 'changes' && !comment)
      return data({ errors: { comment: ['Escreva o que precisa mudar.'] }, comment }, { status: 400 })
    if (comment.length > 1000)
      return data({ errors: { comment: ['Use no máximo 1.000 caracteres.'] }, comment }, { status: 400 })
    const moved =
      intent === 'approve'
        ? await moveApproval(db, {
            ...step,
            from: ['pending', 'changes', 'draft'],
            to: 'approved',
            action: 'approved',
            comment: comment || null,
          })
        : await moveApproval(db, {
            ...step,
            from: ['pending', 'approved', 'draft'],
            to: 'changes',
            action: 'changes_requested',
            comment,
          })
    if (!moved) return stale(here)
    await tellAuthor(
      context,
      postId,
      intent === 'approve' ? 'Seu post foi aprovado' : 'Pediram ajustes no seu post',
      intent === 'approve'
        ? [
            `${actor.name} aprovou seu post. Ele já pode ser agendado.`,
            ...(comment ? ['', `Comentário: ${comment}`] : []),
          ]
        : [`${actor.name} pediu ajustes no seu post:`, '', comment],
    )
    return redirectWithToast(here, {
      type: 'success',
      title: intent === 'approve' ? 'Post aprovado' : 'Ajuste pedido',
      description: 'Avisamos quem fez o post por e-mail.',
    })
  }
  if (intent === 'client-link' || intent === 'revoke-link') {
    if (!canEditPiece(user, post.created_by)) throw forbidden()
    return linkAction(context, user, post, intent, formData)
  }
  throw data('Ação desconhecida.', { status: 400 })
}

async function linkAction(
  context: Context,
  user: SessionUser,
  post: { id: number; revision: number },
  intent: 'client-link' | 'revoke-link',
  formData: FormData,
) {
  const db = context.get(dbContext)
  const postId = post.id
  const here = reviewPage(postId)
  const actor = actorOf(user)
  const step = { accountId: user.accountId, postId, actor }
  if (intent === 'client-link') {
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(Date.now() + CLIENT_LINK_DAYS * 86_400_000)
    await createClientLink(db, { ...step, revision: post.revision, tokenHash: tokenHash(token), expiresAt })
    // The link is shown once, on the page this redirect opens, then only its hash is kept.
    return redirectWithToast(`${here}?link=${encodeURIComponent(token)}#cliente`, {
      type: 'success',
      title: 'Link para o cliente criado',
      description: `Ele vale por ${CLIENT_LINK_DAYS} dias, para esta versão do post.`,
    })
  }
  const linkId = Number(formData.get('link'))
  if (!Number.isSafeInteger(linkId) || !(await revokeClientLink(db, user.accountId, postId, linkId, actor)))
    throw data('Link não encontrado.', { status: 404 })
  return redirectWithToast(here, {
    type: 'success',
    title: 'Link cancelado',
    description: 'O cliente não consegue mais abri-lo.',
  })
}

function stale(here: string) {
  return redirectWithToast(here, {
    type: 'info',
    title: 'O post mudou de situação',
    description: 'Outra pessoa decidiu antes. Veja a situação atual.',
  })
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
        ? [
            'O cliente aprovou o post pelo link de aprovação. Ele já pode ser agendado.',
            ...(comment ? ['', `Comentário: ${comment}`] : []),
          ]
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
