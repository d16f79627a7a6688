// /admin/usuarios/:id — one account: profile, plan, this month's use, latest posts, and the
// admin's buttons (disable/enable, admin role, password reset), each a plain form.
import { postPagePath } from '~/domain/public-links'
import { Form, Link } from 'react-router'
import type { Route } from './+types/user'
import { AuditList, auditLines } from '~/components/admin/audit-list'
import { Button } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { dbContext, authBackendContext } from '~/context'
import { FREE_PLAN, allowanceText } from '~/domain/billing'
import { formatDateTime } from '~/domain/dates'
import { getUserRow, recentPostsOf } from '~/models/admin-users.server'
import { listAudit } from '~/models/audit-log.server'
import { usageThisMonth } from '~/models/quota.server'
import { getSubscription } from '~/models/subscriptions.server'
import { userAction } from '~/routes/admin/user-actions.server'
import { createAdminClient } from '~/utils/auth.server'
import { pageTitle } from '~/utils/meta'
import { pageNotFound, parseParams, uuidParam } from '~/utils/params'
import { requireAdmin } from '~/utils/session.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageTitle(`${page?.user.full_name || page?.user.email || 'Usuário'} · Administração`, matches)

const USAGE_LABELS = {
  postsPerMonth: 'Posts neste mês',
  aiGenerationsPerMonth: 'Gerações com IA neste mês',
  homes: 'Imóveis',
  scheduledPerMonth: 'Agendamentos neste mês',
  videosPerMonth: 'Vídeos neste mês',
}

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const admin = requireAdmin(context, request)
  const { id } = parseParams(request, params, { id: uuidParam })
  const user = await getUserRow(context.get(dbContext), id)
  if (!user) throw pageNotFound(request)
  return { admin, user }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { admin, user } = await load(request, context, params)
  const db = context.get(dbContext)
  const [auth, subscription, usage, posts, audit] = await Promise.all([
    createAdminClient(context.get(authBackendContext)).auth.admin.getUserById(user.id),
    getSubscription(db, user.id),
    usageThisMonth(db, user.id),
    recentPostsOf(db, user.id),
    listAudit(db, { target: { type: 'user', id: user.id }, limit: 20 }),
  ])
  const bannedUntil = auth.data.user?.banned_until ? new Date(auth.data.user.banned_until) : null
  return {
    self: admin.id === user.id,
    user: {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      phone: user.phone,
      role: user.role,
      created_at: user.created_at.toISOString(),
    },
    disabled: bannedUntil !== null && bannedUntil > new Date(),
    lastSignIn: auth.data.user?.last_sign_in_at ?? null,
    plan: usage.plan?.name ?? FREE_PLAN.name,
    subscription: subscription
      ? { status: subscription.status, periodEnd: subscription.current_period_end?.toISOString() ?? null }
      : null,
    usage: usage.lines.map((line) => ({
      label: USAGE_LABELS[line.kind],
      used: line.used,
      limit: line.limit === null ? 'sem limite' : allowanceText(line.kind, line.limit),
    })),
    posts: posts.map((post) => ({ ...post, created_at: post.created_at.toISOString() })),
    audit: auditLines(audit),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { admin, user } = await load(request, context, params)
  return userAction({ context, admin, user, formData: await readForm(request) })
}

function ActionButton({ intent, children, danger }: { intent: string; children: string; danger?: boolean }) {
  return (
    <Form method="post">
      <Button variant={danger ? 'danger-outline' : 'secondary'} size="sm" name="_intent" value={intent}>
        {children}
      </Button>
    </Form>
  )
}

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { user, self, disabled, lastSignIn, plan, subscription, usage, posts, audit } = loaderData
  return (
    <div className="space-y-6">
      <Link to="/admin/usuarios" className="text-sm font-medium text-brand-700 hover:underline">
        ← Usuários
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-all">{user.full_name || user.email}</h1>
        <p className="text-slate-600 break-all">{user.email}</p>
      </div>
      {disabled ? <Notice tone="warning">Conta desativada: este usuário não consegue entrar.</Notice> : null}
      <Card as="section" aria-labelledby="perfil">
        <h2 id="perfil" className="text-lg font-semibold">
          Perfil
        </h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Telefone</dt>
            <dd>{user.phone || '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Papel</dt>
            <dd>{user.role === 'admin' ? 'Administrador' : 'Usuário'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Conta criada em</dt>
            <dd>{formatDateTime(user.created_at)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Último acesso</dt>
            <dd>{lastSignIn ? formatDateTime(lastSignIn) : '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Plano</dt>
            <dd>
              {plan}
              {subscription ? ` (${subscription.status})` : ''}
            </dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {disabled ? (
            <ActionButton intent="enable">Reativar conta</ActionButton>
          ) : self ? null : (
            <ActionButton intent="disable" danger>
              Desativar conta
            </ActionButton>
          )}
          {user.role === 'admin' ? (
            self ? null : (
              <ActionButton intent="remove-admin">Remover de administrador</ActionButton>
            )
          ) : (
            <ActionButton intent="make-admin">Tornar administrador</ActionButton>
          )}
          <ActionButton intent="password-reset">Enviar redefinição de senha</ActionButton>
        </div>
      </Card>
      <Card as="section" aria-labelledby="uso">
        <h2 id="uso" className="text-lg font-semibold">
          Uso neste mês
        </h2>
        <ul className="mt-3 space-y-1 text-sm">
          {usage.map((line) => (
            <li key={line.label}>
              {line.label}: <strong>{line.used}</strong> <span className="text-slate-500">({line.limit})</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="posts">
        <h2 id="posts" className="text-lg font-semibold">
          Últimos posts
        </h2>
        {posts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhum post ainda.</p>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {posts.map((post) => (
              <li key={post.id}>
                <Link to={postPagePath(post.public_id)} className="text-brand-700 hover:underline">
                  {post.template_name ?? 'Post'} #{post.id}
                </Link>{' '}
                <span className="text-slate-500">
                  {formatDateTime(post.created_at)}
                  {post.error ? ' · falhou' : post.generating ? ' · gerando' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="historico">
        <h2 id="historico" className="mb-3 text-lg font-semibold">
          Histórico de alterações
        </h2>
        <AuditList lines={audit} caption="Alterações desta conta" />
      </Card>
    </div>
  )
}
