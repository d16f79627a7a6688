// Generation: template + property + the agent's answers → a post. The post row exists from the
// first moment (generating=true) and always ends finished (generated_at) or failed (a pt-BR
// reason and a retry button), never stuck: every path out of runGeneration goes through
// finishPost or failPost.
import { randomBytes } from 'node:crypto'
import type { Home } from '~/models/homes.server'
import type { Post } from '~/models/posts.server'
import type { TemplateWithCategory } from '~/models/templates.server'
import { agentFacts } from '~/models/agents.server'
import { withComposition } from '~/domain/compositions'
import { templateFormFields } from '~/domain/fields/template-fields'
import type { FieldDefinition } from '~/domain/fields/types'
import { planSlides, readTemplateDesign, withChosenPhotos, type Random, type TemplateFormat } from '~/domain/post-plan'
import { interpolatePrompts, promptVariables } from '~/domain/prompts'
import { CopyWriterError, applyCopy, type CopyWriter } from '~/integrations/ai/ai.server'
import type { Database } from '~/utils/db.server'
import { getHome } from '~/models/homes.server'
import { processImage, userUploadsPrefix } from '~/integrations/images/images.server'
import { canGeneratePost, lockQuotaOf, reserveAiGeneration, type QuotaDecision } from '~/models/quota.server'
import {
  createGeneratingPost,
  failPost,
  finishPost,
  getPost,
  recoverStuckPosts,
  restartGeneration,
} from '~/models/posts.server'
import type { Logger } from '~/utils/logger.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { captionWithLink, postHadLink } from './caption-link.server'

export const GENERATION_FAILED_MESSAGE = 'Não foi possível gerar o post. Tente de novo.'

export type GenerationDeps = {
  db: Database
  writer: CopyWriter
  /** The site's address, for the listing page's short link in captions (ADR 224). */
  siteUrl?: string | null
  random?: Random
  logger?: Pick<Logger, 'error' | 'warn'>
}

/** The plan's limit is reached: `message` (pt-BR) names the plan that lifts it. */
export class QuotaExceededError extends Error {
  readonly upgradePlan: string | null
  constructor(decision: Pick<QuotaDecision, 'message' | 'upgradePlan'>) {
    super(decision.message)
    this.upgradePlan = decision.upgradePlan ?? null
  }
}

/** Plans the slides, asks the writer for the words, and finishes or fails the post. */
async function runGeneration(
  deps: GenerationDeps,
  userId: string,
  post: Post,
  template: TemplateWithCategory,
  home: Home | null,
  values: Record<string, unknown>,
  captionLink = false,
): Promise<Post> {
  const random = deps.random ?? Math.random
  try {
    const fields: FieldDefinition[] = templateFormFields(template)
    const format = template.format as TemplateFormat
    const design = readTemplateDesign(template.design)
    const chosen = fields.find((field) => field.type === 'gallery')
    const slides = planSlides({
      design,
      format,
      home: withChosenPhotos(home, chosen ? values[chosen.name] : null),
      random,
    })
    const agent = await agentFacts(deps.db, userId)
    const messages = interpolatePrompts(template.prompts, promptVariables({ home, fields, values, agent }))
    const copy = await deps.writer.write({
      template: { name: template.name, kind: design.kind, format },
      home,
      fields,
      values,
      agent,
      slides,
      messages,
    })
    const caption = captionLink
      ? await captionWithLink(deps.db, {
          userId,
          postId: post.id,
          homeId: home?.id ?? null,
          caption: copy.caption,
          siteUrl: deps.siteUrl ?? null,
        })
      : copy.caption
    const finished = await finishPost(deps.db, userId, post.id, {
      description: caption,
      slides: applyCopy(slides, copy),
      writer: deps.writer.name,
      headlines: copy.headlines ?? [],
    })
    return finished ?? post
  } catch (error) {
    const message = error instanceof CopyWriterError ? error.message : GENERATION_FAILED_MESSAGE
    if (!(error instanceof CopyWriterError)) deps.logger?.error('post generation failed', { postId: post.id, error })
    else deps.logger?.warn('AI writer failed', { postId: post.id, reason: error.reason })
    return (await failPost(deps.db, userId, post.id, message)) ?? post
  }
}

