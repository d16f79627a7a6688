// /imoveis/:id — one property: a summary to look at, the same form to edit it, duplicate, and
// delete after a confirmation (?excluir). Another user's id is a 404.
import { data } from 'react-router'
import type { Route } from './+types/edit'
import { HomeForm } from '~/components/homes/home-form'
import { Notice } from '~/components/ui/card'
import { ConfirmDeleteHome, HomeBreadcrumb, HomeSummary } from '~/components/homes/home-summary'
import { dbContext, envContext, storageContext } from '~/context'
import { readHomeForm } from '~/routes/homes/home-form.server'
import { listingResults } from '~/workflows/listing-results.server'
import { HomeResults } from '~/components/homes/home-results'
import { DocumentationStatus } from '~/components/homes/documentation'
import { homeCompliance } from '~/workflows/home-compliance.server'
import { accountTheme, deleteHome, getHome, updateHome } from '~/models/homes.server'
import { duplicateHomeWithinPlan } from '~/workflows/home-create.server'
import { canCreateHome } from '~/models/quota.server'
import { forbidden, requireUser } from '~/utils/session.server'
import { canEditPiece } from '~/domain/team'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { idParam, parseParams } from '~/utils/params'
import { siteOrigin } from '~/utils/request-origin.server'

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  pageTitle(loaderData?.home.name ?? 'Imóvel', matches)

const notFound = (request: Request) => data(`Imóvel não encontrado: ${new URL(request.url).pathname}`, { status: 404 })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const home = await getHome(db, user.accountId, id)
  if (!home) throw notFound(request)
  return {
    home,
    confirmDelete: new URL(request.url).searchParams.has('excluir'),
    placesEnabled: Boolean(context.get(envContext).GOOGLE_MAPS_API_KEY),
    accountTheme: await accountTheme(db, user.accountId),
    mayEdit: canEditPiece(user, home.responsible_id),
    results: await listingResults(db, user.accountId, home, siteOrigin(context)),
    documentation: await homeCompliance(db, user.accountId, home).then(({ blocking, warnings }) => ({
      blocking,
      warnings,
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  const existing = await getHome(db, user.accountId, id)
  if (!existing) throw notFound(request)

  const outcome = await readHomeForm(request, { storage, userId: user.accountId, env: context.get(envContext) })
  // A corretor changes what they are responsible for; anyone may start a copy (ADR 218).
  const duplicating = outcome.kind === 'intent' && outcome.intent !== 'delete'
  if (!duplicating && !canEditPiece(user, existing.responsible_id)) throw forbidden()
  if (outcome.kind === 'intent' && outcome.intent === 'delete') {
    await deleteHome(db, storage, user.accountId, id)
    return redirectWithToast('/imoveis', {
      type: 'success',
      title: 'Imóvel excluído',
      description: 'O imóvel e as fotos dele saíram da sua lista.',
    })
  }
  if (outcome.kind === 'intent') {
    const copy = await duplicateHomeWithinPlan(db, storage, user.accountId, id, user.id)
    if (copy === 'over-limit') {
      const quota = await canCreateHome(db, user.accountId)
      return redirectWithToast(`/imoveis/${id}`, {
        type: 'error',
        title: 'Limite de imóveis do plano',
        description: quota.message ?? 'Seu plano não permite mais imóveis.',
      })
    }
    if (!copy) throw notFound(request)
    return redirectWithToast(`/imoveis/${copy.id}`, {
      type: 'info',
      title: 'Imóvel duplicado',
      description: 'Você está editando a cópia.',
    })
  }
  if (outcome.kind === 'reply') return data(outcome.state, { status: outcome.status })
  const home = await updateHome(db, storage, user.accountId, id, outcome.value)
  if (!home) throw notFound(request)
  return redirectWithToast(`/imoveis/${id}`, {
    type: 'success',
    title: 'Imóvel salvo',
    description: 'As alterações já valem para os próximos posts.',
  })
}

export default function EditHome({ loaderData, actionData }: Route.ComponentProps) {
  const { home, confirmDelete } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <HomeBreadcrumb name={home.name} />
      <HomeSummary home={home} />
      <DocumentationStatus
        homeId={home.id}
        blocking={loaderData.documentation.blocking}
        warnings={loaderData.documentation.warnings}
      />
      {confirmDelete ? <ConfirmDeleteHome home={home} /> : null}
      <HomeResults results={loaderData.results} />
      {loaderData.mayEdit ? (
        <div className="mt-6">
          <HomeForm
            key={`${home.id}-${String(home.updated_at)}`}
            home={home}
            view={actionData}
            placesEnabled={loaderData.placesEnabled}
            accountTheme={loaderData.accountTheme}
            submitLabel="Salvar alterações"
          />
        </div>
      ) : (
        <Notice className="mt-6" role="status">
          Outro corretor da equipe responde por este imóvel: você pode vê-lo e criar posts com ele, mas só ele, um
          gestor ou o dono da conta podem alterá-lo.
        </Notice>
      )}
    </div>
  )
}
