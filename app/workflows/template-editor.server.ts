// The server side of the admin template editor (/admin/templates/novo and /:id). Two forms post
// here: the editor (`_form=editor`: save, refresh, and the list edits of template-draft-edits)
// and the preview (`_form=preview`, carrying the draft as JSON: its repeater buttons, "Atualizar
// campos" and the test generation). Every answer but a save or a test shows the page again with
// the draft as posted, so nothing typed is lost without JavaScript.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext, type SessionUser } from '~/context'
import { DEMO_HOME } from '~/domain/demo-home'
import { HOME_FIELD } from '~/domain/fields/template-fields'
import type { FormValues } from '~/domain/fields/types'
import { agentVariables, homeVariables } from '~/domain/prompts'
import { applyDraftEdit, parseDraftEdit } from '~/domain/template-draft-edits'
import { checkDraft, type TemplateInput } from '~/domain/template-draft-schema'
import { formDataToValues } from '~/domain/fields/values'
import { readDraft, type TemplateDraft } from '~/domain/template-draft'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { createTemplate, updateTemplate } from '~/models/admin-templates.server'
import { listHomeChoices } from '~/models/homes.server'
import type { TemplateWithCategory } from '~/models/templates.server'
import { QuotaExceededError, generatePost, storeFieldFiles } from '~/workflows/generation.server'
import { TemplateIntentSchema } from '~/workflows/template-actions.server'
import { NEW_FIELDS_NOTICE, editRepeater, postedValues, validateTemplateForm } from '~/workflows/template-form.server'
import { redirectWithToast } from '~/utils/toast.server'

export type PreviewReply = {
  values: FormValues
  errors: Record<string, string[]>
  notice: string | null
  formError: string | null
  formKey: string
}

export type EditorReply = {
  draft: TemplateDraft
  errors: Record<string, string[]>
  formError: string | null
  formKey: string
  preview: PreviewReply | null
}

export type EditorArgs = {
  request: Request
  context: Readonly<RouterContextProvider>
  admin: SessionUser
  /** The saved template; null on /admin/templates/novo. */
  template: TemplateWithCategory | null
}

/** `{{home.…}}` and `{{agent.…}}`: the placeholders every prompt may use. */
export const PROMPT_PLACEHOLDERS = [
  ...Object.keys(homeVariables(DEMO_HOME)).map((key) => `{{${key}}}`),
  ...Object.keys(agentVariables(null)).map((key) => `{{${key}}}`),
]

const reply = (draft: TemplateDraft, more: Partial<EditorReply> = {}): EditorReply => ({
  draft,
  errors: {},
  formError: null,
  formKey: crypto.randomUUID(),
  preview: null,
  ...more,
})

const previewReply = (values: FormValues, more: Partial<PreviewReply> = {}): PreviewReply => ({
  values,
  errors: {},
  notice: null,
  formError: null,
  formKey: crypto.randomUUID(),
  ...more,
})

const badRequest = () => data('Pedido inválido.', { status: 400 })

export async function editorAction(args: EditorArgs) {
  const formData = await args.request.formData()
  if (formData.get('_form') === 'preview') return previewAction(args, formData)
  const values = formDataToValues(formData)
  for (const key of Object.keys(values)) if (key.startsWith('_')) delete values[key]
  const draft = readDraft(values)
  const intent = String(formData.get('_intent') ?? 'save')
  if (intent === 'save') return save(args, draft)
  if (intent === 'refresh') return data(reply(draft))
  const edit = parseDraftEdit(intent, (list) => {
    const type = formData.get(`_type__${list}`)
    return typeof type === 'string' ? type : null
  })
  if (!edit) throw badRequest()
  return data(reply(applyDraftEdit(draft, edit)))
}

