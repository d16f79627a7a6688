// /modelos/:id — a template's form (the property picker first when it needs one), generation,
// and, with ?post=, the generated post's editor under the form.
import { data, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/template'
import { TemplateForm } from '~/components/forms/template-form'
import { Icon } from '~/components/forms/icons'
import { PostResult } from '~/components/templates/post-result'
import { PlanLimit } from '~/components/billing/plan-limit'
import { dbContext, envContext, loggerContext, storageContext } from '~/context'
import { homeFieldName, templateFormFields } from '~/domain/fields/template-fields'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { QuotaExceededError, generatePost, retryPost, storeFieldFiles } from '~/workflows/generation.server'
import { getHome } from '~/models/homes.server'
import { getPost } from '~/models/posts.server'
import { requireUser } from '~/utils/session.server'
import {
  NEW_FIELDS_NOTICE,
  editRepeater,
  editorPhotos,
  formHomesOf,
  initialValues,
  postedValues,
  saveEditor,
  validateTemplateForm,
} from '~/routes/templates/template-form.server'
import { getTemplate } from '~/models/templates.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound, parseParams } from '~/utils/params'

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageTitle(page?.template.name ?? 'Modelo', matches)

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
  const post = postParam.success ? await getPost(db, user.id, postParam.data) : null
  if (url.searchParams.has('post') && (!post || post.template_id !== template.id)) throw pageNotFound(request)
  const preselected = idParam.safeParse(url.searchParams.get('imovel') ?? '')
  const homes = await formHomesOf(db, user.id)
  const postHome = post?.home_id ? await getHome(db, user.id, post.home_id) : null
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
          description: post.description,
          generating: post.generating,
          error: post.error,
          generatedAt: post.generated_at?.toISOString() ?? null,
          format: post.format,
          slides: post.meta.slides ?? [],
        }
      : null,
    photos: editorPhotos(postHome),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, db, template, fields } = await load(request, context, params)
  const formData = await request.formData()
  const intent = String(formData.get('_intent') ?? 'generate')
  const writer = createCopyWriter(context.get(envContext))
  const deps = { db, writer, logger: context.get(loggerContext) }
  const here = `/modelos/${template.id}`

  if (intent === 'retry' || intent === 'save' || intent.startsWith('move:')) {
    const postId = idParam.safeParse(String(formData.get('_post') ?? ''))
    const post = postId.success ? await getPost(db, user.id, postId.data) : null
    if (!post || post.template_id !== template.id) throw pageNotFound(request)
    if (intent === 'retry') {
      const retried = await retryPost(deps, user.id, post.id, (id) => getTemplate(db, id)).catch((error) => {
        if (error instanceof QuotaExceededError) return { error: error.message }
        throw error
      })
      return redirectWithToast(`${here}?post=${post.id}#resultado`, retried?.error
        ? { type: 'error', title: 'Não foi possível gerar o post', description: retried.error }
        : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides.' })
    }
    const saved = await saveEditor(db, user.id, post, formData, intent)
    if (saved.status === 'missing') throw pageNotFound(request)
    if (saved.status === 'invalid') return data({ kind: 'editor' as const, editor: saved.reply }, { status: 400 })
    if (saved.moved !== null) return redirect(`${here}?post=${post.id}#slide-${saved.moved + 1}`)
    return redirectWithToast(`${here}?post=${post.id}#resultado`, { type: 'success', title: 'Post salvo' })
  }

  const formKey = crypto.randomUUID()
  if (intent === 'refresh' || intent.startsWith('add:') || intent.startsWith('remove:')) {
    const values = intent === 'refresh' ? postedValues(formData) : editRepeater(postedValues(formData), intent)
    return data({ kind: 'form' as const, values, errors: {}, notice: null, formError: null, formKey })
  }

  const homes = await formHomesOf(db, user.id)
  const outcome = await validateTemplateForm(db, user.id, fields, formData, homes, template.needs_home)
  if (outcome.status === 'new-fields')
    return data({ kind: 'form' as const, values: outcome.values, errors: {}, notice: NEW_FIELDS_NOTICE, formError: null, formKey })
  if (outcome.status === 'invalid')
    return data(
      { kind: 'form' as const, values: outcome.values, errors: outcome.errors, notice: null, formError: 'Confira os campos destacados.', formKey },
      { status: 400 },
    )
  try {
    const answers = await storeFieldFiles(context.get(storageContext), user.id, outcome.answers)
    const post = await generatePost(deps, user.id, { template, home: outcome.home, values: answers })
    return redirectWithToast(`${here}?post=${post.id}#resultado`, post.error
      ? { type: 'error', title: 'Não foi possível gerar o post', description: post.error }
      : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides antes de publicar.' })
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error
    return data(
      { kind: 'form' as const, values: outcome.values, errors: {}, notice: null, formError: error.message, formKey, upgrade: true },
      { status: 403 },
    )
  }
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

      <section aria-labelledby="formulario" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="formulario" className="sr-only">Formulário do modelo</h2>
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
          <button
            type="submit"
            name="_intent"
            value="generate"
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {generating ? 'Gerando…' : post ? 'Gerar outro post' : 'Gerar post'}
          </button>
        </TemplateForm>
      </section>

      {post ? (
        <section id="resultado" aria-labelledby="titulo-resultado" className="mt-8">
          <h2 id="titulo-resultado" className="mb-3 text-xl font-bold text-slate-900">
            Seu post
          </h2>
          <PostResult post={post} photos={photos} editor={actionData?.kind === 'editor' ? actionData.editor : null} />
        </section>
      ) : null}
    </div>
  )
}
