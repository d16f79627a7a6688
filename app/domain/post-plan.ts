// How a template turns a property into slides: which layouts, in which order, with which of the
// property's photos. The words on the slides come afterwards, from the offline copywriter or
// the AI provider (app/integrations/ai); they never choose images, so a post shows only photos of
// the property it was made from.
import { isCompositionId, type CompositionId } from './compositions'
import type { MediaItem } from './media'
import { MAX_CAROUSEL_SLIDES, makeSlide, type Slide, type SlideType } from './slides'

/** What a template is about; the copywriter writes differently for each. */
export const TEMPLATE_KINDS = [
  'listing',
  'price-drop',
  'sold',
  'open-house',
  'launch',
  'sample',
  'tip',
  'neighborhood',
  'institutional',
  'testimonial',
  'holiday',
] as const
export type TemplateKind = (typeof TEMPLATE_KINDS)[number]

export type TemplateFormat = 'feed' | 'portrait' | 'story' | 'carousel'

export const TEMPLATE_FORMAT_LABELS: Record<TemplateFormat, string> = {
  feed: 'Feed 1:1',
  portrait: 'Retrato 4:5',
  story: 'Story 9:16',
  carousel: 'Carrossel',
}

/** Stored in post_templates.design. */
export type TemplateDesign = {
  kind: TemplateKind
  /** Slide layouts in order. `photo` slots take the next photo; slots without a photo are dropped. */
  slides?: SlideType[]
  /** The cover's composition by default (compositions.ts); absent: the kind's. */
  cover?: CompositionId
}

export function readTemplateDesign(design: Record<string, unknown> | null | undefined): TemplateDesign {
  const kind = (TEMPLATE_KINDS as readonly string[]).includes(String(design?.kind))
    ? (design!.kind as TemplateKind)
    : 'listing'
  const slides = Array.isArray(design?.slides) ? (design!.slides as SlideType[]) : undefined
  const cover = isCompositionId(design?.cover) ? design.cover : undefined
  return { kind, slides, ...(cover ? { cover } : {}) }
}

/** A source of randomness in [0, 1): Math.random in production, seeded in tests. */
export type Random = () => number

/** A small deterministic generator (mulberry32) for tests and benchmarks. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length) % items.length]!
}

export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

type PhotoSource = { gallery?: MediaItem[] | null; floor_plans?: MediaItem[] | null }

function photos(home: PhotoSource | null | undefined): MediaItem[] {
  return (home?.gallery ?? []).filter((item) => typeof item?.url === 'string' && item.url !== '')
}

/** The featured photo, else the first one. */
export function coverPhoto(home: PhotoSource | null | undefined): MediaItem | undefined {
  const all = photos(home)
  return all.find((item) => item.featured) ?? all[0]
}

/**
 * The ids of one plan's slides: unique within it by a counter of its own, and the random part
 * keeps them apart from another plan's slides should they ever meet in one post.
 */
export function slideIds(random: Random): () => string {
  let count = 0
  return () => {
    count += 1
    return `s${Math.floor(random() * 36 ** 6).toString(36)}${count.toString(36)}`
  }
}

/**
 * The sample carousel: up to 3 random non-featured gallery photos, then a text slide titled
 * 'Conheça mais sobre o nosso produto' with the button 'Saiba mais'.
 */
export function sampleCarousel(home: PhotoSource | null | undefined, random: Random): Slide[] {
  const chosen = shuffle(
    photos(home).filter((item) => !item.featured),
    random,
  ).slice(0, 3)
  const nextId = slideIds(random)
  return [
    ...chosen.map((item) => makeSlide(nextId(), 'photo', { image: item.url, caption: item.caption ?? null })),
    makeSlide(nextId(), 'text', {
      title: 'Conheça mais sobre o nosso produto',
      button: 'Saiba mais',
    }),
  ]
}

