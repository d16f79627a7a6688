// Headline options (ADR 165): the copywriter offers three titles for a post's cover, kept with
// the post in posts.meta.headlines (no column: the options live and die with the generated
// content); the agent picks one and it becomes the cover slide's title. Pure.
import type { PostMeta, Slide } from './slides'
import { z } from './validation'

export const HEADLINE_COUNT = 3
/** As long as the 'Chamada principal' field takes; a cover title holds it. */
export const HEADLINE_MAX = 80

/** Lines that fit any property: never offered as a headline. */
export const GENERIC_HEADLINES = [
  'Espaço para viver bem',
  'Conforto para o dia a dia',
  'Cada detalhe pensado para você',
  'Pronto para morar',
  'Seu novo lar',
  'Oportunidade única',
] as const

/** Kinds whose posts are about one property; the others (tips, dates…) get no options. */
export const PROPERTY_KINDS: ReadonlySet<string> = new Set([
  'listing',
  'price-drop',
  'sold',
  'open-house',
  'launch',
  'sample',
  'neighborhood',
])

export const headlinesSchema = z.array(z.string().trim().min(1).max(HEADLINE_MAX)).max(HEADLINE_COUNT)

/** The options a post keeps ([] for an older post, or a post about no property). */
export function readHeadlines(meta: PostMeta | null | undefined): string[] {
  const parsed = headlinesSchema.safeParse(meta?.headlines)
  return parsed.success ? parsed.data : []
}

/** The slide a chosen headline goes on: the first cover, else the first visible slide; -1 for none. */
export function headlineSlideIndex(slides: readonly Slide[]): number {
  const cover = slides.findIndex((slide) => slide.type === 'cover')
  if (cover >= 0) return cover
  return slides.findIndex((slide) => !slide.hide)
}
