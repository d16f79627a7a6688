// /modelos — the template library by category, featured templates first, with a search.
import { Form, Link } from 'react-router'
import type { Route } from './+types/index'
import { Icon } from '~/components/forms/icons'
import { dbContext } from '~/context'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
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
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm font-medium ${
      active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
    }`
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

      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        {category ? <input type="hidden" name="categoria" value={category} /> : null}
        {home ? <input type="hidden" name="imovel" value={home} /> : null}
        <label htmlFor="busca" className="sr-only">
          Buscar modelos
        </label>
        <input
          id="busca"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Buscar modelos (ex.: aluguel, carrossel, Natal)"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none"
        />
        <button type="submit" className="flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          <Icon name="search" className="size-4" />
          Buscar
        </button>
      </Form>

      <nav aria-label="Categorias" className="mt-4 flex flex-wrap gap-2">
        <Link to={link('')} className={chip(!category)} aria-current={!category ? 'page' : undefined}>
          Todas
        </Link>
        {categories.map((item) => (
          <Link key={item.slug} to={link(item.slug)} className={chip(category === item.slug)} aria-current={category === item.slug ? 'page' : undefined}>
            {item.name}
          </Link>
        ))}
      </nav>

      {groups.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Nenhum modelo encontrado{search ? ` para “${search}”` : ''}.{' '}
          <Link to="/modelos" className="font-semibold text-brand-700 hover:underline">
            Ver todos os modelos
          </Link>
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.slug ?? 'outros'} aria-labelledby={`categoria-${group.slug ?? 'outros'}`} className="mt-10">
            <h2 id={`categoria-${group.slug ?? 'outros'}`} className="text-lg font-bold text-slate-900">
              {group.name}
            </h2>
            <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.templates.map((template) => (
                <li key={template.id}>
                  <Link
                    to={`/modelos/${template.id}${home && template.needs_home ? `?imovel=${home}` : ''}`}
                    prefetch="intent"
                    className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
                  >
                    <span
                      className="flex size-10 shrink-0 items-center justify-center rounded-lg text-white"
                      style={{ backgroundColor: template.color ?? '#0f766e' }}
                    >
                      <Icon name={template.icon} />
                    </span>
                    <span className="min-w-0">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold text-slate-900">{template.name}</span>
                        {template.featured ? (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Destaque</span>
                        ) : null}
                      </span>
                      <span className="mt-1 block text-sm text-slate-600">{template.description}</span>
                      <span className="mt-2 block text-xs font-medium tracking-wide text-slate-500 uppercase">
                        {TEMPLATE_FORMAT_LABELS[template.format as TemplateFormat] ?? template.format}
                        {template.needs_home ? ' · usa um imóvel' : ''}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  )
}
