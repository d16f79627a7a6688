// POST /aprovacoes/{id}: the review page's buttons (submit, approve, ask for changes, make or
// revoke a client link), read and answered here with a toast; the steps are reviewPost's.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext, type SessionUser } from '~/context'
import { CLIENT_LINK_DAYS } from '~/domain/team'
import { getPost } from '~/models/posts.server'
import { forbidden } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { reviewPage, reviewPost, type ReviewStep } from '~/workflows/approvals.server'

const ReviewFormSchema = z
  .object({
    intent: z.enum(['submit', 'approve', 'changes', 'client-link', 'revoke-link']),
    // The comment's rules (required for changes, 1.000 characters) are checked after who may decide.
    comment: z
      .string()
      .optional()
      .transform((value) => (value ?? '').trim()),
    // Anything but a number is none: a revision unknown, a link not found.
    revision: z.coerce.number().int().positive().optional().catch(undefined),
    link: z.coerce.number().int().optional().catch(undefined),
  })
  .transform(({ intent, comment, revision, link }): ReviewStep => {
    if (intent === 'approve' || intent === 'changes') return { intent, comment, revision }
    if (intent === 'revoke-link') return { intent, link }
    return { intent }
  })

export async function reviewAction(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  postId: number,
  formData: FormData,
) {
  const post = await getPost(context.get(dbContext), user.accountId, postId)
  if (!post || post.generating) throw data('Post não encontrado.', { status: 404 })
  const submission = parseWithZod(formData, { schema: ReviewFormSchema })
  if (submission.status !== 'success') throw data('Ação desconhecida.', { status: 400 })
  const here = reviewPage(postId)
  const outcome = await reviewPost(context, user, post, submission.value)
  switch (outcome.status) {
    case 'forbidden':
      throw forbidden()
    case 'invalid':
      return data({ errors: outcome.errors, comment: outcome.comment }, { status: 400 })
    case 'stale':
      return redirectWithToast(here, {
        type: 'info',
        title: 'O post mudou de situação',
        description: 'Outra pessoa decidiu antes. Veja a situação atual.',
      })
    case 'submitted':
      return redirectWithToast(here, {
        type: 'success',
        title: 'Enviado para aprovação',
        description: 'Avisamos os gestores por e-mail.',
      })
    case 'approved':
    case 'changes':
      return redirectWithToast(here, {
        type: 'success',
        title: outcome.status === 'approved' ? 'Post aprovado' : 'Ajuste pedido',
        description: 'Avisamos quem fez o post por e-mail.',
      })
    case 'link-created':
      // The link is shown once, on the page this redirect opens, then only its hash is kept.
      return redirectWithToast(`${here}?link=${encodeURIComponent(outcome.token)}#cliente`, {
        type: 'success',
        title: 'Link para o cliente criado',
        description: `Ele vale por ${CLIENT_LINK_DAYS} dias, para esta versão do post.`,
      })
    case 'link-revoked':
      return redirectWithToast(here, {
        type: 'success',
        title: 'Link cancelado',
        description: 'O cliente não consegue mais abri-lo.',
      })
    case 'link-not-found':
      throw data('Link não encontrado.', { status: 404 })
  }
}
