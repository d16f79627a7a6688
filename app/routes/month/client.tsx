// /aprovar-mes/{token} — a property owner's one link to the month (ADR 283): opened on a phone
// without an account, it shows only their property's pieces (cover, day and time, caption) and
// takes "Aprovar tudo" or "Pedir ajustes" with a comment. The answer is recorded on each piece's
// history, as a client's answer; it never moves the agency's own approval (ADR 237).
import { Form, data, redirect } from 'react-router'
import type { Route } from './+types/client'
import { ChangeRequestForm } from '~/components/approval/review'
import { SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { zonedDate, zonedTime } from '~/domain/dates'
import { SLOT_KIND_LABELS } from '~/domain/month-plan'
import { postImagePath } from '~/domain/public-links'
import { pageNotFound } from '~/utils/params'
import { clientMonthDecision, clientMonthOf } from '~/workflows/month-client.server'
import { readForm } from '~/utils/form-body.server'

const TOKEN = /^[\w-]{43}$/

export const meta: Route.MetaFunction = () => [
  { title: 'Aprovação do mês' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!TOKEN.test(params.token)) throw pageNotFound(request)
  const found = await clientMonthOf(context, params.token)
  if (!found) throw pageNotFound(request)
  const answered = new URL(request.url).searchParams.get('resposta')
  return {
    homeName: found.homeName,
    decided: found.link.decided_at
      ? answered === 'ajuste'
        ? 'Recebemos seu pedido de ajuste. Quem enviou vai fazer as mudanças.'
        : answered === 'aprovado'
          ? 'Obrigado! Suas peças foram aprovadas.'
          : 'Você já respondeu por este link. Obrigado!'
      : null,
    pieces: found.pieces.map((piece) => ({
      id: piece.id,
      kind: SLOT_KIND_LABELS[piece.kind],
      when: `${zonedDate(piece.publish_at).split('-').reverse().join('/')} às ${zonedTime(piece.publish_at)}`,
      cover: piece.post ? postImagePath(piece.post.publicId, { format: 'jpeg' }) : null,
      caption: piece.post?.description ?? piece.video?.caption ?? '',
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!TOKEN.test(params.token)) throw pageNotFound(request)
  if (!(await clientMonthOf(context, params.token))) throw pageNotFound(request)
  const form = await readForm(request)
  const decision = form.get('intent') === 'approve' ? 'approved' : form.get('intent') === 'changes' ? 'changes' : null
  const comment = String(form.get('comment') ?? '').trim()
  if (!decision) throw data('Ação desconhecida.', { status: 400 })
  if (comment.length > 1000) return data({ comment, error: 'Use no máximo 1.000 caracteres.' }, { status: 400 })
  const outcome = await clientMonthDecision(context, params.token, decision, comment)
  if (outcome === 'gone') throw pageNotFound(request)
  if (outcome === 'needs-comment') return data({ comment, error: 'Escreva o que precisa mudar.' }, { status: 400 })
  if (outcome !== 'decided') return redirect(`/aprovar-mes/${params.token}`)
  return redirect(`/aprovar-mes/${params.token}?resposta=${decision === 'approved' ? 'aprovado' : 'ajuste'}`)
}

export default function ClientMonth({ loaderData, actionData }: Route.ComponentProps) {
  const { homeName, decided, pieces } = loaderData
  return (
    <article className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">Aprovação do mês</h1>
      <p className="mt-1 text-sm text-slate-600">
        As publicações do mês sobre <strong>{homeName}</strong>. Veja cada uma e responda no fim da página.
      </p>
      {decided ? (
        <Notice className="mt-4" tone="success" role="status">
          {decided}
        </Notice>
      ) : null}
      <ol className="mt-4 space-y-4">
        {pieces.map((piece) => (
          <Card as="li" key={piece.id} padding="sm" aria-label={`${piece.kind} de ${piece.when}`}>
            <p className="text-sm font-semibold text-slate-900">
              {piece.kind} · {piece.when}
            </p>
            {piece.cover ? (
              <img
                src={piece.cover}
                alt={`${piece.kind} de ${piece.when}`}
                className="mt-2 w-full rounded-lg"
                loading="lazy"
              />
            ) : null}
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{piece.caption}</p>
          </Card>
        ))}
      </ol>
      {decided ? null : (
        <Card className="mt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <SubmitButton block pendingText="Enviando…">
              Aprovar tudo
            </SubmitButton>
          </Form>
          <ChangeRequestForm comment={actionData?.comment ?? ''} errors={actionData ? [actionData.error] : null} />
        </Card>
      )}
    </article>
  )
}
