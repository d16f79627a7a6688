// Carousels read as carousels: numbered slides and a swipe cue on the first, the agent's own photo
// captions, the facts as an icon grid with their numbers large, the plan with the area.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { applyCopy } from '~/domain/copy'
import { buildPostContent, slidePosition, type PostContent } from '~/domain/post-content'
import { makeSlide, type Slide } from '~/domain/slides'
import { makeKit } from './kit'
import { PostSlide } from './post-slide'

const home = {
  id: 1,
  name: 'Apartamento no Itaim',
  status: 'sale' as const,
  category: 'apartment',
  neighborhood: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
  price: 245000000,
  area: 142,
  bedrooms: 3,
  bathrooms: 4,
  parking_spaces: 2,
  features: ['gourmet_balcony'],
  gallery: [
    { name: 'a', url: '/uploads/a.jpg', featured: true },
    { name: 'b', url: '/uploads/b.jpg', caption: 'Varanda com vista para o parque' },
  ],
  floor_plans: [{ name: 'p', url: '/uploads/p.png' }],
}

const slides: Slide[] = [
  makeSlide('c', 'cover', { image: '/uploads/a.jpg' }),
  makeSlide('p', 'photo', { image: '/uploads/b.jpg', caption: 'Varanda com vista para o parque' }),
  makeSlide('f', 'features'),
  makeSlide('h', 'photo', { hide: true }),
  makeSlide('pl', 'floor-plan', { image: '/uploads/p.png' }),
  makeSlide('e', 'closing', { showAvatar: true }),
]

function content(list: Slide[], format = 'carousel'): PostContent {
  return buildPostContent({
    post: { id: 3, template: 't', format, meta: { slides: list }, media: null },
    home: home as never,
    owner: { full_name: 'Ana Souza', phone: '(11) 98765-4321', theme: null },
  })
}

/** The slide's words as the page draws them ('|' between elements). */
function words(c: PostContent, slide: Slide) {
  const kit = makeKit({ target: 'html', size: c.size, theme: c.theme, src: (ref) => ref })
  const html = renderToStaticMarkup(
    <PostSlide kit={kit} slide={slide} home={c.home} brand={c.brand} position={slidePosition(c, slide)} />,
  )
  return html.replace(/<[^>]+>/g, '|')
}

describe('a carousel', () => {
  test('numbers its visible slides as the download does ("1/5" … "5/5"), hidden ones skipped', () => {
    const c = content(slides)
    expect(slides.map((slide) => slidePosition(c, slide))).toEqual([
      { number: 1, total: 5 },
      { number: 2, total: 5 },
      { number: 3, total: 5 },
      null,
      { number: 4, total: 5 },
      { number: 5, total: 5 },
    ])
    expect(words(c, slides[1]!)).toContain('|2/5|')
    expect(words(c, slides[5]!)).toContain('|5/5|')
  })

  test('the cover carries the swipe cue with its number', () => {
    const c = content(slides)
    const kit = makeKit({ target: 'html', size: c.size, theme: c.theme, src: (ref) => ref })
    const html = renderToStaticMarkup(
      <PostSlide kit={kit} slide={slides[0]!} home={c.home} brand={c.brand} position={slidePosition(c, slides[0]!)} />,
    )
    expect(html.replace(/<[^>]+>/g, '|')).toContain('|1/5|')
    // The arrow icon (Icon 'arrow': "M5 12h14…") is drawn beside the number.
    expect(html).toContain('M5 12h14M13 6l6 6-6 6')
  })

  test('a single image has no number', () => {
    const single = [makeSlide('c', 'cover', { image: '/uploads/a.jpg' })]
    const c = content(single, 'feed')
    expect(slidePosition(c, single[0]!)).toBeNull()
    expect(words(c, single[0]!)).not.toMatch(/\|\d+\/\d+\|/)
  })

  test("a photo slide shows the agent's own caption, whatever the writer wrote", () => {
    const written = applyCopy(slides, {
      caption: 'Legenda',
      slides: slides.map(() => ({ caption: 'Texto do redator', title: null })),
    })
    expect(written[1]!.caption).toBe('Varanda com vista para o parque')
    expect(words(content(written), written[1]!)).toContain('Varanda com vista para o parque')
    // A photo without a caption of its own takes the writer's.
    expect(
      applyCopy([makeSlide('x', 'photo')], { caption: 'L', slides: [{ caption: 'Sala ampla' }] })[0]!.caption,
    ).toBe('Sala ampla')
  })

  test('the features slide is a grid of tiles, each number apart from its words', () => {
    const text = words(content(slides), slides[2]!)
    expect(text).toContain('|142 m²|')
    expect(text).toContain('|de área|')
    expect(text).toContain('|3|')
    expect(text).toContain('|quartos|')
    expect(text).toContain('|Varanda gourmet|')
  })

  test('the floor-plan slide shows the plan with the area', () => {
    const c = content(slides)
    const kit = makeKit({ target: 'html', size: c.size, theme: c.theme, src: (ref) => ref })
    const html = renderToStaticMarkup(
      <PostSlide kit={kit} slide={slides[4]!} home={c.home} brand={c.brand} position={slidePosition(c, slides[4]!)} />,
    )
    expect(html).toContain('src="/uploads/p.png"')
    expect(html.replace(/<[^>]+>/g, '|')).toMatch(/\|Área\|.*\|142 m²\|/)
  })
})
