// /mes-pronto/:id — the month (ADR 283): while it is drafted, a progress bar that refreshes by
// itself (a meta refresh without JavaScript); then the pieces by week, each with its cover, time
// and caption's first line, and "Trocar", "Editar legenda", "Mudar horário", "Remover". At the
// top "Enviar para aprovação" (or, for a solo agent, "Aprovar e agendar o mês"), the gestor's
// "Aprovar o mês", the property owners' links and "Refazer o mês". Plain forms everywhere.
import { Form, Link } from 'react-router'
import type { Route } from './+types/plan'
import { MonthPiece } from '~/components/month/month-piece'
import { AutoRefresh } from '~/components/ui/auto-refresh'
import { Button, SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { whatsappShareUrl } from '~/domain/team'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'
import { monthAction } from './plan-action.server'
import { monthPageData } from './plan-data.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Mês pronto', matches)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const page = await monthPageData(context, user, id)
  if (!page) throw pageNotFound(request)
  return page
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  return monthAction(request, context, user, id)
}

export default function MonthPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, progress, drafting, weeks, required, maySubmit, mayApproveAll, mayLink, mayRedo } = loaderData
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 100
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      {drafting ? <AutoRefresh seconds={3} everyMs={2000} /> : null}
      <p className="text-sm">
        <Link to="/mes-pronto" className="text-brand-700 hover:underline">
          Mês pronto
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Seu mês a partir de {plan.start}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {plan.days} dias · {plan.rhythm}
      </p>
      {plan.status === 'drafting' ? (
        <div className="mt-4" role="status">
          <label htmlFor="progresso" className="text-sm font-medium text-slate-800">
            Preparando o mês: {progress.done} de {progress.total} peças
          </label>
          <progress
            id="progresso"
            max={progress.total || 1}
            value={progress.done}
            className="mt-1 block h-3 w-full accent-brand-600"
          >
            {percent} %
          </progress>
          <p className="mt-1 text-xs text-slate-600">
            Pode sair desta página: avisamos por e-mail quando o mês estiver pronto.
          </p>
        </div>
      ) : null}
      {actionData?.notice ? (
        <Notice className="mt-4" tone="warning" role="alert">
          {actionData.notice}
        </Notice>
      ) : null}
      {actionData?.links ? (
        <Card className="mt-4">
          <h2 className="font-semibold text-slate-900">Links para os proprietários</h2>
          <p className="mt-1 text-sm text-slate-600">
            Cada link mostra só as peças do imóvel dele. Copie agora: eles não aparecem de novo.
          </p>
          <ul className="mt-2 space-y-3">
            {actionData.links.map((link) => (
              <li key={link.url} className="text-sm">
                <span className="font-medium">{link.homeName}</span>
                <a
                  href={link.url}
                  className="block break-all text-brand-700 underline"
                  aria-label={`Link do proprietário: ${link.homeName}`}
                >
                  {link.url}
                </a>
                <a href={whatsappShareUrl(link.url)} className="text-xs text-emerald-700 underline">
                  Enviar pelo WhatsApp
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {plan.status !== 'drafting' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {maySubmit ? (
            <Form method="post">
              <SubmitButton name="intent" value="enviar" pendingText="Enviando…">
                Enviar para aprovação
              </SubmitButton>
            </Form>
          ) : null}
          {mayApproveAll ? (
            <Form method="post">
              <SubmitButton name="intent" value="aprovar-mes" pendingText="Aprovando…">
                {required ? 'Aprovar o mês' : 'Aprovar e agendar o mês'}
              </SubmitButton>
            </Form>
          ) : null}
          {mayLink ? (
            <Form method="post">
              <Button type="submit" name="intent" value="links" variant="secondary">
                Links para os proprietários
              </Button>
            </Form>
          ) : null}
          {mayRedo ? (
            <Form method="post">
              <Button type="submit" name="intent" value="refazer" variant="secondary">
                Refazer o mês
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {weeks.map((week) => (
        <section key={week.title} aria-label={week.title} className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{week.title}</h2>
          <ol className="mt-2 space-y-3">
            {week.pieces.map((piece) => (
              <MonthPiece key={piece.id} piece={piece} error={actionData ?? null} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  )
}
