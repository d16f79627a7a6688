// "Sequência de Stories" (issue 63): a property told in 3–6 Story frames, 1080×1920: the cover,
// two or three photos with one line each, the price and facts, and the agent's WhatsApp. Pure:
// the slides a story post keeps (posts.meta.slides), drawn by the story frames of the kit.
import { homeContent, type HomeContent } from './post-content'
import type { HomeFacts } from './home-facts'
import { makeSlide, type Slide } from './slides'

export const STORY_SEQUENCE_TEMPLATE = 'sequencia-stories'
export const STORY_FRAMES_MIN = 3
export const STORY_FRAMES_MAX = 6
/** Photos between the cover and the price: two or three when the property has them. */
const PHOTOS_MAX = 3
/** One line over a photo: longer captions are cut at a word. */
const LINE_MAX = 60

export type StoryHome = HomeFacts

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= LINE_MAX) return flat
  const cut = flat.slice(0, LINE_MAX + 1)
  const space = cut.lastIndexOf(' ')
  return `${cut.slice(0, space > 20 ? space : LINE_MAX).replace(/[,;:.\s]+$/, '')}…`
}

/** Lines for photos without a caption of their own, from what the property is. */
function fallbackLines(content: HomeContent): string[] {
  const facts = content.facts
  const bedrooms = facts.find((fact) => fact.icon === 'bed')
  const area = facts.find((fact) => fact.icon === 'area')
  const lines = [
    bedrooms && area ? `${bedrooms.value} ${bedrooms.label.toLowerCase()} em ${area.value}` : null,
    content.highlights[0] ? `${content.highlights[0]} para aproveitar` : null,
    content.neighborhood ? `O melhor de ${content.neighborhood}` : null,
    'Cada ambiente pensado para você',
    'Venha conhecer pessoalmente',
  ]
  return lines.filter((line): line is string => !!line)
}

/** The sequence's slides, in publishing order (3 to 6). */
export function storySequenceSlides(home: StoryHome): Slide[] {
  const content = homeContent(home)
  const gallery = (home.gallery ?? []).filter((item) => typeof item?.url === 'string' && item.url !== '')
  const caption = new Map(gallery.map((item) => [item.url, item.caption?.trim() ?? '']))
  // The cover draws the first photo (featured first); the frames after it show the next ones.
  const rest = content.photos.slice(1, 1 + PHOTOS_MAX)
  const fallback = fallbackLines(content)
  let next = 0
  const photos = rest.map((url, i) => {
    const own = caption.get(url)
    const line = own ? oneLine(own) : (fallback[next++] ?? fallback.at(-1)!)
    return makeSlide(`story-photo-${i + 1}`, 'story-photo', { image: url, caption: line })
  })
  return [
    makeSlide('story-cover', 'cover', { caption: content.deal, title: content.name }),
    ...photos,
    makeSlide('story-facts', 'story-facts', { title: content.deal }),
    makeSlide('story-contact', 'story-contact', {
      title: 'Fale comigo no WhatsApp',
      description: 'Responda este story ou chame no WhatsApp para agendar sua visita.',
    }),
  ]
}

/** The post's text: a Story has no caption on Instagram, so this is what the history lists. */
export function storySequenceDescription(home: Pick<StoryHome, 'name'>): string {
  return `Sequência de Stories — ${home.name}`
}