const DEFAULT_LAYOUTS: Record<TemplateFormat, Partial<Record<TemplateKind, SlideType[]>>> = {
  carousel: {
    listing: ['cover', 'photo', 'photo', 'photo', 'features', 'floor-plan', 'closing'],
    launch: ['cover', 'photo', 'features', 'photo', 'floor-plan', 'text', 'closing'],
    'price-drop': ['cover', 'photo', 'photo', 'features', 'closing'],
    neighborhood: ['cover', 'text', 'text', 'text', 'closing'],
    tip: ['cover', 'text', 'text', 'text', 'closing'],
    institutional: ['cover', 'text', 'text', 'closing'],
    testimonial: ['text', 'closing'],
    holiday: ['text', 'closing'],
  },
  feed: {},
  portrait: {},
  story: {},
}

/** The single slide of a feed, portrait or story post. */
function singleLayout(kind: TemplateKind): SlideType {
  switch (kind) {
    case 'tip':
    case 'institutional':
    case 'testimonial':
    case 'holiday':
      return 'text'
    default:
      return 'cover'
  }
}

/**
 * The slides of a new post: layouts from the template's design (or the defaults of its kind and
 * format), photos from the property's gallery only. Texts are left empty for the writer.
 */
export function planSlides(input: {
  design: TemplateDesign
  format: TemplateFormat
  home?: PhotoSource | null
  random: Random
}): Slide[] {
  const { design, format, home, random } = input
  if (design.kind === 'sample') return sampleCarousel(home, random)
  const layouts =
    format === 'carousel'
      ? (design.slides ?? DEFAULT_LAYOUTS.carousel[design.kind] ?? ['cover', 'photo', 'closing'])
      : [design.slides?.[0] ?? singleLayout(design.kind)]

  const cover = coverPhoto(home)
  const others = shuffle(
    photos(home).filter((item) => item.url !== cover?.url),
    random,
  )
  const plans = (home?.floor_plans ?? []).filter((item) => item?.url)
  const nextId = slideIds(random)
  const slides: Slide[] = []
  for (const layout of layouts) {
    if (slides.length >= MAX_CAROUSEL_SLIDES) break
    const id = nextId()
    switch (layout) {
      case 'cover':
        slides.push(makeSlide(id, 'cover', { image: cover?.url ?? null }))
        break
      case 'photo': {
        const photo = others.shift()
        if (photo) slides.push(makeSlide(id, 'photo', { image: photo.url, caption: photo.caption ?? null }))
        break
      }
      case 'photo-grid':
        slides.push(makeSlide(id, 'photo-grid', { image: others[0]?.url ?? cover?.url ?? null }))
        break
      case 'floor-plan': {
        const plan = plans.shift()
        if (plan) slides.push(makeSlide(id, 'floor-plan', { image: plan.url, caption: plan.caption ?? null }))
        break
      }
      case 'closing':
        slides.push(makeSlide(id, 'closing', { showAvatar: true }))
        break
      default:
        slides.push(makeSlide(id, layout))
    }
  }
  return slides
}

/**
 * The property as a template with a `gallery` field sees it: only the photos the agent ticked,
 * in the order ticked, the first one the cover ('Escolha as fotos'). Nothing ticked: all photos.
 */
export function withChosenPhotos<T extends PhotoSource>(home: T | null, chosen: unknown): T | null {
  const urls = Array.isArray(chosen) ? chosen.filter((url): url is string => typeof url === 'string') : []
  if (!home || urls.length === 0) return home
  const byUrl = new Map(photos(home).map((item) => [item.url, item]))
  const gallery = urls.flatMap((url, index) => {
    const item = byUrl.get(url)
    return item ? [{ ...item, featured: index === 0 }] : []
  })
  return gallery.length ? { ...home, gallery } : home
}

/** Every image a list of slides points at. */
export function slideImages(slides: readonly Slide[]): string[] {
  return slides.map((slide) => slide.image).filter((url): url is string => Boolean(url))
}
