// The photo guard rail (ADR 166): a template whose slides show the property's photos, chosen
// for a property that has none, says so before generating and offers the templates that need no
// photo; the server refuses to generate it (400) instead of making a post with an empty photo.
import { planSlides, readTemplateDesign, type TemplateFormat } from './post-plan'

export const NO_PHOTOS_MESSAGE =
  'Este imóvel ainda não tem fotos. Adicione fotos a ele para usar este modelo, ou escolha um modelo só de texto.'

/** Layouts drawn around one of the property's photos. */
const PHOTO_LAYOUTS: ReadonlySet<string> = new Set(['cover', 'photo', 'photo-grid'])

/** Kinds whose cover is a title over the brand's background, a photo only when there is one. */
const TEXT_KINDS: ReadonlySet<string> = new Set(['neighborhood', 'tip', 'institutional', 'testimonial', 'holiday'])

type TemplateShape = { design: Record<string, unknown> | null; format: string }

/** True when the template's slides need the property's photos (its cover, its photo slides). */
export function templateNeedsPhotos(template: TemplateShape): boolean {
  const design = readTemplateDesign(template.design)
  if (design.kind === 'sample') return true
  if (TEXT_KINDS.has(design.kind)) return false
  // The layouts as planned for a property with a photo to spare for every slot.
  const gallery = Array.from({ length: 12 }, (_, index) => ({ name: `${index}`, url: `/foto-${index}.jpg` }))
  const slides = planSlides({ design, format: template.format as TemplateFormat, home: { gallery }, random: () => 0 })
  return slides.some((slide) => PHOTO_LAYOUTS.has(slide.type))
}

/** A property's gallery has at least one photo. */
export function hasPhotos(
  home: { gallery?: ReadonlyArray<{ url?: string | null }> | null } | null | undefined,
): boolean {
  return (home?.gallery ?? []).some((item) => typeof item?.url === 'string' && item.url !== '')
}

/** Where the agent adds photos to a property: its form, at the photos section. */
export function addPhotosPath(homeId: number): string {
  return `/imoveis/${homeId}#fotos`
}
