// /agendar-posts — scheduled publications: a list (upcoming, published, failed) or a week/month
// calendar, filtered by account; "tentar novamente" and cancel on each one. Query-string
// navigation and plain forms: the page works without JavaScript.
import type { Route } from './+types/index'
import { CalendarGrid, ViewBar } from '~/components/scheduling/calendar'
import { PublicationSection } from '~/components/scheduling/publication-item'
import { OutboxOnlyNotice } from '~/components/scheduling/outbox-notice'
import { ReconnectBanner } from '~/components/scheduling/reconnect-banner'
import { PlanLimit } from '~/components/billing/plan-limit'
import { LinkButton } from '~/components/ui/button'
import { requireReach } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { readQuery, schedulingAction } from '~/routes/scheduling/actions.server'
import { schedulingPageData } from '~/workflows/scheduling-actions.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Agendar posts', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireReach(context, request, 'schedule')
  return schedulingPageData(context, user, readQuery(new URL(request.url)))
}

export async function action({ request, context }: Route.ActionArgs) {
  return schedulingAction(context, request, requireReach(context, request, 'schedule'))
}

export default function SchedulingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, accounts, calendar, instagramConnected } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Agendar posts</h1>
          <p className="mt-1 text-slate-600">
            Horários de Brasília (São Paulo). Cada publicação sai no horário marcado, mesmo com o app fechado.
          </p>
        </div>
        <LinkButton to="/agendar-posts/agendamento">Novo agendamento</LinkButton>
      </div>
      {instagramConnected ? null : <OutboxOnlyNotice className="mt-4" />}
      <ReconnectBanner accounts={accounts} />
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {'upgrade' in actionData ? <PlanLimit message={actionData.error} /> : actionData.error}
        </p>
      ) : null}
      <ViewBar query={query} accounts={accounts} />
      {calendar ? <CalendarGrid query={query} days={calendar.days} publications={calendar.publications} /> : null}
      <PublicationSection
        title="Próximas"
        items={loaderData.upcoming}
        empty="Nada agendado. Escolha um post e marque data e hora."
      />
      <PublicationSection title="Com falha" items={loaderData.failed} empty="Nenhuma falha." />
      {instagramConnected ? (
        <PublicationSection title="Publicadas" items={loaderData.published} empty="Nada publicado ainda." />
      ) : (
        <PublicationSection
          title="Na caixa de saída"
          items={loaderData.published}
          empty="Nada foi para a caixa de saída ainda."
        />
      )}
    </div>
  )
}
