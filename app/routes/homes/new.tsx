// /imoveis/novo — a new property: the form, and on a valid post the row is written at once.
import { data, redirect } from 'react-router'
import type { Route } from './+types/new'
import { HomeForm } from '~/components/homes/home-form'
import { PlanLimitNotice } from '~/components/billing/plan-limit'
import { dbContext, envContext, storageContext } from '~/context'
import { readHomeForm } from '~/routes/homes/home-form.server'
import { accountTheme } from '~/models/homes.server'
import { createHomeWithinPlan } from '~/workflows/home-create.server'
import { canCreateHome } from '~/models/quota.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { isShareToken, sharedPhotosOf } from '~/workflows/shared-photos.server'
import { sharedPhotosView } from '~/workflows/home-form.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Novo imóvel', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const env = context.get(envContext)
  const quota = await canCreateHome(context.get(dbContext), user.accountId)
  // Photos this person shared to the installed app (/compartilhar): the form opens with them.
  const token = new URL(request.url).searchParams.get('compartilhado')
  const shared = isShareToken(token) ? await sharedPhotosOf(context.get(storageContext), user.id, token) : null
  return {
    placesEnabled: Boolean(env.GOOGLE_MAPS_API_KEY),
    accountTheme: await accountTheme(context.get(dbContext), user.accountId),
    limit: quota.allowed ? null : quota.message!,
    shared: shared && sharedPhotosView(shared),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  // Over the plan's limit: the page (loader) shows why instead of the form.
  if (!(await canCreateHome(context.get(dbContext), user.accountId)).allowed) return redirect('/imoveis/novo')
  const storage = context.get(storageContext)
  const outcome = await readHomeForm(request, { storage, userId: user.accountId, env: context.get(envContext) })
  if (outcome.kind === 'intent') throw data('Pedido inválido.', { status: 400 })
  if (outcome.kind === 'reply') return data(outcome.state, { status: outcome.status })
  const home = await createHomeWithinPlan(context.get(dbContext), storage, user.accountId, outcome.value, user.id)
  if (home === 'over-limit') return redirect('/imoveis/novo')
  return redirectWithToast(`/imoveis/${home.id}`, {
    type: 'success',
    title: 'Imóvel cadastrado',
    description: 'Agora é só escolher um modelo e gerar posts.',
  })
}

export default function NewHome({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Novo imóvel</h1>
      <p className="mt-1 text-slate-600">Tudo o que os posts vão mostrar sobre o imóvel.</p>
      <div className="mt-6">
        {loaderData.limit ? (
          <PlanLimitNotice message={loaderData.limit} />
        ) : (
          <HomeForm
            home={null}
            view={actionData ?? loaderData.shared?.view}
            description={loaderData.shared?.description}
            placesEnabled={loaderData.placesEnabled}
            accountTheme={loaderData.accountTheme}
            submitLabel="Cadastrar imóvel"
          />
        )}
      </div>
    </div>
  )
}
