// /admin/templates — every template (active or archived), with create, edit, duplicate, archive
// and restore. The row buttons are small forms: they work without JavaScript.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/templates'
import { Button, LinkButton } from '~/components/ui/button'
import { Card, EmptyState } from '~/components/ui/card'
import { dbContext } from '~/context'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { z } from '~/domain/validation'
import { duplicateTemplate, listAdminTemplates, setTemplateArchived } from '~/models/admin-templates.server'
import { pageTitle } from '~/utils/meta'
import { idParam } from '~/utils/params'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Modelos · Administração', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  const archived = new URL(request.url).searchParams.get('arquivados') === '1'
  const rows = await listAdminTemplates(context.get(dbContext), { archived })
  return {
    archived,
    templates: rows.map((row) => ({
      ...row,
      archived_at: row.archived_at?.toISOString() ?? null,
      updated_at: row.updated_at.toISOString(),
    })),
  }
}

const RowAction = z.object({ _intent: z.enum(['duplicate', 'archive', 'restore']), id: idParam })

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const parsed = RowAction.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) throw data('Pedido inválido.', { status: 400 })
  const db = context.get(dbContext)
  const { _intent: intent, id } = parsed.data
  if (intent === 'duplicate') {
    const copy = await duplicateTemplate(db, admin, id)
    if (!copy) throw data('Modelo não encontrado.', { status: 404 })
    return redirectWithToast(`/admin/templates/${copy}`, {
      type: 'success',
      title: 'Modelo duplicado',
      description: 'Edite a cópia e salve.',
    })
  }
  const done = await setTemplateArchived(db, admin, id, intent === 'archive')
  if (!done) throw data('Modelo não encontrado.', { status: 404 })
  return redirectWithToast(intent === 'archive' ? '/admin/templates' : '/admin/templates?arquivados=1', {
    type: 'success',
    title: intent === 'archive' ? 'Modelo arquivado' : 'Modelo reativado',
    description: intent === 'archive' ? 'Ele não aparece mais em Modelos.' : 'Ele voltou para Modelos.',
  })
}

export default function AdminTemplates({ loaderData }: Route.ComponentProps) {
  const { archived, templates } = loaderData
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Modelos</h1>
        <LinkButton to="/admin/templates/novo">Novo modelo</LinkButton>
      </div>
      <nav aria-label="Situação dos modelos" className="mt-4 flex gap-4 text-sm">
        <Link
          to="/admin/templates"
          aria-current={archived ? undefined : 'page'}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 aria-[current=page]:underline"
        >
          Ativos
        </Link>
        <Link
          to="/admin/templates?arquivados=1"
          aria-current={archived ? 'page' : undefined}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 aria-[current=page]:underline"
        >
          Arquivados
        </Link>
      </nav>
      {templates.length === 0 ? (
        <EmptyState className="mt-6">{archived ? 'Nenhum modelo arquivado.' : 'Nenhum modelo ainda.'}</EmptyState>
      ) : (
        <ul className="mt-6 space-y-3">
          {templates.map((template) => (
            <Card as="li" key={template.id} padding="sm" className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <Link to={`/admin/templates/${template.id}`} className="font-semibold text-slate-900 hover:underline">
                  {template.name}
                </Link>
                <p className="text-xs text-slate-500">
                  {template.category_name ?? 'Sem categoria'} ·{' '}
                  {TEMPLATE_FORMAT_LABELS[template.format as TemplateFormat] ?? template.format}
                  {template.featured ? ' · Destaque' : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <LinkButton
                  to={`/admin/templates/${template.id}`}
                  variant="secondary"
                  size="sm"
                  aria-label={`Editar ${template.name}`}
                >
                  Editar
                </LinkButton>
                <Form method="post">
                  <input type="hidden" name="id" value={template.id} />
                  <Button
                    variant="secondary"
                    size="sm"
                    name="_intent"
                    value="duplicate"
                    aria-label={`Duplicar ${template.name}`}
                  >
                    Duplicar
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={template.id} />
                  <Button
                    variant="secondary"
                    size="sm"
                    name="_intent"
                    value={archived ? 'restore' : 'archive'}
                    aria-label={`${archived ? 'Reativar' : 'Arquivar'} ${template.name}`}
                  >
                    {archived ? 'Reativar' : 'Arquivar'}
                  </Button>
                </Form>
              </div>
            </Card>
          ))}
        </ul>
      )}
    </div>
  )
}
