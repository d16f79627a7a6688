// /admin/templates/:id — edit a template (editor, live preview, test generation), duplicate or
// archive it, and see its changes in the audit log.
import { Form, Link } from 'react-router'
import type { Route } from './+types/template-edit'
import { AuditList, auditLines } from '~/components/admin/audit-list'
import { TemplateEditorPage } from '~/components/admin/template-editor-page'
import { ICON_NAMES } from '~/components/template-fields/icons'
import { Button } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { dbContext } from '~/context'
import { readFieldDefinitions } from '~/domain/fields/template-fields'
import { fieldToDraft, type TemplateDraft } from '~/domain/template-draft'
import { listAudit } from '~/models/audit-log.server'
import { listHomeChoices } from '~/models/homes.server'
import { getTemplate, listTemplateCategories } from '~/models/templates.server'
import { PROMPT_PLACEHOLDERS, editorAction } from '~/routes/admin/template-editor.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { requireAdmin } from '~/utils/session.server'
import type { TemplateWithCategory } from '~/models/templates.server'

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageTitle(`${page?.template.name ?? 'Modelo'} · Administração`, matches)

function toDraft(template: TemplateWithCategory): TemplateDraft {
  return {
    name: template.name,
    description: template.description,
    category: template.category_slug ?? '',
    format: template.format,
    color: template.color ?? '',
    icon: template.icon ?? '',
    needs_home: template.needs_home,
    featured: template.featured,
    fields: readFieldDefinitions(template.fields).map(fieldToDraft),
    prompts: template.prompts.map((prompt) => ({ role: prompt.role, content: prompt.content })),
  }
}

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const admin = requireAdmin(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const template = await getTemplate(context.get(dbContext), id)
  if (!template) throw pageNotFound(request)
  return { admin, template }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { admin, template } = await load(request, context, params)
  const db = context.get(dbContext)
  const [categories, homes, audit] = await Promise.all([
    listTemplateCategories(db),
    listHomeChoices(db, admin.id),
    listAudit(db, { target: { type: 'template', id: template.id }, limit: 20 }),
  ])
  return {
    template: { id: template.id, name: template.name, archived: template.archived_at !== null },
    draft: toDraft(template),
    categories,
    homes,
    icons: ICON_NAMES,
    placeholders: PROMPT_PLACEHOLDERS,
    audit: auditLines(audit),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { admin, template } = await load(request, context, params)
  return editorAction({ request, context, admin, template })
}

export default function EditTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { template, audit } = loaderData
  return (
    <div>
      <Link to="/admin/templates" className="text-sm font-medium text-brand-700 hover:underline">
        ← Modelos
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{template.name}</h1>
        <div className="flex flex-wrap gap-2">
          {template.archived ? null : (
            <Link
              to={`/modelos/${template.id}`}
              className="self-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Ver em Modelos
            </Link>
          )}
          <Form method="post" action="/admin/templates">
            <input type="hidden" name="id" value={template.id} />
            <Button variant="secondary" size="sm" name="_intent" value="duplicate">
              Duplicar
            </Button>
          </Form>
          <Form method="post" action="/admin/templates">
            <input type="hidden" name="id" value={template.id} />
            <Button variant="secondary" size="sm" name="_intent" value={template.archived ? 'restore' : 'archive'}>
              {template.archived ? 'Reativar' : 'Arquivar'}
            </Button>
          </Form>
        </div>
      </div>
      {template.archived ? (
        <Notice tone="warning" className="mt-4">
          Este modelo está arquivado: ele não aparece em Modelos.
        </Notice>
      ) : null}
      <TemplateEditorPage {...loaderData} reply={actionData ?? null} canTest />
      <Card as="section" aria-labelledby="historico" className="mt-8">
        <h2 id="historico" className="mb-3 text-lg font-semibold">
          Histórico de alterações
        </h2>
        <AuditList lines={audit} caption="Alterações deste modelo" />
      </Card>
    </div>
  )
}
