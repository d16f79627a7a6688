// The slide vocabulary shared by the templates (which write posts.meta.slides) and the renderer
// (which draws them). Pure TypeScript, no I/O. Keep it small and stable: stored posts depend on it.

/** One slide of a post (posts.meta.slides). */
export type Slide = {
  id: string
  type: string
  hide: boolean
  image?: string | null
  caption?: string | null
  title?: string | null
  description?: string | null
  button?: string | null
  showAvatar: boolean
}

/** What a post keeps beside its columns (posts.meta). */
export type PostMeta = {
  slides?: Slide[]
  /** Values the agent typed in the template's form. */
  fields?: Record<string, unknown>
  [key: string]: unknown
}

/**
 * Layouts the renderer knows. A slide's `type` is one of these; an unknown type is drawn as
 * `text` so an old or mistyped post still renders.
 *
 * How each layout reads the Slide fields (all optional unless said):
 * - cover:      image (photo, falls back to the property's featured photo), title (headline,
 *               falls back to the property name), caption (small label above the title, e.g.
 *               "À venda"), description (the price band text; falls back to the property's price)
 * - photo:      image (full-bleed photo), caption (text over the bottom of the photo)
 * - photo-grid: image (the large photo) + the next photos of the property's gallery, title
 * - features:   title, description (one feature per line; falls back to the property's facts:
 *               area, bedrooms, suites, bathrooms, parking spaces, features, amenities)
 * - floor-plan: image (falls back to the property's first floor plan), title, caption
 * - text:       title, description, button (a call to action drawn as a button)
 * - closing:    title, description, button, showAvatar (agent/brand contact: logo, name, phone)
 * The Story frames (1080×1920, "Sequência de Stories", story-sequence.ts) keep their words inside
 * Instagram's safe zones:
 * - story-photo:   image (full-bleed photo), caption (its one line)
 * - story-facts:   title (the deal, e.g. "À venda"); the property's price, other prices and facts
 * - story-contact: title, description; the agent's WhatsApp (else phone), name, CRECI
 */
export const SLIDE_TYPES = [
  'cover',
  'photo',
  'photo-grid',
  'features',
  'floor-plan',
  'text',
  'closing',
  'story-photo',
  'story-facts',
  'story-contact',
] as const

export type SlideType = (typeof SLIDE_TYPES)[number]

export const SLIDE_TYPE_LABELS: Record<SlideType, string> = {
  cover: 'Capa',
  photo: 'Foto',
  'photo-grid': 'Grade de fotos',
  features: 'Características',
  'floor-plan': 'Planta',
  text: 'Texto',
  closing: 'Contato',
  'story-photo': 'Story: foto',
  'story-facts': 'Story: preço e detalhes',
  'story-contact': 'Story: contato',
}

export function isSlideType(value: unknown): value is SlideType {
  return typeof value === 'string' && (SLIDE_TYPES as readonly string[]).includes(value)
}

/** The layout a stored slide is drawn with. */
export function slideLayout(slide: Pick<Slide, 'type'>): SlideType {
  return isSlideType(slide.type) ? slide.type : 'text'
}

/** Image formats. A carousel's slides are portrait (Instagram's 4:5). */
export const POST_FORMATS = {
  feed: { width: 1080, height: 1080, label: 'Feed (1080×1080)' },
  portrait: { width: 1080, height: 1350, label: 'Retrato (1080×1350)' },
  story: { width: 1080, height: 1920, label: 'Story (1080×1920)' },
} as const

export type PostFormat = keyof typeof POST_FORMATS
export type FormatSize = { width: number; height: number }

/** A4 in PDF points (1/72 in): 210 × 297 mm, the media kit's flyer. */
export const A4 = { width: 595.28, height: 841.89 }

/** Max slides in a carousel (Instagram's limit), main image included. */
export const MAX_CAROUSEL_SLIDES = 10

/**
 * Canvas size for a post's `format` column. Accepts the template formats too:
 * 'carousel' → portrait; anything unknown or empty → feed.
 */
export function formatSize(format: string | null | undefined): FormatSize {
  if (format === 'carousel') return sizeOf('portrait')
  if (format === 'feed' || format === 'portrait' || format === 'story') return sizeOf(format)
  return sizeOf('feed')
}

function sizeOf(format: PostFormat): FormatSize {
  const { width, height } = POST_FORMATS[format]
  return { width, height }
}

/** A new slide with the schema defaults (hide false, showAvatar false). */
export function makeSlide(id: string, type: SlideType, fields: Partial<Omit<Slide, 'id' | 'type'>> = {}): Slide {
  return {
    id,
    type,
    hide: false,
    image: null,
    caption: null,
    title: null,
    description: null,
    button: null,
    showAvatar: false,
    ...fields,
  }
}

/** Slides shown and downloaded, in order (hidden ones are skipped). */
export function visibleSlides(slides: readonly Slide[] | null | undefined): Slide[] {
  return (slides ?? []).filter((s) => !s.hide)
}
