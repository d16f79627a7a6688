// /admin — the dashboard: how many users, posts this month, live subscriptions and failed
// publications, and the latest changes made in the admin area (the audit log).
import type { Route } from './+types/index'
import { AuditList, auditLines } from '~/components/admin/audit-list'
import { Card } from '~/components/ui/card'
import { dbContext } from '~/context'
import { dashboardCounts } from '~/models/admin-users.server'
import { listAudit } from '~/models/audit-log.server'
import { pageTitle } from '~/utils/meta'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Administração', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  const db = context.get(dbContext)
  const [counts, audit] = await Promise.all([dashboardCounts(db), listAudit(db, { limit: 30 })])
  return { counts, audit: auditLines(audit) }
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counts, audit } = loaderData
  const stats = [
    { label: 'Usuários', value: counts.users },
    { label: 'Posts neste mês', value: counts.postsThisMonth },
    { label: 'Assinaturas ativas', value: counts.activeSubscriptions },
    { label: 'Publicações com falha', value: counts.failedPublications },
  ]
  return (
    <div>
      <h1 className="text-2xl font-bold">Administração</h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label} padding="sm">
            <dt className="text-sm text-slate-600">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">{stat.value.toLocaleString('pt-BR')}</dd>
          </Card>
        ))}
      </dl>
      <Card as="section" aria-labelledby="registro" className="mt-8">
        <h2 id="registro" className="mb-3 text-lg font-semibold text-slate-900">
          Registro de alterações
        </h2>
        <AuditList lines={audit} caption="Últimas alterações feitas na administração" />
      </Card>
    </div>
  )
}
