// The steps behind the buttons of /modelos/:id and the admin editor's test generation: the
// answers validated (revealed fields, the photo guard rail of ADR 166), a post generated or
// generated again within the plan, and the post an editor button acts on. The routes read the
// forms and answer.
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext, userContext } from '~/context'
import type { FieldDefinition, FormValues } from '~/domain/fields/types'
import { hasPhotos, templateNeedsPhotos } from '~/domain/photo-guard'
import { canEditPiece } from '~/domain/team'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { listHomeChoices } from '~/models/homes.server'
import { getPost, type Post } from '~/models/posts.server'
import { getTemplate, type TemplateWithCategory } from '~/models/templates.server'
import {
  QuotaExceededError,
  generatePost,
  retryPost,
  storeFieldFiles,
  type GenerationDeps,
} from '~/workflows/generation.server'
import { validateAnswers, type PostedAnswers } from '~/workflows/template-form.server'

type Context = Readonly<RouterContextProvider>

/** The writer and the database; `siteOrigin`, when given, for the caption's short link (the app's address first). */
function generationDeps(context: Context, siteOrigin?: string): GenerationDeps {
  const env = context.get(envContext)
  return {
    db: context.get(dbContext),
    ...(siteOrigin === undefined ? {} : { siteUrl: env.APP_URL ?? siteOrigin }),
    writer: createCopyWriter(env),
    logger: context.get(loggerContext),
  }
}

export type GenerateOutcome =
  /** The answers reveal fields the person has not seen (posted without JavaScript). */
  | { status: 'new-fields'; values: FormValues }
  | { status: 'invalid'; values: FormValues; errors: Record<string, string[]> }
  /** A photo template for a property with no photo (the guard rail, ADR 166). */
  | { status: 'no-photos'; values: FormValues; homeId: number }
  /** The plan's limit: `message` names the plan that lifts it. */
  | { status: 'quota'; values: FormValues; message: string }
  | { status: 'generated'; postId: number; error: string | null }

/** A post from a template's answers, generated for `userId` (the account) within its plan. */
export async function generateFromTemplate(
  context: Context,
  userId: string,
  input: {
    template: TemplateWithCategory
    fields: FieldDefinition[]
    posted: PostedAnswers
    /** Refuse a photo template for a property with no photo. */
    photoGuard: boolean
    /** The page's own generation: who made it, whether the caption carries the short link. */
    createdBy?: string
    captionLink?: boolean
    siteOrigin?: string
  },
): Promise<GenerateOutcome> {
  const { template, fields, posted } = input
  const db = context.get(dbContext)
  const homes = await listHomeChoices(db, userId)
  const outcome = await validateAnswers(db, userId, fields, posted, homes, template.needs_home)
  if (outcome.status !== 'valid') return outcome
  if (input.photoGuard && outcome.home && !hasPhotos(outcome.home) && templateNeedsPhotos(template))
    return { status: 'no-photos', values: outcome.values, homeId: outcome.home.id }
  try {
    const answers = await storeFieldFiles(context.get(storageContext), userId, outcome.answers)
    const post = await generatePost(generationDeps(context, input.siteOrigin), userId, {
      template,
      home: outcome.home,
      values: answers,
      createdBy: input.createdBy,
      captionLink: input.captionLink,
    })
    return { status: 'generated', postId: post.id, error: post.error ?? null }
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error
    return { status: 'quota', values: outcome.values, message: error.message }
  }
}

/** A failed post generated again; the error it ended with (the plan's limit included), else null. */
export async function retryTemplatePost(context: Context, userId: string, postId: number, siteOrigin: string) {
  const db = context.get(dbContext)
  const retried = await retryPost(generationDeps(context, siteOrigin), userId, postId, (id) =>
    getTemplate(db, id),
  ).catch((error) => {
    if (error instanceof QuotaExceededError) return { error: error.message }
    throw error
  })
  return { error: retried?.error ?? null }
}

/**
 * The post an editor button acts on: the account's, of this template, else not found; a corretor
 * changes the posts they made, the owner and gestores any of the agency (ADR 218).
 */
export async function editablePost(
  context: Context,
  userId: string,
  templateId: number,
  postId: number | undefined,
): Promise<{ status: 'ok'; post: Post } | { status: 'not-found' } | { status: 'forbidden' }> {
  const post = postId === undefined ? null : await getPost(context.get(dbContext), userId, postId)
  if (!post || post.template_id !== templateId) return { status: 'not-found' }
  const person = context.get(userContext)
  if (!person || !canEditPiece(person, post.created_by)) return { status: 'forbidden' }
  return { status: 'ok', post }
}
