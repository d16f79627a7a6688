// /imoveis — the agent's properties: filters in the query string (they work without
// JavaScript), pages of 12, and an empty state that leads to /imoveis/novo.
import { Form, Link } from 'react-router'
import type { Route } from './+types/list'
import { HomeCard } from '~/components/homes/home-card'
import { primaryButton, secondaryButton } from '~/components/homes/form-fields'
import { dbContext } from '~/context'
import { homeCategories, homeCategoryLabels, homeStatusLabels, homeStatuses } from '~/domain/home'
import { parseHomeFilters, type HomeFilters } from '~/domain/home-schema'
import { listHomeCities, listHomes } from '~/models/homes.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Imóveis', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const filters = parseHomeFilters(new URL(request.url).searchParams)
  const [page, cities] = await Promise.all([listHomes(db, user.id, filters), listHomeCities(db, user.id)])
  return { page, cities, filters }
}

function queryOf(filters: HomeFilters, page?: number) {
  const params = new URLSearchParams()
  for (const key of ['status', 'category', 'city', 'q'] as const) if (filters[key]) params.set(key, String(filters[key]))
  if (page && page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none'

export default function HomesList({ loaderData }: Route.ComponentProps) {
  const { page, cities, filters } = loaderData
  const filtered = Boolean(filters.status || filters.category || filters.city || filters.q)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Imóveis</h1>
        <Link to="/imoveis/novo" className={primaryButton}>
          Novo imóvel
        </Link>
      </div>

      {page.total === 0 && !filtered ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold">Você ainda não cadastrou imóveis</h2>
          <p className="mt-2 text-slate-600">
            Cadastre o primeiro com fotos, valores e endereço para criar posts a partir dele.
          </p>
          <Link to="/imoveis/novo" className={`${primaryButton} mt-6`}>
            Cadastrar imóvel
          </Link>
        </div>
      ) : (
        <>
          <Form method="get" role="search" aria-label="Filtrar imóveis" className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
            <label className="text-sm font-medium text-slate-700 lg:col-span-2">
              Buscar
              <input
                type="search"
                name="q"
                defaultValue={filters.q ?? ''}
                placeholder="Nome, bairro, rua ou CEP"
                className={selectClass}
              />
            </label>
            <label className="text-sm font-medium text-slate-700">
              Negócio
              <select name="status" defaultValue={filters.status ?? ''} className={selectClass}>
                <option value="">Todos</option>
                {homeStatuses.map((value) => (
                  <option key={value} value={value}>
                    {homeStatusLabels[value]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium text-slate-700">
              Categoria
              <select name="category" defaultValue={filters.category ?? ''} className={selectClass}>
                <option value="">Todas</option>
                {homeCategories.map((value) => (
                  <option key={value} value={value}>
                    {homeCategoryLabels[value]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium text-slate-700">
              Cidade
              <select name="city" defaultValue={filters.city ?? ''} className={selectClass}>
                <option value="">Todas</option>
                {cities.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-5">
              <button type="submit" className={primaryButton}>
                Filtrar
              </button>
              {filtered ? (
                <Link to="/imoveis" className={secondaryButton}>
                  Limpar filtros
                </Link>
              ) : null}
              <p className="ml-auto text-sm text-slate-600" role="status">
                {page.total === 1 ? '1 imóvel' : `${page.total} imóveis`}
              </p>
            </div>
          </Form>

          {page.items.length === 0 ? (
            <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <h2 className="font-semibold">Nenhum imóvel encontrado com esses filtros</h2>
              <Link to="/imoveis" className={`${secondaryButton} mt-4`}>
                Limpar filtros
              </Link>
            </div>
          ) : (
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {page.items.map((home, index) => (
                <li key={home.id}>
                  <HomeCard home={home} eager={index < 4} />
                </li>
              ))}
            </ul>
          )}

          {page.pages > 1 ? (
            <nav aria-label="Páginas" className="mt-8 flex items-center justify-center gap-2">
              {page.page > 1 ? (
                <Link to={`/imoveis${queryOf(filters, page.page - 1)}`} className={secondaryButton} rel="prev">
                  Anterior
                </Link>
              ) : null}
              {Array.from({ length: page.pages }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  to={`/imoveis${queryOf(filters, n)}`}
                  aria-current={n === page.page ? 'page' : undefined}
                  aria-label={`Página ${n}`}
                  className={n === page.page ? `${primaryButton} px-3` : `${secondaryButton} px-3`}
                >
                  {n}
                </Link>
              ))}
              {page.page < page.pages ? (
                <Link to={`/imoveis${queryOf(filters, page.page + 1)}`} className={secondaryButton} rel="next">
                  Próxima
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}
