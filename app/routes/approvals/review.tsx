// /aprovacoes/{id} — one post's review, phone first: the slides and the caption as Instagram will
// show them, its status, the decision a gestor takes ("Aprovar", "Pedir ajuste" with a comment),
// the author's "Enviar para aprovação", the client link and every step so far.
import { Form } from 'react-router'
import type { Route } from './+types/review'
import { InstagramPreview } from '~/components/approval/instagram-preview'
import { ClientLink, Decisions, History, StatusBadge } from '~/components/approval/review'
import { LinkButton, SubmitButton } from '~/components/ui/button'
import { Notice } from '~/components/ui/card'
import { dbContext } from '~/context'
import { may, whatsappShareUrl } from '~/domain/team'
import { historyOf, openLinksOf } from '~/models/approvals.server'
import { getPost } from '~/models/posts.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { pageTitle } from '~/utils/meta'
import { siteUrl } from '~/utils/request-origin.server'
import { requireUser } from '~/utils/session.server'
import { reviewAction } from '~/routes/approvals/review-action.server'
import { approvalRequired, previewOf } from '~/workflows/approvals.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Aprovação do post', matches)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const post = await getPost(db, user.accountId, id)
  if (!post) throw pageNotFound(request)
  const [preview, steps, links, required] = await Promise.all([
    previewOf(db, post.public_id),
    historyOf(db, user.accountId, id),
    openLinksOf(db, user.accountId, id),
    approvalRequired(db, user.accountId),
  ])
  const token = new URL(request.url).searchParams.get('link')
  const newLink = token && /^[\w-]{43}$/.test(token) ? new URL(`/aprovar/${token}`, siteUrl(context)).href : null
  return {
    id,
    status: post.approval_status,
    templateId: post.template_id,
    preview,
    required,
    revision: post.revision,
    mayEdit: may(user, 'edit', post.created_by),
    mayApprove: may(user, 'approve', post.created_by),
    maySendToClient: may(user, 'send-to-client', post.created_by),
    maySchedule: may(user, 'schedule', post.created_by),
    steps: steps.map((step) => ({ ...step, at: step.at.toISOString() })),
    links: links.map((link) => ({
      id: link.id,
      expiresAt: link.expiresAt.toISOString(),
      current: link.revision === post.revision,
    })),
    newLink,
    whatsapp: newLink ? whatsappShareUrl(newLink) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  return reviewAction(context, user, id, await readForm(request))
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData
  const failed = actionData && 'errors' in actionData ? actionData : null
  const canSubmit = data.mayEdit && (data.status === 'draft' || data.status === 'changes')
  const canDecide = data.mayApprove && data.status !== 'approved'
  return (
    <article className="mx-auto max-w-xl px-4 py-6">
      <p className="text-sm">
        <LinkButton to="/aprovacoes" variant="link-muted" size="sm">
          ← Aprovações
        </LinkButton>
      </p>
      <header className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Aprovação do post</h1>
        <StatusBadge status={data.status} />
      </header>
      {data.preview ? (
        <div className="mt-4">
          <InstagramPreview preview={data.preview} />
        </div>
      ) : (
        <Notice className="mt-4">Este post ainda está sendo gerado. Volte em alguns instantes.</Notice>
      )}
      {data.status === 'approved' && data.maySchedule ? (
        <LinkButton to={`/agendar-posts/agendamento?post=${data.id}`} className="mt-4" block>
          Agendar
        </LinkButton>
      ) : data.required ? (
        <p className="mt-4 text-sm text-slate-700">Este post só pode ser agendado depois de aprovado.</p>
      ) : null}
      {canSubmit ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="submit" />
          <SubmitButton block pendingText="Enviando…">
            Enviar para aprovação
          </SubmitButton>
        </Form>
      ) : null}
      {data.mayEdit && data.templateId ? (
        <LinkButton
          to={`/modelos/${data.templateId}?post=${data.id}#resultado`}
          variant="secondary"
          className="mt-3"
          block
        >
          Editar post
        </LinkButton>
      ) : null}
      {canDecide ? (
        <Decisions comment={failed?.comment ?? ''} errors={failed?.errors.comment ?? null} revision={data.revision} />
      ) : null}
      {data.maySendToClient ? <ClientLink newLink={data.newLink} whatsapp={data.whatsapp} links={data.links} /> : null}
      <History steps={data.steps} />
    </article>
  )
}
