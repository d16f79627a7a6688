// The one interface every copywriter implements (offline pt-BR writer, OpenAI-compatible API),
// and the shape of what they write, checked by zod whatever the source.
import type { FieldDefinition } from '~/domain/fields/types'
import { headlinesSchema } from './headlines'
import type { TemplateFormat, TemplateKind } from './post-plan'
import type { AgentFacts, HomeFacts } from './prompts'
import type { Slide } from './slides'
import type { TemplatePrompt } from './templates'
import { z } from './validation'

export type CopyRequest = {
  template: { name: string; kind: TemplateKind; format: TemplateFormat }
  home: HomeFacts | null
  fields: readonly FieldDefinition[]
  /** The agent's answers, typed (money in cents). */
  values: Record<string, unknown>
  agent: AgentFacts | null
  /** The planned slides (layouts and photos); the writer fills their words, one entry per slide. */
  slides: readonly Slide[]
  /** The template's prompts with their placeholders filled. */
  messages: readonly TemplatePrompt[]
}

export const slideCopySchema = z.object({
  title: z.string().max(120).nullish(),
  description: z.string().max(600).nullish(),
  button: z.string().max(40).nullish(),
  caption: z.string().max(200).nullish(),
})

/** What a writer returns: the post's caption, the words of each planned slide, headline options. */
export const postCopySchema = z.object({
  caption: z.string().trim().min(1).max(2200),
  slides: z.array(slideCopySchema),
  /** Up to three titles for the cover (ADR 165); none for posts about no property. */
  headlines: headlinesSchema.optional(),
})

export type SlideCopy = z.infer<typeof slideCopySchema>
export type PostCopy = z.infer<typeof postCopySchema>

export interface CopyWriter {
  /** 'offline' or 'openai-compatible', shown in logs. */
  readonly name: string
  write(request: CopyRequest, options?: { signal?: AbortSignal }): Promise<PostCopy>
}

/** A failure the agent can read (pt-BR), kept on the post and shown beside the retry button. */
export class CopyWriterError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'invalid-answer' | 'unavailable',
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'CopyWriterError'
  }
}

/**
 * The planned slides with the writer's words laid over them; images stay as planned, and so do
 * the captions the agent gave the photos (a photo slide says what its owner wrote under it).
 */
export function applyCopy(plan: readonly Slide[], copy: PostCopy): Slide[] {
  return plan.map((slide, index) => {
    const words = copy.slides[index]
    if (!words) return slide
    const text = (value: string | null | undefined, fallback: string | null | undefined) =>
      value != null && value.trim() !== '' ? value.trim() : (fallback ?? null)
    const ownCaption = slide.type === 'photo' && slide.caption?.trim() ? slide.caption.trim() : null
    return {
      ...slide,
      title: text(words.title, slide.title),
      description: text(words.description, slide.description),
      button: text(words.button, slide.button),
      caption: ownCaption ?? text(words.caption, slide.caption),
    }
  })
}
