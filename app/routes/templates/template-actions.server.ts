// What the buttons of /modelos/:id ask for. Every submit button names its intent in the one
// `_intent` field ('_' because template field names never start with one, so no answer can
// collide with it); the value is checked by TemplateIntentSchema and dispatched through the
// `handlers` map, one named handler per intent:
//   generate             the form's main button (and Enter): validate, generate, open the result
//   refresh, add, remove the form without JavaScript: show revealed fields, grow or shrink a list
//   save, move           the result editor: save the caption and slides, move one slide
//   retry                a failed post: generate it again
//   headline             "Títulos sugeridos": put option N on the cover (ADR 165)
//   composition          "Capa": draw the cover in another composition
// The steps are app/workflows' (template-generation, template-form); this file reads the form and
// answers.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { Post } from '~/models/posts.server'
import type { TemplateWithCategory } from '~/models/templates.server'
import type { FieldDefinition, FormValues } from '~/domain/fields/types'
import { homeFieldName } from '~/domain/fields/template-fields'
import { postedValues } from '~/domain/fields/values'
import { NO_PHOTOS_MESSAGE } from '~/domain/photo-guard'
import { z } from '~/domain/validation'
import { dbContext } from '~/context'
import { forbidden } from '~/utils/session.server'
import { chooseHeadline } from '~/models/post-headlines.server'
import { chooseComposition } from '~/models/post-composition.server'
import { COMPOSITIONS, COMPOSITION_IDS, compositionsFor } from '~/domain/compositions'
import { readTemplateDesign } from '~/domain/post-plan'
import { idParam, pageNotFound } from '~/utils/params'
import { redirectWithToast } from '~/utils/toast.server'
import { CAPTION_LINK_FIELD } from '~/workflows/caption-link.server'
import { NEW_FIELDS_NOTICE, PostEditSchema, editRepeater, savePostEdit } from '~/workflows/template-form.server'
import { editablePost, generateFromTemplate, retryTemplatePost } from '~/workflows/template-generation.server'
import { siteOrigin as siteOriginOf } from '~/utils/request-origin.server'

const index = z
  .string()
  .regex(/^\d{1,4}$/)
  .transform(Number)
const plain = <N extends string>(name: N) => z.object({ name: z.literal(name), args: z.tuple([]) })

/** The `_intent` field ('generate' when missing): a name, and what some act on ('move:2:up'). */
export const TemplateIntentSchema = z.preprocess(
  (raw) => {
    const [name, ...args] = String(raw ?? 'generate').split(':')
    return { name, args }
  },
  z.discriminatedUnion('name', [
    plain('generate'),
    plain('refresh'),
    plain('retry'),
    plain('save'),
    z.object({ name: z.literal('headline'), args: z.tuple([index]) }),
    z.object({ name: z.literal('composition'), args: z.tuple([z.enum(COMPOSITION_IDS)]) }),
    z.object({ name: z.literal('move'), args: z.tuple([index, z.enum(['up', 'down'])]) }),
    z.object({ name: z.literal('add'), args: z.tuple([z.string().min(1)]) }),
    z.object({ name: z.literal('remove'), args: z.tuple([z.string().min(1), index]) }),
  ]),
)

export type TemplateIntent = z.output<typeof TemplateIntentSchema>
type IntentName = TemplateIntent['name']

/** The form again (400 with errors, or 200 with revealed fields or a resized list). */
export type FormReply = {
  kind: 'form'
  values: FormValues
  errors: Record<string, string[]>
  notice: string | null
  formError: string | null
  formKey: string
  /** The plan's limit stopped it: the message comes with the way to a bigger plan. */
  upgrade?: boolean
  /** A photo template for this property, which has no photo (ADR 166): the guard rail shows. */
  noPhotosHome?: number
}
export type EditorReply = { kind: 'editor'; editor: SubmissionResult<string[]> }

type Reply = Response | ReturnType<typeof data<FormReply>> | ReturnType<typeof data<EditorReply>>

export type TemplateActionArgs = {
  request: Request
  context: Readonly<RouterContextProvider>
  /** The person signed in, and the account whose template and posts these are. */
  personId: string
  userId: string
  template: TemplateWithCategory
  fields: FieldDefinition[]
  formData: FormData
  /** The post the editor's buttons act on (`_post`), when the form names one. */
  postId: number | undefined
}

type Handler<N extends IntentName> = (
  args: TemplateActionArgs,
  intent: Extract<TemplateIntent, { name: N }>,
) => Promise<Reply>

const here = (args: TemplateActionArgs) => `/modelos/${args.template.id}`

const formReply = (values: FormValues, more: Partial<FormReply> = {}): FormReply => ({
  kind: 'form',
  values,
  errors: {},
  notice: null,
  formError: null,
  formKey: crypto.randomUUID(),
  ...more,
})

const siteOrigin = (args: TemplateActionArgs) => siteOriginOf(args.context)

/** The post the editor's buttons act on: this account's, of this template, else 404; another's piece, 403. */
async function editedPost(args: TemplateActionArgs): Promise<Post> {
  const found = await editablePost(args.context, args.userId, args.template.id, args.postId)
  if (found.status === 'not-found') throw pageNotFound(args.request)
  if (found.status === 'forbidden') throw forbidden()
  return found.post
}

