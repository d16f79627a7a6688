// /aprovacoes — what waits for me, by status: a gestor (or the owner) sees the agency's pieces,
// a corretor their own. Below, for the owner and gestores, the agency's latest steps.
import { Link } from 'react-router'
import type { Route } from './+types/index'
import { StatusBadge } from '~/components/approval/review'
import { Card, EmptyState } from '~/components/ui/card'
import { dbContext } from '~/context'
import { formatDateTime } from '~/domain/dates'
import { APPROVAL_STATUS_NAMES, STEP_NAMES, can, type ApprovalStatus } from '~/domain/team'
import { postTitle } from '~/domain/scheduling'
import { activityOf, piecesInStatus } from '~/models/approvals.server'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Aprovações', matches)

const TABS: ApprovalStatus[] = ['pending', 'changes', 'approved', 'draft']

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const reviewer = can(user.accountRole, 'approve')
  const asked = new URL(request.url).searchParams.get('situacao')
  const status = TABS.find((tab) => tab === asked) ?? (reviewer ? 'pending' : 'changes')
  const db = context.get(dbContext)
  const [pieces, activity] = await Promise.all([
    piecesInStatus(db, user.accountId, [status], reviewer ? null : user.id),
    reviewer ? activityOf(db, user.accountId, 30) : Promise.resolve([]),
  ])
  return {
    reviewer,
    status,
    pieces: pieces.map((piece) => ({
      id: piece.id,
      status: piece.status,
      title: postTitle(piece.templateName, piece.homeName),
      caption: (piece.description ?? '').slice(0, 140),
      author: piece.authorName ?? piece.authorEmail ?? '—',
      updatedAt: piece.updatedAt.toISOString(),
    })),
    activity: activity.map((step) => ({
      id: step.id,
      postId: step.postId,
      text: `${step.actor} ${STEP_NAMES[step.action]}`,
      piece: postTitle(step.templateName, step.homeName),
      comment: step.comment,
      at: step.at.toISOString(),
    })),
  }
}

export default function Approvals({ loaderData }: Route.ComponentProps) {
  const { reviewer, status, pieces, activity } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Aprovações</h1>
      <p className="mt-1 text-sm text-slate-600">
        {reviewer ? 'Os posts da equipe, por situação.' : 'Seus posts, por situação.'}
      </p>
      <nav aria-label="Situação" className="mt-4 flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={`?situacao=${tab}`}
            aria-current={tab === status ? 'page' : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
              tab === status ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-700'
            }`}
          >
            {APPROVAL_STATUS_NAMES[tab]}
          </Link>
        ))}
      </nav>
      {pieces.length === 0 ? (
        <EmptyState className="mt-4" title={`Nada em “${APPROVAL_STATUS_NAMES[status]}”`}>
          {status === 'pending'
            ? 'Quando alguém enviar um post para aprovação, ele aparece aqui.'
            : 'Nenhum post nesta situação.'}
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {pieces.map((piece) => (
            <Card as="li" key={piece.id} padding="sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/aprovacoes/${piece.id}`} className="font-semibold text-brand-700 hover:underline">
                  {piece.title}
                </Link>
                <StatusBadge status={piece.status} />
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-slate-700">{piece.caption}</p>
              <p className="mt-1 text-xs text-slate-600">
                Por {piece.author} · {formatDateTime(piece.updatedAt)}
              </p>
            </Card>
          ))}
        </ul>
      )}
      {reviewer ? (
        <section aria-labelledby="atividade" className="mt-8">
          <h2 id="atividade" className="text-lg font-semibold text-slate-900">
            Atividade da equipe
          </h2>
          {activity.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nenhuma etapa ainda.</p>
          ) : (
            <ol className="mt-2 space-y-2">
              {activity.map((step) => (
                <li key={step.id} className="text-sm">
                  <Link to={`/aprovacoes/${step.postId}`} className="text-slate-900 hover:underline">
                    {step.text} — <span className="font-medium">{step.piece}</span>
                  </Link>
                  <span className="block text-xs text-slate-600">{formatDateTime(step.at)}</span>
                  {step.comment ? <span className="block text-slate-700">“{step.comment}”</span> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  )
}
