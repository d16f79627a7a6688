// /agendar-posts/editar-legenda?publicacao=ID — the caption of a publication not gone out yet:
// 2,200 characters (an emoji is one), hashtags (a warning above 5), mentions, line breaks kept.
import { Form } from 'react-router'
import type { Route } from './+types/edit-caption'
import { CaptionEditor } from '~/components/scheduling/caption-editor'
import { LinkButton, SubmitButton } from '~/components/ui/button'
import { FormSection } from '~/components/ui/card'
import { formatDateTime } from '~/domain/dates'
import { requireReach } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { captionAction, editedPublication } from '~/routes/scheduling/edits.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Editar legenda', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  return editedPublication(context, request, requireReach(context, request, 'edit-publication'))
}

export async function action({ request, context }: Route.ActionArgs) {
  return captionAction(context, request, requireReach(context, request, 'edit-publication'))
}

export default function EditCaptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const caption = actionData && 'caption' in actionData.values ? String(actionData.values.caption) : loaderData.caption
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Editar legenda</h1>
        <p className="mt-1 text-slate-600">
          {loaderData.post.title} · {formatDateTime(loaderData.publishAt)}
        </p>
      </div>
      <FormSection id="legenda" title="Legenda">
        <Form method="post" className="space-y-4" key={actionData ? 'enviado' : 'inicial'}>
          <CaptionEditor defaultValue={caption} errors={actionData?.errors.caption} rows={12} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pendingText="Salvando…">Salvar legenda</SubmitButton>
            <LinkButton to="/agendar-posts" variant="ghost">
              Voltar
            </LinkButton>
          </div>
        </Form>
      </FormSection>
    </div>
  )
}