async function save({ context, admin, template }: EditorArgs, draft: TemplateDraft) {
  const checked = checkDraft(draft)
  if (!checked.success)
    return data(reply(draft, { errors: checked.errors, formError: 'Confira os campos destacados.' }), { status: 400 })
  const db = context.get(dbContext)
  const actor = { id: admin.id, email: admin.email }
  if (!template) {
    const id = await createTemplate(db, actor, checked.value)
    return redirectWithToast(`/admin/templates/${id}`, {
      type: 'success',
      title: 'Modelo criado',
      description: 'Ele já aparece em Modelos.',
    })
  }
  if (!(await updateTemplate(db, actor, template.id, checked.value)))
    throw data('Modelo não encontrado.', { status: 404 })
  return redirectWithToast(`/admin/templates/${template.id}`, {
    type: 'success',
    title: 'Modelo salvo',
    description: 'As alterações já valem em /modelos.',
  })
}

function draftOf(formData: FormData): TemplateDraft | null {
  try {
    const parsed: unknown = JSON.parse(String(formData.get('_draft') ?? ''))
    return parsed && typeof parsed === 'object' ? readDraft(parsed as FormValues) : null
  } catch {
    return null
  }
}

async function previewAction(args: EditorArgs, formData: FormData) {
  const draft = draftOf(formData)
  const intent = TemplateIntentSchema.safeParse(formData.get('_intent'))
  if (!draft || !intent.success) throw badRequest()
  const values = postedValues(formData)
  switch (intent.data.name) {
    case 'generate':
      return testGeneration(args, draft, formData)
    case 'add':
      return data(reply(draft, { preview: previewReply(editRepeater(values, { add: intent.data.args[0] })) }))
    case 'remove':
      return data(
        reply(draft, {
          preview: previewReply(editRepeater(values, { remove: intent.data.args[0], index: intent.data.args[1] })),
        }),
      )
    default:
      return data(reply(draft, { preview: previewReply(values) }))
  }
}

/** The saved template with the draft's form and prompts: what a test generation runs. */
function draftTemplate(template: TemplateWithCategory, input: TemplateInput): TemplateWithCategory {
  return {
    ...template,
    format: input.format,
    needs_home: input.needs_home,
    fields: input.fields as unknown as TemplateWithCategory['fields'],
    prompts: input.prompts,
  }
}

async function testGeneration({ context, admin, template }: EditorArgs, draft: TemplateDraft, formData: FormData) {
  const values = postedValues(formData)
  const checked = checkDraft(draft)
  const refuse = (formError: string, status = 400) =>
    data(
      reply(draft, { errors: checked.success ? {} : checked.errors, preview: previewReply(values, { formError }) }),
      { status },
    )
  if (!template) return refuse('Salve o modelo para gerar um post de teste.')
  if (!checked.success) return refuse('Corrija o modelo antes de testar.')
  const db = context.get(dbContext)
  const fields =
    checked.value.needs_home && !checked.value.fields.some((f) => f.type === 'home')
      ? [HOME_FIELD, ...checked.value.fields]
      : checked.value.fields
  const homes = await listHomeChoices(db, admin.id)
  const outcome = await validateTemplateForm(db, admin.id, fields, formData, homes, checked.value.needs_home)
  if (outcome.status === 'new-fields')
    return data(reply(draft, { preview: previewReply(values, { notice: NEW_FIELDS_NOTICE }) }))
  if (outcome.status === 'invalid')
    return data(
      reply(draft, {
        preview: previewReply(values, { errors: outcome.errors, formError: 'Confira os campos destacados.' }),
      }),
      { status: 400 },
    )
  try {
    const answers = await storeFieldFiles(context.get(storageContext), admin.id, outcome.answers)
    const deps = { db, writer: createCopyWriter(context.get(envContext)), logger: context.get(loggerContext) }
    const post = await generatePost(deps, admin.id, {
      template: draftTemplate(template, checked.value),
      home: outcome.home,
      values: answers,
    })
    return redirectWithToast(
      `/modelos/${template.id}?post=${post.id}#resultado`,
      post.error
        ? { type: 'error', title: 'Não foi possível gerar o post de teste', description: post.error }
        : { type: 'success', title: 'Post de teste gerado', description: 'Ele está no seu histórico de posts.' },
    )
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error
    return refuse(error.message, 403)
  }
}
