// /admin/usuarios — every account: search by name or e-mail, filter by plan, a page at a time
// (a GET form and links: it works without JavaScript).
import { Form, Link } from 'react-router'
import type { Route } from './+types/users'
import { Button } from '~/components/ui/button'
import { Card, EmptyState } from '~/components/ui/card'
import { Input, Select } from '~/components/ui/input'
import { Pagination } from '~/components/ui/pagination'
import { dbContext } from '~/context'
import { FREE_PLAN, PLANS, planOfLookupKey } from '~/domain/billing'
import { formatDateTime } from '~/domain/dates'
import { listUsers, type PlanFilter } from '~/models/admin-users.server'
import { pageTitle } from '~/utils/meta'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Usuários · Administração', matches)

const PLAN_FILTERS: Array<{ value: PlanFilter; label: string }> = [
  { value: '', label: 'Todos os planos' },
  { value: 'gratuito', label: FREE_PLAN.name },
  ...PLANS.map((plan) => ({ value: plan.id, label: plan.name })),
]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  const params = new URL(request.url).searchParams
  const search = (params.get('q') ?? '').trim().slice(0, 100)
  const requested = params.get('plano') ?? ''
  const plan = PLAN_FILTERS.some((item) => item.value === requested) ? (requested as PlanFilter) : ''
  const page = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1)
  const result = await listUsers(context.get(dbContext), { search, plan, page })
  return {
    search,
    plan,
    ...result,
    rows: result.rows.map((row) => ({
      id: row.id,
      email: row.email,
      full_name: row.full_name,
      role: row.role,
      created_at: row.created_at.toISOString(),
      plan: row.live ? (planOfLookupKey(row.lookup_key)?.name ?? row.lookup_key) : FREE_PLAN.name,
    })),
  }
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { search, plan, rows, total, page, pages } = loaderData
  const href = (n: number) => {
    const params = new URLSearchParams()
    if (search) params.set('q', search)
    if (plan) params.set('plano', plan)
    if (n > 1) params.set('pagina', String(n))
    const query = params.toString()
    return query ? `/admin/usuarios?${query}` : '/admin/usuarios'
  }
  return (
    <div>
      <h1 className="text-2xl font-bold">Usuários</h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="min-w-56 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-800">Buscar por nome ou e-mail</span>
          <Input type="search" name="q" defaultValue={search} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Plano</span>
          <Select name="plano" defaultValue={plan}>
            {PLAN_FILTERS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit">Buscar</Button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {total === 1 ? '1 usuário' : `${total.toLocaleString('pt-BR')} usuários`}
      </p>
      {rows.length === 0 ? (
        <EmptyState className="mt-4">Nenhum usuário encontrado.</EmptyState>
      ) : (
        <ul className="mt-4 space-y-2">
          {rows.map((row) => (
            <Card as="li" key={row.id} padding="sm" className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <Link
                  to={`/admin/usuarios/${row.id}`}
                  className="font-semibold break-all text-slate-900 hover:underline"
                >
                  {row.full_name || row.email}
                </Link>
                <p className="text-sm break-all text-slate-600">{row.email}</p>
              </div>
              <p className="text-sm text-slate-600">
                {row.plan}
                {row.role === 'admin' ? ' · Administrador' : ''} · desde {formatDateTime(row.created_at).split(',')[0]}
              </p>
            </Card>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} href={href} />
    </div>
  )
}
