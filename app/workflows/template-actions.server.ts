// What the buttons of /modelos/:id ask for. Every submit button names its intent in the one
// `_intent` field ('_' because template field names never start with one, so no answer can
// collide with it); the value is checked by TemplateIntentSchema and dispatched through the
// `handlers` map, one named handler per intent:
//   generate             the form's main button (and Enter): validate, generate, open the result
//   refresh, add, remove the form without JavaScript: show revealed fields, grow or shrink a list
//   save, move           the result editor: save the caption and slides, move one slide
//   retry                a failed post: generate it again
//   headline             "Títulos sugeridos": put option N on the cover (issue 15)
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { Post } from '~/models/posts.server'
import type { PostTemplate } from '~/models/templates.server'
import type { FieldDefinition, FormValues } from '~/domain/fields/types'
import { homeFieldName } from '~/domain/fields/template-fields'
import { NO_PHOTOS_MESSAGE, hasPhotos, templateNeedsPhotos } from '~/domain/photo-guard'
import { z } from '~/domain/validation'
import { dbContext, envContext, loggerContext, storageContext, userContext } from '~/context'
import { canEditPiece } from '~/domain/team'
import { forbidden } from '~/utils/session.server'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { listHomeChoices } from '~/models/homes.server'
import { getPost } from '~/models/posts.server'
import { chooseHeadline } from '~/models/post-headlines.server'
import { getTemplate } from '~/models/templates.server'
import { idParam, pageNotFound } from '~/utils/params'
import { redirectWithToast } from '~/utils/toast.server'
import { QuotaExceededError, generatePost, retryPost, storeFieldFiles } from '~/workflows/generation.server'
import { CAPTION_LINK_FIELD } from '~/workflows/caption-link.server'
import {
  NEW_FIELDS_NOTICE,
  editRepeater,
  postedValues,
  saveEditor,
  validateTemplateForm,
} from '~/workflows/template-form.server'

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
  /** A photo template for this property, which has no photo (issue 15): the guard rail shows. */
  noPhotosHome?: number
}
export type EditorReply = { kind: 'editor'; editor: SubmissionResult<string[]> }

type Reply = Response | ReturnType<typeof data<FormReply>> | ReturnType<typeof data<EditorReply>>

export type TemplateActionArgs = {
  request: Request
  context: Readonly<RouterContextProvider>
  userId: string
  template: PostTemplate & { category_slug: string | null }
  fields: FieldDefinition[]
  formData: FormData
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

const generationDeps = ({ context, request }: TemplateActionArgs) => ({
  db: context.get(dbContext),
  siteUrl: context.get(envContext).APP_URL ?? new URL(request.url).origin,
  writer: createCopyWriter(context.get(envContext)),
  logger: context.get(loggerContext),
})

/** The post the editor's buttons act on (`_post`): this user's, of this template, else 404. */
async function editedPost(args: TemplateActionArgs): Promise<Post> {
  const postId = idParam.safeParse(String(args.formData.get('_post') ?? ''))
  const post = postId.success ? await getPost(args.context.get(dbContext), args.userId, postId.data) : null
  if (!post || post.template_id !== args.template.id) throw pageNotFound(args.request)
  // A corretor changes the posts they made; the owner and gestores any of the agency (ADR 218).
  const person = args.context.get(userContext)
  if (!person || !canEditPiece(person, post.created_by)) throw forbidden()
  return post
}

const generate: Handler<'generate'> = async (args) => {
  const { context, userId, template, fields, formData } = args
  if (template.archived_at) throw pageNotFound(args.request)
  const db = context.get(dbContext)
  const homes = await listHomeChoices(db, userId)
  const outcome = await validateTemplateForm(db, userId, fields, formData, homes, template.needs_home)
  if (outcome.status === 'new-fields') return data(formReply(outcome.values, { notice: NEW_FIELDS_NOTICE }))
  if (outcome.status === 'invalid')
    return data(formReply(outcome.values, { errors: outcome.errors, formError: 'Confira os campos destacados.' }), {
      status: 400,
    })
  if (outcome.home && !hasPhotos(outcome.home) && templateNeedsPhotos(template)) {
    const errors = { [homeFieldName(fields) ?? 'home_id']: [NO_PHOTOS_MESSAGE] }
    return data(formReply(outcome.values, { errors, formError: NO_PHOTOS_MESSAGE, noPhotosHome: outcome.home.id }), {
      status: 400,
    })
  }
  try {
    const answers = await storeFieldFiles(context.get(storageContext), userId, outcome.answers)
    const post = await generatePost(generationDeps(args), userId, {
      template,
      home: outcome.home,
      values: answers,
      createdBy: context.get(userContext)?.id,
      captionLink: formData.get(CAPTION_LINK_FIELD) === 'on',
    })
    return redirectWithToast(
      `${here(args)}?post=${post.id}#resultado`,
      post.error
        ? { type: 'error', title: 'Não foi possível gerar o post', description: post.error }
        : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides antes de publicar.' },
    )
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error
    return data(formReply(outcome.values, { formError: error.message, upgrade: true }), { status: 403 })
  }
}

const refresh: Handler<'refresh'> = async ({ formData }) => data(formReply(postedValues(formData)))

const add: Handler<'add'> = async ({ formData }, { args: [path] }) =>
  data(formReply(editRepeater(postedValues(formData), { add: path })))

const remove: Handler<'remove'> = async ({ formData }, { args: [path, at] }) =>
  data(formReply(editRepeater(postedValues(formData), { remove: path, index: at })))

const retry: Handler<'retry'> = async (args) => {
  const post = await editedPost(args)
  const db = args.context.get(dbContext)
  const retried = await retryPost(generationDeps(args), args.userId, post.id, (id) => getTemplate(db, id)).catch(
    (error) => {
      if (error instanceof QuotaExceededError) return { error: error.message }
      throw error
    },
  )
  return redirectWithToast(
    `${here(args)}?post=${post.id}#resultado`,
    retried?.error
      ? { type: 'error', title: 'Não foi possível gerar o post', description: retried.error }
      : { type: 'success', title: 'Post gerado', description: 'Revise a legenda e os slides.' },
  )
}

/** Saves the editor; with a move, the page opens again at the moved slide. */
async function saveEdits(args: TemplateActionArgs, move: { index: number; direction: 'up' | 'down' } | null) {
  const post = await editedPost(args)
  const saved = await saveEditor(args.context.get(dbContext), args.userId, post, args.formData, move)
  if (saved.status === 'missing') throw pageNotFound(args.request)
  if (saved.status === 'invalid')
    return data({ kind: 'editor', editor: saved.reply } satisfies EditorReply, { status: 400 })
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

const move: Handler<'move'> = (args, { args: [at, direction] }) => saveEdits(args, { index: at, direction })

const handlers: { [N in IntentName]: Handler<N> } = { generate, refresh, add, remove, retry, save, move, headline }

/** Reads `_intent` and runs its handler; an intent no button sends is a 400. */
export async function templateAction(args: TemplateActionArgs): Promise<Reply> {
  const parsed = TemplateIntentSchema.safeParse(args.formData.get('_intent'))
  if (!parsed.success) throw data('Pedido inválido.', { status: 400 })
  // The map's type gives each handler its own intent; TypeScript cannot follow the pairing here.
  const handler = handlers[parsed.data.name] as (args: TemplateActionArgs, intent: TemplateIntent) => Promise<Reply>
  return handler(args, parsed.data)
}
