// /modelos/:id — a template's form (the property picker first when it needs one), generation,
// and, with ?post=, the generated post's editor under the form. What its buttons ask for
// (`_intent`) is dispatched in template-actions.server.ts.
import { Link, useNavigation } from 'react-router'
import type { Route } from './+types/template'
import { TemplateForm } from '~/components/template-fields/template-form'
import { Icon } from '~/components/template-fields/icons'
import { PostResult } from '~/components/templates/post-result'
import { HeadlinePicker } from '~/components/templates/headline-picker'
import { CompositionPicker } from '~/components/templates/composition-picker'
import { NoPhotosNotice } from '~/components/templates/no-photos-notice'
import { Checkbox } from '~/components/ui/choice'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { dbContext } from '~/context'
import { PlanLimit } from '~/components/billing/plan-limit'
import { homeFieldName, templateFormFields } from '~/domain/fields/template-fields'
import { readHeadlines } from '~/domain/headlines'
import { compositionsFor, postComposition } from '~/domain/compositions'
import { readTemplateDesign, TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { getHome, listHomeChoices } from '~/models/homes.server'
import { getPost } from '~/models/posts.server'
import { getTemplate } from '~/models/templates.server'
import { templateAction } from '~/routes/templates/template-actions.server'
import { editorPhotos, initialValues } from '~/workflows/template-form.server'
import { photoGuardFor } from '~/routes/templates/photo-guard.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { readForm } from '~/utils/form-body.server'
import { TEMPLATE_FORM_BYTES } from '~/domain/fields/schema'

export const meta: Route.MetaFunction = ({ data: page, matches }) => pageTitle(page?.template.name ?? 'Modelo', matches)

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const template = await getTemplate(db, id)
  if (!template) throw pageNotFound(request)
  return { user, db, template, fields: templateFormFields(template) }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, template, fields } = await load(request, context, params)
  const url = new URL(request.url)
  const postParam = idParam.safeParse(url.searchParams.get('post') ?? '')
  const post = postParam.success ? await getPost(db, user.accountId, postParam.data) : null
  if (url.searchParams.has('post') && (!post || post.template_id !== template.id)) throw pageNotFound(request)
  // An archived template (admin area) takes no new posts; the posts made with it stay open.
  if (template.archived_at && !post) throw pageNotFound(request)
  const preselected = idParam.safeParse(url.searchParams.get('imovel') ?? '')
  const homes = await listHomeChoices(db, user.accountId)
  const postHome = post?.home_id ? await getHome(db, user.accountId, post.home_id) : null
  return {
    template: {
      id: template.id,
      name: template.name,
      description: template.description,
      color: template.color,
      icon: template.icon,
      format: template.format as TemplateFormat,
    },
    fields,
    homeField: homeFieldName(fields),
    homes,
    values: initialValues(fields, post, preselected.success ? preselected.data : null),
    post: post
      ? {
          id: post.id,
          publicId: post.public_id,
          description: post.description,
          generating: post.generating,
          error: post.error,
          generatedAt: post.generated_at?.toISOString() ?? null,
          format: post.format,
          slides: post.meta.slides ?? [],
          headlines: readHeadlines(post.meta),
          composition:
            post.home_id && post.meta.slides?.some((slide) => slide.type === 'cover')
              ? postComposition(post.meta.fields)
              : null,
          compositions: compositionsFor(readTemplateDesign(template.design)),
          version: post.updated_at.toISOString().replace(/\D/g, ''),
        }
      : null,
    photos: editorPhotos(postHome),
    photoGuard: await photoGuardFor(db, template, homes),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, template, fields } = await load(request, context, params)
  const formData = await readForm(request, TEMPLATE_FORM_BYTES)
  return templateAction({ request, context, personId: user.id, userId: user.accountId, template, fields, formData })
}

export default function TemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { template, fields, homes, homeField, post, photos } = loaderData
  const form = actionData?.kind === 'form' ? actionData : null
  const navigation = useNavigation()
  const generating = navigation.state === 'submitting' && navigation.formData?.get('_intent') === 'generate'
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/modelos" className="text-sm font-medium text-brand-700 hover:underline">
        ← Modelos
      </Link>
      <header className="mt-3 flex items-start gap-3">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-xl text-white"
          style={{ backgroundColor: template.color ?? '#0f766e' }}
        >
          <Icon name={template.icon} />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{template.name}</h1>
          <p className="mt-1 text-slate-600">{template.description}</p>
          <p className="mt-1 text-xs font-medium tracking-wide text-slate-500 uppercase">
            {TEMPLATE_FORMAT_LABELS[template.format]}
          </p>
        </div>
      </header>

      <NoPhotosNotice
        guard={loaderData.photoGuard}
        homeField={homeField}
        homeId={chosenHome(homeField, form ?? loaderData)}
      />
      <Card as="section" aria-labelledby="formulario" className="mt-6">
        <h2 id="formulario" className="sr-only">
          Formulário do modelo
        </h2>
        <TemplateForm
          formKey={form?.formKey ?? 'inicial'}
          fields={fields}
          initialValues={form?.values ?? loaderData.values}
          errors={form?.errors ?? {}}
          homes={homes}
          homeField={homeField}
          notice={form?.notice}
          formError={form && 'upgrade' in form ? <PlanLimit message={form.formError} /> : form?.formError}
        >
          {homeField ? (
            <Checkbox name="_link_curto" value="on" defaultChecked className="shrink-0" labelClassName="basis-full">
              Colocar no texto do post o endereço curto da página pública (mede visitas, cliques e pedidos deste post)
            </Checkbox>
          ) : null}
          <Button size="lg" name="_intent" value="generate" pending={generating} pendingText="Gerando…">
            {post ? 'Gerar outro post' : 'Gerar post'}
          </Button>
        </TemplateForm>
      </Card>

      {post ? (
        <section id="resultado" aria-labelledby="titulo-resultado" className="mt-8">
          <h2 id="titulo-resultado" className="mb-3 text-xl font-bold text-slate-900">
            Seu post
          </h2>
          <HeadlinePicker post={post} />
          <CompositionPicker post={post} />
          <PostResult post={post} photos={photos} editor={actionData?.kind === 'editor' ? actionData.editor : null} />
        </section>
      ) : null}
    </div>
  )
}

/** The property the form shows chosen: the one the server refused for lack of photos, else its value. */
function chosenHome(
  homeField: string | undefined,
  state: { values: Record<string, unknown>; noPhotosHome?: number },
): string | null {
  if (state.noPhotosHome) return String(state.noPhotosHome)
  const value = homeField ? state.values[homeField] : undefined
  return typeof value === 'string' && value ? value : null
}
