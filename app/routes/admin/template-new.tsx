// /admin/templates/novo — a new template: the editor with an empty draft; saving creates it.
import { Link } from 'react-router'
import type { Route } from './+types/template-new'
import { TemplateEditorPage } from '~/components/admin/template-editor-page'
import { ICON_NAMES } from '~/components/template-fields/icons'
import { dbContext } from '~/context'
import { emptyDraft } from '~/domain/template-draft'
import { listHomeChoices } from '~/models/homes.server'
import { listTemplateCategories } from '~/models/templates.server'
import { PROMPT_PLACEHOLDERS, editorAction } from '~/routes/admin/template-editor.server'
import { pageTitle } from '~/utils/meta'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Novo modelo · Administração', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request)
  const db = context.get(dbContext)
  const [categories, homes] = await Promise.all([listTemplateCategories(db), listHomeChoices(db, admin.id)])
  return { draft: emptyDraft(), categories, homes, icons: ICON_NAMES, placeholders: PROMPT_PLACEHOLDERS }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  return editorAction({ request, context, admin, template: null })
}

export default function NewTemplate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <Link to="/admin/templates" className="text-sm font-medium text-brand-700 hover:underline">
        ← Modelos
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Novo modelo</h1>
      <TemplateEditorPage {...loaderData} reply={actionData ?? null} canTest={false} />
    </div>
  )
}
