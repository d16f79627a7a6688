// /aprovar/{token} — the client's approval page: opened on a phone without an account, it shows
// the post as Instagram will (slides and caption) and nothing else of the agency, and takes
// "Aprovar" or "Pedir ajuste" with a comment. Plain forms; a decision counts once, for the
// revision the link was made for (app/models/approvals.server.ts).
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/client'
import { InstagramPreview } from '~/components/approval/instagram-preview'
import { ChangeRequestForm } from '~/components/approval/review'
import { SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { dbContext } from '~/context'
import { clientLinkOf } from '~/models/approvals.server'
import { pageNotFound } from '~/utils/params'
import { CLIENT_OUTCOMES, clientDecision, previewOf } from '~/workflows/approvals.server'
import { tokenHash } from '~/workflows/team.server'
import { readForm } from '~/utils/form-body.server'

const TOKEN = /^[\w-]{43}$/

export const meta: Route.MetaFunction = () => [
  { title: 'Aprovação do post' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = params.token
  if (!TOKEN.test(token)) throw pageNotFound(request)
  const db = context.get(dbContext)
  const found = await clientLinkOf(db, tokenHash(token))
  if (!found) throw pageNotFound(request)
  const { link, post } = found
  const answered = new URL(request.url).searchParams.get('resposta')
  if (link.revoked_at || link.expires_at <= new Date()) return { state: 'gone' as const, message: CLIENT_OUTCOMES.gone }
  if (link.decided_at)
    return {
      state: 'decided' as const,
      message:
        answered === 'ajuste'
          ? 'Recebemos seu pedido de ajuste. Quem enviou o post vai fazer as mudanças.'
          : answered === 'aprovado'
            ? 'Obrigado! O post foi aprovado.'
            : CLIENT_OUTCOMES['decided-before'],
    }
  if (post.revision !== link.revision) return { state: 'changed' as const, message: CLIENT_OUTCOMES.changed }
  const preview = await previewOf(db, post.public_id)
  if (!preview) return { state: 'gone' as const, message: CLIENT_OUTCOMES.gone }
  return { state: 'open' as const, preview }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.token
  if (!TOKEN.test(token)) throw pageNotFound(request)
  if (!(await clientLinkOf(context.get(dbContext), tokenHash(token)))) throw pageNotFound(request)
  const form = await readForm(request)
  const decision = form.get('intent') === 'approve' ? 'approved' : form.get('intent') === 'changes' ? 'changes' : null
  const comment = String(form.get('comment') ?? '').trim()
  if (!decision) throw data('Ação desconhecida.', { status: 400 })
  if (decision === 'changes' && !comment)
    return data({ comment, error: 'Escreva o que precisa mudar.' }, { status: 400 })
  if (comment.length > 1000) return data({ comment, error: 'Use no máximo 1.000 caracteres.' }, { status: 400 })
  const outcome = await clientDecision(context, token, decision, comment)
  if (outcome === 'gone') throw pageNotFound(request)
  // Only the answer just recorded is thanked for; a link used before or a changed post says so.
  if (outcome !== 'decided') return redirect(`/aprovar/${token}`)
  return redirect(`/aprovar/${token}?resposta=${decision === 'approved' ? 'aprovado' : 'ajuste'}`)
}

export default function ClientApproval({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== 'open')
    return (
      <div className="mx-auto max-w-md py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Aprovação do post</h1>
        <Notice className="mt-4" tone={loaderData.state === 'decided' ? 'success' : 'info'} role="status">
          {loaderData.message}
        </Notice>
      </div>
    )
  return (
    <article className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">Aprovação do post</h1>
      <p className="mt-1 text-sm text-slate-600">Veja como o post vai aparecer no Instagram e responda abaixo.</p>
      <div className="mt-4">
        <InstagramPreview preview={loaderData.preview} />
      </div>
      <Card className="mt-4">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <SubmitButton block pendingText="Enviando…">
            Aprovar
          </SubmitButton>
        </Form>
        <ChangeRequestForm comment={actionData?.comment ?? ''} errors={actionData ? [actionData.error] : null} />
      </Card>
    </article>
  )
}