const generate: Handler<'generate'> = async (args) => {
  const { context, userId, template, fields, formData } = args
  if (template.archived_at) throw pageNotFound(args.request)
  const visible = formData.get('_visible')
  const outcome = await generateFromTemplate(context, userId, {
    template,
    fields,
    posted: { values: postedValues(formData), visible: typeof visible === 'string' ? visible : null },
    photoGuard: true,
    createdBy: args.personId,
    captionLink: formData.get(CAPTION_LINK_FIELD) === 'on',
    siteOrigin: siteOrigin(args),
  })
  switch (outcome.status) {
    case 'new-fields':
      return data(formReply(outcome.values, { notice: NEW_FIELDS_NOTICE }))
    case 'invalid':
      return data(formReply(outcome.values, { errors: outcome.errors, formError: 'Confira os campos destacados.' }), {
        status: 400,
      })
    case 'no-photos': {
      const errors = { [homeFieldName(fields) ?? 'home_id']: [NO_PHOTOS_MESSAGE] }
      return data(formReply(outcome.values, { errors, formError: NO_PHOTOS_MESSAGE, noPhotosHome: outcome.homeId }), {
        status: 400,
      })
    }
    case 'quota':
      return data(formReply(outcome.values, { formError: outcome.message, upgrade: true }), { status: 403 })
    case 'generated':
      return redirectWithToast(
        `${here(args)}?post=${outcome.postId}#resultado`,
        outcome.error
          ? { type: 'error', title: 'Não foi possível gerar o post', description: outcome.error }
          : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides antes de publicar.' },
      )
  }
}

const refresh: Handler<'refresh'> = async ({ formData }) => data(formReply(postedValues(formData)))

const add: Handler<'add'> = async ({ formData }, { args: [path] }) =>
  data(formReply(editRepeater(postedValues(formData), { add: path })))

const remove: Handler<'remove'> = async ({ formData }, { args: [path, at] }) =>
  data(formReply(editRepeater(postedValues(formData), { remove: path, index: at })))

const retry: Handler<'retry'> = async (args) => {
  const post = await editedPost(args)
  const retried = await retryTemplatePost(args.context, args.userId, post.id, siteOrigin(args))
  return redirectWithToast(
    `${here(args)}?post=${post.id}#resultado`,
    retried.error
      ? { type: 'error', title: 'Não foi possível gerar o post', description: retried.error }
      : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides.' },
  )
}

/** Saves the editor; with a move, the page opens again at the moved slide. */
async function saveEdits(args: TemplateActionArgs, move: { index: number; direction: 'up' | 'down' } | null) {
  const post = await editedPost(args)
  const submission = parseWithZod(args.formData, { schema: PostEditSchema })
  if (submission.status !== 'success')
    return data({ kind: 'editor', editor: submission.reply() } satisfies EditorReply, { status: 400 })
  const saved = await savePostEdit(args.context.get(dbContext), args.userId, post, submission.value, move)
  if (saved.status === 'missing') throw pageNotFound(args.request)
  if (saved.status === 'bad-image') {
    const fieldErrors = { [`slides[${saved.index}].image`]: ['Escolha uma foto deste imóvel'] }
    return data({ kind: 'editor', editor: submission.reply({ fieldErrors }) } satisfies EditorReply, { status: 400 })
  }
  // A move keeps the editor open at the moved slide (?editar=1: works without JavaScript).
  if (saved.moved !== null) return redirect(`${here(args)}?post=${post.id}&editar=1#slide-${saved.moved + 1}`)
  return redirectWithToast(`${here(args)}?post=${post.id}#resultado`, {
    type: 'success',
    title: 'Post salvo',
    description: 'Legenda e slides atualizados.',
  })
}

const save: Handler<'save'> = (args) => saveEdits(args, null)

/** Puts the chosen headline option on the cover; the post is drawn again with it. */
const headline: Handler<'headline'> = async (args, { args: [at] }) => {
  const post = await editedPost(args)
  const chosen = await chooseHeadline(args.context.get(dbContext), args.userId, post.id, at)
  if (!chosen) throw data('Este título não está mais disponível.', { status: 400 })
  return redirectWithToast(`${here(args)}?post=${post.id}#resultado`, {
    type: 'success',
    title: 'Título aplicado',
    description: 'A capa do post usa o título escolhido.',
  })
}

/** Draws the post's cover in the chosen composition. */
const composition: Handler<'composition'> = async (args, { args: [id] }) => {
  const post = await editedPost(args)
  if (!compositionsFor(readTemplateDesign(args.template.design)).includes(id))
    throw data(`A capa "${COMPOSITIONS[id].label}" não combina com este post.`, { status: 400 })
  const chosen = await chooseComposition(args.context.get(dbContext), args.userId, post.id, id)
  if (!chosen) throw data('Este post não pode mudar de capa agora.', { status: 400 })
  return redirectWithToast(`${here(args)}?post=${post.id}#resultado`, {
    type: 'success',
    title: 'Capa alterada',
    description: `O post usa a capa "${COMPOSITIONS[id].label}".`,
  })
}

const move: Handler<'move'> = (args, { args: [at, direction] }) => saveEdits(args, { index: at, direction })

const handlers: { [N in IntentName]: Handler<N> } = {
  generate,
  refresh,
  add,
  remove,
  retry,
  save,
  move,
  headline,
  composition,
}

/** The form's own inputs: the button's intent, and the post an editor button acts on (none: 404 there). */
const ButtonSchema = z.object({ _intent: TemplateIntentSchema, _post: idParam.optional().catch(undefined) })

/** Reads `_intent` and runs its handler; an intent no button sends is a 400. */
export async function templateAction(args: Omit<TemplateActionArgs, 'postId'>): Promise<Reply> {
  // As posted: an empty `_intent` is no button's (only a missing one is the main button's).
  const submission = parseWithZod(args.formData, { schema: ButtonSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') throw data('Pedido inválido.', { status: 400 })
  const { _intent: intent, _post: postId } = submission.value
  // The map's type gives each handler its own intent; TypeScript cannot follow the pairing here.
  const handler = handlers[intent.name] as (args: TemplateActionArgs, intent: TemplateIntent) => Promise<Reply>
  return handler({ ...args, postId }, intent)
}
