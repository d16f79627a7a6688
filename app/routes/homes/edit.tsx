// /imoveis/:id — one property: a summary to look at, the same form to edit it, duplicate, and
// delete after a confirmation (?excluir). Another user's id is a 404.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/edit'
import { cardPrice } from '~/components/homes/home-card'
import { dangerButton, secondaryButton } from '~/components/homes/form-fields'
import { HomeForm } from '~/components/homes/home-form'
import { dbContext, envContext, storageContext } from '~/context'
import { homeCategoryLabel, homeStatusLabel } from '~/domain/home'
import { coverOf, mediaSrc } from '~/domain/media'
import { readHomeForm } from '~/routes/homes/home-form.server'
import { accountTheme, deleteHome, duplicateHome, getHome, updateHome } from '~/models/homes.server'
import { canCreateHome } from '~/models/quota.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { idParam, parseParams } from '~/utils/params'

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  pageTitle(loaderData?.home.name ?? 'Imóvel', matches)

const notFound = (request: Request) =>
  data(`Imóvel não encontrado: ${new URL(request.url).pathname}`, { status: 404 })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const home = await getHome(db, user.id, id)
  if (!home) throw notFound(request)
  return {
    home,
    confirmDelete: new URL(request.url).searchParams.has('excluir'),
    placesEnabled: Boolean(context.get(envContext).GOOGLE_MAPS_API_KEY),
    accountTheme: await accountTheme(db, user.id),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  if (!(await getHome(db, user.id, id))) throw notFound(request)

  const outcome = await readHomeForm(request, { storage, userId: user.id, env: context.get(envContext) })
  if (outcome.kind === 'intent' && outcome.intent === 'delete') {
    await deleteHome(db, storage, user.id, id)
    return redirectWithToast('/imoveis', { type: 'success', title: 'Imóvel excluído' })
  }
  if (outcome.kind === 'intent') {
    const quota = await canCreateHome(db, user.id)
    if (!quota.allowed)
      return redirectWithToast(`/imoveis/${id}`, { type: 'error', title: 'Limite de imóveis do plano', description: quota.message })
    const copy = await duplicateHome(db, storage, user.id, id)
    if (!copy) throw notFound(request)
    return redirectWithToast(`/imoveis/${copy.id}`, {
      type: 'success',
      title: 'Imóvel duplicado',
      description: 'Você está editando a cópia.',
    })
  }
  if (outcome.kind === 'reply') return data(outcome.state, { status: outcome.status })
  const home = await updateHome(db, storage, user.id, id, outcome.value)
  if (!home) throw notFound(request)
  return redirectWithToast(`/imoveis/${id}`, { type: 'success', title: 'Imóvel salvo' })
}

export default function EditHome({ loaderData, actionData }: Route.ComponentProps) {
  const { home, confirmDelete } = loaderData
  const cover = coverOf(home.gallery)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <nav aria-label="Trilha" className="text-sm text-slate-600">
        <Link to="/imoveis" className="hover:text-slate-900">
          Imóveis
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{home.name}</span>
      </nav>

      <header className="mt-4 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
        {cover ? (
          <img
            src={mediaSrc(cover, 400)}
            alt={cover.caption || home.name}
            width={400}
            height={300}
            className="aspect-[4/3] w-full rounded-xl object-cover sm:w-56"
          />
        ) : null}
        <div className="flex-1">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {homeCategoryLabel(home.category)} · {homeStatusLabel(home.status)}
          </p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{home.name}</h1>
          <p className="mt-1 text-xl font-bold text-brand-700">
            {cardPrice(home)}
            {home.status === 'rent' ? <span className="text-sm font-normal text-slate-600">/mês</span> : null}
          </p>
          <p className="text-sm text-slate-600">
            {[home.street && `${home.street}${home.street_number ? `, ${home.street_number}` : ''}`, home.neighborhood, `${home.city} - ${home.state}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {home.gallery.length} {home.gallery.length === 1 ? 'foto' : 'fotos'} · {home.floor_plans.length}{' '}
            {home.floor_plans.length === 1 ? 'planta' : 'plantas'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={`/modelos?imovel=${home.id}`} className={secondaryButton}>
              Criar post
            </Link>
            <Form method="post" encType="multipart/form-data">
              <button type="submit" name="intent" value="duplicate" className={secondaryButton}>
                Duplicar
              </button>
            </Form>
            <Link to="?excluir" className={`${secondaryButton} text-red-700`} preventScrollReset>
              Excluir
            </Link>
          </div>
        </div>
      </header>

      {confirmDelete ? (
        <section
          role="alertdialog"
          aria-labelledby="excluir-titulo"
          aria-describedby="excluir-texto"
          className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-5"
        >
          <h2 id="excluir-titulo" className="font-semibold text-red-900">
            Excluir este imóvel?
          </h2>
          <p id="excluir-texto" className="mt-1 text-sm text-red-900">
            “{home.name}” e suas {home.gallery.length + home.floor_plans.length} imagens serão apagados. Não dá para desfazer.
          </p>
          <div className="mt-4 flex gap-2">
            <Form method="post" encType="multipart/form-data">
              <button type="submit" name="intent" value="delete" className={dangerButton}>
                Excluir definitivamente
              </button>
            </Form>
            <Link to="." className={secondaryButton}>
              Cancelar
            </Link>
          </div>
        </section>
      ) : null}

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
    </div>
  )
}
