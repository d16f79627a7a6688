// /imoveis — the agent's properties: filters in the query string (they work without
// JavaScript), pages of 12, and an empty state that leads to /imoveis/novo.
import type { Route } from './+types/list'
import { HomeCard } from '~/components/homes/home-card'
import { HomeFilterForm } from '~/components/homes/home-filters'
import { LinkButton } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/card'
import { Pagination } from '~/components/ui/pagination'
import { dbContext } from '~/context'
import { isFiltered, parseHomeFilters, type HomeFilters } from '~/domain/home-schema'
import { listHomesWithCities } from '~/models/homes.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { SAME_UNTIL_DATA_CHANGES } from '~/utils/user-page'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Imóveis', matches)

// Made only from the person's homes, profile and plan: kept until one of them changes (ADR 201).
export const handle = SAME_UNTIL_DATA_CHANGES

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const filters = parseHomeFilters(new URL(request.url).searchParams)
  const { page, cities } = await listHomesWithCities(db, user.accountId, filters)
  return { page, cities, filters }
}

function queryOf(filters: HomeFilters, page?: number) {
  const params = new URLSearchParams()
  for (const key of ['status', 'category', 'city', 'q', 'situacao'] as const)
    if (filters[key]) params.set(key, String(filters[key]))
  if (page && page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export default function HomesList({ loaderData }: Route.ComponentProps) {
  const { page, cities, filters } = loaderData
  const filtered = isFiltered(filters)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Imóveis</h1>
        <LinkButton to="/imoveis/novo">Novo imóvel</LinkButton>
      </div>
      {page.total === 0 && !filtered ? (
        <EmptyState
          title="Você ainda não cadastrou imóveis"
          action={<LinkButton to="/imoveis/novo">Cadastrar imóvel</LinkButton>}
          className="mt-10 sm:p-10"
        >
          Cadastre o primeiro com fotos, valores e endereço para criar posts a partir dele.
        </EmptyState>
      ) : (
        <>
          <HomeFilterForm filters={filters} cities={cities} total={page.total} filtered={filtered} />
          {page.items.length === 0 ? (
            <EmptyState
              title="Nenhum imóvel encontrado com esses filtros"
              action={
                <LinkButton to="/imoveis" variant="secondary">
                  Limpar filtros
                </LinkButton>
              }
              className="mt-8"
            />
          ) : (
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {page.items.map((home, index) => (
                <HomeCard key={home.id} home={home} eager={index < 4} priority={index === 0} />
              ))}
            </ul>
          )}
          <Pagination page={page.page} pages={page.pages} href={(n) => `/imoveis${queryOf(filters, n)}`} />
        </>
      )}
    </div>
  )
}
