// /modelos — the template library by category, featured templates first, with a search.
import { Link } from 'react-router'
import type { Route } from './+types/index'
import { CategoryChips, TemplateGroup, TemplateSearch } from '~/components/templates/template-library'
import { EmptyState } from '~/components/ui/card'
import { dbContext } from '~/context'
import { requireUser } from '~/utils/session.server'
import { groupTemplates, listTemplateCards, listTemplateCategories } from '~/models/templates.server'
import { pageTitle } from '~/utils/meta'
import { idParam } from '~/utils/params'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Modelos', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request)
  const db = context.get(dbContext)
  const url = new URL(request.url)
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const categories = await listTemplateCategories(db)
  const requested = url.searchParams.get('categoria') ?? ''
  const category = categories.some((item) => item.slug === requested) ? requested : ''
  const groups = groupTemplates(await listTemplateCards(db), { search, category })
  // From a property's page: /modelos?imovel=<id> preselects it in the template's form.
  const home = idParam.safeParse(url.searchParams.get('imovel') ?? '')
  return { search, category, categories, groups, home: home.success ? home.data : null }
}

export default function TemplatesPage({ loaderData }: Route.ComponentProps) {
  const { search, category, categories, groups, home } = loaderData
  const link = (slug: string) => {
    const params = new URLSearchParams()
    if (search) params.set('q', search)
    if (slug) params.set('categoria', slug)
    if (home) params.set('imovel', String(home))
    const query = params.toString()
    return query ? `/modelos?${query}` : '/modelos'
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Modelos</h1>
          <p className="mt-1 text-slate-600">Escolha um modelo, escolha o imóvel e receba o post pronto.</p>
        </div>
        <Link to="/modelos/historico" className="text-sm font-semibold text-brand-700 hover:underline">
          Meus posts
        </Link>
      </div>
      <TemplateSearch search={search} category={category} home={home} />
      <CategoryChips categories={categories} category={category} link={link} />
      {groups.length === 0 ? (
        <EmptyState className="mt-10">
          Nenhum modelo encontrado{search ? ` para “${search}”` : ''}.{' '}
          <Link to="/modelos" className="font-semibold text-brand-700 hover:underline">
            Ver todos os modelos
          </Link>
        </EmptyState>
      ) : (
        groups.map((group) => <TemplateGroup key={group.slug ?? 'outros'} group={group} home={home} />)
      )}
    </div>
  )
}
