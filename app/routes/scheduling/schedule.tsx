// /agendar-posts/agendamento — schedule a post: pick it from the history (or arrive with ?post=
// from a post page), the account(s), the date and time in São Paulo, the caption. Pre-flight
// checks run before anything is saved; their pt-BR messages sit beside the fields (400).
import type { Route } from './+types/schedule'
import { PostItems, PostPicker, ScheduleForm } from '~/components/scheduling/schedule-form'
import { OutboxOnlyNotice } from '~/components/scheduling/outbox-notice'
import { PlanLimitNotice } from '~/components/billing/plan-limit'
import { EmptyState, FormSection, Notice } from '~/components/ui/card'
import { LinkButton } from '~/components/ui/button'
import { requireReach } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { scheduleAction, scheduleFormLoader } from '~/routes/scheduling/schedule.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Agendar publicação', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  return scheduleFormLoader(context, request, requireReach(context, request, 'schedule'))
}

export async function action({ request, context }: Route.ActionArgs) {
  return scheduleAction(context, request, requireReach(context, request, 'schedule'))
}

export default function SchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, posts } = loaderData
  const errors = actionData?.errors ?? {}
  const limit = loaderData.limit ?? errors.plan?.[0] ?? null
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Agendar publicação</h1>
        <p className="mt-1 text-slate-600">Conferimos tudo o que o Instagram exige antes de aceitar o agendamento.</p>
      </div>
      {loaderData.instagramConnected ? null : <OutboxOnlyNotice />}
      {limit ? <PlanLimitNotice message={limit} /> : null}
      {loaderData.notApproved ? (
        <Notice tone="warning" role="status">
          Este post precisa ser aprovado antes de ser agendado.{' '}
          <LinkButton to={`/aprovacoes/${loaderData.notApproved}`} variant="link" size="sm">
            Ver aprovação
          </LinkButton>
        </Notice>
      ) : null}
      {posts.length === 0 && !post ? (
        <EmptyState title="Você ainda não tem posts" action={<LinkButton to="/modelos">Criar post</LinkButton>}>
          Crie um post a partir de um modelo e volte aqui para agendar.
        </EmptyState>
      ) : (
        <FormSection id="post" title="1. Post">
          <PostPicker posts={posts} selected={post?.id ?? null} />
          {post ? <PostItems items={post.items} errors={errors.slides} /> : null}
          {loaderData.compliance?.problems.length || errors.compliance?.length ? (
            <Notice tone="error" role="alert" id="documentacao-erros">
              <ul className="list-disc pl-5">
                {[...new Set([...(loaderData.compliance?.problems ?? []), ...(errors.compliance ?? [])])].map(
                  (problem) => (
                    <li key={problem}>{problem}</li>
                  ),
                )}
              </ul>
              {loaderData.compliance ? (
                <LinkButton to={`/imoveis/${loaderData.compliance.homeId}/documentacao`} variant="link" size="sm">
                  Abrir a documentação do imóvel
                </LinkButton>
              ) : null}
            </Notice>
          ) : null}
          {post?.story ? (
            <Notice tone="info">
              Vai como Stories: cada imagem é um story, publicado nesta ordem. Stories não levam legenda.
            </Notice>
          ) : null}
        </FormSection>
      )}
      {post && !limit && !loaderData.notApproved ? (
        <FormSection id="quando" title="2. Onde e quando">
          <ScheduleForm
            key={actionData ? 'enviado' : 'inicial'}
            postId={post.id}
            accounts={loaderData.accounts}
            values={actionData?.values ?? loaderData.defaults}
            errors={errors}
            today={loaderData.today}
            maxDate={loaderData.maxDate}
            images={post.items}
            story={post.story}
          />
        </FormSection>
      ) : null}
    </div>
  )
}
