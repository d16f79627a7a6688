// The server side of the admin template editor (/admin/templates/novo and /:id). Two forms post
// here: the editor (`_form=editor`: save, refresh, and the list edits of template-draft-edits)
// and the preview (`_form=preview`, carrying the draft as JSON: its repeater buttons, "Atualizar
// campos" and the test generation). Every answer but a save or a test shows the page again with
// the draft as posted, so nothing typed is lost without JavaScript. The test generation's steps
// are generateFromTemplate's (app/workflows/template-generation.server.ts).
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser } from '~/context'
import { DEMO_HOME } from '~/domain/demo-home'
import { HOME_FIELD } from '~/domain/fields/template-fields'
import type { FormValues } from '~/domain/fields/types'
import { agentVariables, homeVariables } from '~/domain/prompts'
import { applyDraftEdit, parseDraftEdit } from '~/domain/template-draft-edits'
import { checkDraft, type TemplateInput } from '~/domain/template-draft-schema'
import { formDataToValues, postedValues } from '~/domain/fields/values'
import { readDraft, type TemplateDraft } from '~/domain/template-draft'
import { z } from '~/domain/validation'
import { createTemplate, updateTemplate } from '~/models/admin-templates.server'
import type { TemplateWithCategory } from '~/models/templates.server'
import { TemplateIntentSchema } from '~/routes/templates/template-actions.server'
import { NEW_FIELDS_NOTICE, editRepeater } from '~/workflows/template-form.server'
import { generateFromTemplate } from '~/workflows/template-generation.server'
import type { PostedAnswers } from '~/workflows/template-form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/form-body.server'

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
  const formData = await readForm(args.request)
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

/** The preview form's own inputs: the draft (JSON) it was drawn from, and the button. */
const PreviewSchema = z.object({
  _draft: z.string().transform((json, ctx): TemplateDraft => {
    try {
      const parsed: unknown = JSON.parse(json)
      if (parsed && typeof parsed === 'object') return readDraft(parsed as FormValues)
    } catch {
      // refused below
    }
    ctx.addIssue({ code: 'custom', message: 'Pedido inválido.' })
    return z.NEVER
  }),
  _intent: TemplateIntentSchema,
})

async function previewAction(args: EditorArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PreviewSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') throw badRequest()
  const { _draft: draft, _intent: intent } = submission.value
  const values = postedValues(formData)
  switch (intent.name) {
    case 'generate': {
      const visible = formData.get('_visible')
      return testGeneration(args, draft, { values, visible: typeof visible === 'string' ? visible : null })
    }
    case 'add':
      return data(reply(draft, { preview: previewReply(editRepeater(values, { add: intent.args[0] })) }))
    case 'remove':
      return data(
        reply(draft, {
          preview: previewReply(editRepeater(values, { remove: intent.args[0], index: intent.args[1] })),
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

async function testGeneration({ context, admin, template }: EditorArgs, draft: TemplateDraft, posted: PostedAnswers) {
  const { values } = posted
  const checked = checkDraft(draft)
  const refuse = (formError: string, status = 400) =>
    data(
      reply(draft, { errors: checked.success ? {} : checked.errors, preview: previewReply(values, { formError }) }),
      { status },
    )
  if (!template) return refuse('Salve o modelo para gerar um post de teste.')
  if (!checked.success) return refuse('Corrija o modelo antes de testar.')
  const fields =
    checked.value.needs_home && !checked.value.fields.some((f) => f.type === 'home')
      ? [HOME_FIELD, ...checked.value.fields]
      : checked.value.fields
  const outcome = await generateFromTemplate(context, admin.id, {
    template: draftTemplate(template, checked.value),
    fields,
    posted,
    photoGuard: false,
  })
  switch (outcome.status) {
    case 'new-fields':
      return data(reply(draft, { preview: previewReply(values, { notice: NEW_FIELDS_NOTICE }) }))
    case 'invalid':
    case 'no-photos':
      return data(
        reply(draft, {
          preview: previewReply(values, {
            errors: outcome.status === 'invalid' ? outcome.errors : {},
            formError: 'Confira os campos destacados.',
          }),
        }),
        { status: 400 },
      )
    case 'quota':
      return refuse(outcome.message, 403)
    case 'generated':
      return redirectWithToast(
        `/modelos/${template.id}?post=${outcome.postId}#resultado`,
        outcome.error
          ? { type: 'error', title: 'Não foi possível gerar o post de teste', description: outcome.error }
          : { type: 'success', title: 'Post de teste gerado', description: 'Ele está no seu histórico de posts.' },
      )
  }
}
