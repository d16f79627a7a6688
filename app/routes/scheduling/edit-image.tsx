// /agendar-posts/editar-imagem?publicacao=ID — which slides go and in what order (2–10 for a
// carousel), the ratio (4:5 to 1.91:1 in the feed) and crop or fit, and the alt text. Saved only
// when the result passes the same checks Instagram runs.
import type { Route } from './+types/edit-image'
import { ImageEditor } from '~/components/scheduling/image-editor'
import { FormSection } from '~/components/ui/card'
import { formatDateTime } from '~/domain/dates'
import { requireReach } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { editedPublication, imageAction } from '~/routes/scheduling/edits.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Editar imagens', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  return editedPublication(context, request, requireReach(context, request, 'edit-publication'))
}

export async function action({ request, context }: Route.ActionArgs) {
  return imageAction(context, request, requireReach(context, request, 'edit-publication'))
}

export default function EditImagePage({ loaderData, actionData }: Route.ComponentProps) {
  const kept = actionData?.values as { slides: number[]; ratio: never; fit: never; altText: string } | undefined
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Editar imagens</h1>
        <p className="mt-1 text-slate-600">
          {loaderData.post.title} · {formatDateTime(loaderData.publishAt)}
        </p>
      </div>
      <FormSection id="imagens" title="Imagens">
        <ImageEditor
          key={actionData ? 'enviado' : 'inicial'}
          items={loaderData.post.items}
          values={
            kept ?? {
              slides: loaderData.slides,
              ratio: loaderData.ratio,
              fit: loaderData.fit,
              altText: loaderData.altText,
            }
          }
          errors={actionData?.errors ?? {}}
        />
      </FormSection>
    </div>
  )
}