/**
 * Makes a post from a template. `values` are the validated answers of the visible fields
 * (files already stored); `home` must be the agent's own (getHome scopes it).
 */
export async function generatePost(
  deps: GenerationDeps,
  userId: string,
  input: {
    template: TemplateWithCategory
    home: Home | null
    values: Record<string, unknown>
    /** "Colocar no texto do post o endereço curto da página pública" (ADR 224). */
    captionLink?: boolean
    /** The member who asked for it (ADR 218); the account's owner when absent. */
    createdBy?: string
  },
): Promise<Post> {
  // Counted and created under the account's quota lock, as scheduling is: two taps at the last
  // post of the month make one post, never two past the plan.
  const post = await deps.db.transaction(async (tx) => {
    await lockQuotaOf(tx, userId)
    const quota = await canGeneratePost(tx, userId)
    if (!quota.allowed) throw new QuotaExceededError(quota)
    const ai = await reserveAiGeneration(tx, userId)
    if (!ai.allowed) throw new QuotaExceededError(ai)
    return createGeneratingPost(tx, userId, {
      templateId: input.template.id,
      template: input.template.slug,
      category: input.template.category_slug,
      homeId: input.home?.id ?? null,
      format: input.template.format,
      fields: withComposition(input.values, readTemplateDesign(input.template.design)),
      createdBy: input.createdBy,
    })
  })
  return runGeneration(deps, userId, post, input.template, input.home, input.values, input.captionLink ?? false)
}

/** Generates a failed (or finished) post again from the answers it keeps. */
export async function retryPost(
  deps: GenerationDeps,
  userId: string,
  postId: number,
  loadTemplate: (id: number) => Promise<TemplateWithCategory | null>,
): Promise<Post | null> {
  const existing = await getPost(deps.db, userId, postId)
  if (!existing || existing.generating || existing.template_id === null) return null
  const template = await loadTemplate(existing.template_id)
  if (!template) return null
  const home = existing.home_id ? await getHome(deps.db, userId, existing.home_id) : null
  if (template.needs_home && !home) {
    return failPost(deps.db, userId, postId, 'O imóvel deste post não existe mais. Gere um post novo.')
  }
  const ai = await reserveAiGeneration(deps.db, userId)
  if (!ai.allowed) throw new QuotaExceededError(ai)
  const hadLink = await postHadLink(deps.db, userId, postId)
  const post = await restartGeneration(deps.db, userId, postId)
  if (!post) return null
  return runGeneration(deps, userId, post, template, home, existing.meta.fields ?? {}, hadLink)
}

/** Stores the images sent in `file` fields and puts their URLs in place of the files. */
export async function storeFieldFiles(
  storage: Storage,
  userId: string,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const stored: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (typeof File !== 'undefined' && value instanceof File) {
      const processed = await processImage(new Uint8Array(await value.arrayBuffer()), value.name)
      const key = `${userUploadsPrefix(userId)}posts/${randomBytes(12).toString('hex')}/original.${processed.original.ext}`
      await storage.put(key, processed.original.bytes, processed.original.contentType)
      stored[name] = storage.url(key)
    } else stored[name] = value
  }
  return stored
}

/**
 * Posts left `generating` by a process that died (kill -9, a crash, a lost instance) are failed
 * with a pt-BR message once older than the threshold, every minute — not only at the next start,
 * which may never come soon (ADR 143). The agent then sees "Tentar de novo".
 */
export function startStuckPostSweeper(
  db: Database,
  logger: Pick<Logger, 'warn' | 'error'>,
  everyMs = 60_000,
): { stop(): void } {
  const timer = setInterval(() => {
    recoverStuckPosts(db)
      .then((recovered) => {
        if (recovered > 0) logger.warn('posts left generating were failed', { recovered })
      })
      .catch((error: unknown) => logger.error('stuck post sweep failed', { error }))
  }, everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
