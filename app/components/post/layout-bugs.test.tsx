// Each layout bug an agent found (ADR 160), on the same data, in every style. The slides are
// drawn as the post page draws them (the same components the PNG is drawn from).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { brandContacts } from '~/domain/brand'
import { buildPostContent, type PostContent } from '~/domain/post-content'
import { POST_STYLE_IDS, postStyle } from '~/domain/post-style'
import { makeSlide, type Slide } from '~/domain/slides'
import { pillFit, Pill } from './labels'
import { makeKit } from './kit'
import { safeInsets } from './parts'
import { PostSlide } from './post-slide'

const sale = {
  id: 1,
  name: 'Apartamento no Itaim',
  status: 'sale' as const,
  category: 'apartment',
  neighborhood: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
  price: 420000000,
  condominium_price: 210000,
  iptu_price: 65050,
  gallery: [{ name: 'a', url: '/uploads/a.jpg', featured: true }],
}
const rent = { ...sale, status: 'rent' as const, price: null, rental_price: 290000 }
const owner = { full_name: 'Marina Costa', phone: '(11) 98765-4321', theme: { creci: 'CRECI-SP 123456-F' } }

function content(
  home: typeof sale | typeof rent,
  fields: Record<string, unknown>,
  slides: Slide[],
  format = 'portrait',
): PostContent {
  const post = { id: 1, template: 't', format, meta: { slides, fields }, media: null }
  return buildPostContent({ post, home: home as never, owner: owner as never })
}

/** The slide's markup and its words ('|' between elements). */
function draw(c: PostContent, slide = c.slides[0]!) {
  const kit = makeKit({ target: 'html', size: c.size, theme: c.theme, src: (ref) => ref })
  const html = renderToStaticMarkup(<PostSlide kit={kit} slide={slide} home={c.home} brand={c.brand} />)
  return { html, text: html.replace(/<[^>]+>/g, '|').replace(/&quot;/g, '"') }
}

const cover = makeSlide('s1', 'cover', { caption: 'Baixou o preço!' })

describe('"Baixou o preço!" shows the old price struck through and the saving on the image', () => {
  for (const style of POST_STYLE_IDS)
    test(style, () => {
      const { html, text } = draw(content(sale, { old_price: 480000000, style }, [cover]))
      expect(text).toContain('R$ 4.800.000')
      expect(html).toMatch(/text-decoration:line-through[^>]*>R\$ 4\.800\.000</)
      expect(text).toContain('Economia de R$ 600.000')
      expect(text).toContain('R$ 4.200.000')
    })

  test('no saving is drawn when the old price is not higher', () => {
    const { text } = draw(content(sale, { old_price: 400000000 }, [cover]))
    expect(text).not.toContain('Economia')
  })
})

describe('rent reads "/mês" once', () => {
  for (const style of POST_STYLE_IDS)
    test(style, () => {
      for (const description of ['R$ 2.900,00/mês /mês', 'R$ 2.900,00/mês', null]) {
        const { text } = draw(content(rent, { style }, [makeSlide('s1', 'cover', { description })]))
        expect(text.match(/\/mês/g), String(description)).toHaveLength(1)
      }
    })
})

describe('labels are never cut mid-word with an ellipsis', () => {
  test('a long pill shrinks to fit, then wraps at 28 px', () => {
    expect(pillFit('À venda', 30, 420)).toEqual({ size: 30, lines: 1 })
    const long = pillFit('Prazer em conhecer a nossa imobiliária', 30, 420)
    expect(long.size).toBe(28)
    expect(long.lines).toBeGreaterThan(1)
    const kit = makeKit({
      target: 'html',
      size: { width: 1080, height: 1080 },
      theme: content(sale, {}, []).theme,
      src: () => null,
    })
    const html = renderToStaticMarkup(
      <Pill kit={kit} text="Prazer em conhecer a nossa imobiliária" background="#000" color="#fff" maxWidth={420} />,
    )
    expect(html).not.toContain('ellipsis')
    expect(html).toContain('Prazer em conhecer a nossa imobiliária')
  })

  for (const style of POST_STYLE_IDS)
    test(`no slide draws an ellipsis (${style})`, () => {
      const slides = ['cover', 'text', 'closing', 'features', 'photo'].map((type) =>
        makeSlide(type, type as never, {
          caption: 'Prazer em conhecer',
          title: 'À venda',
          button: 'Agende a sua visita exclusiva com a nossa equipe',
        }),
      )
      const c = content(sale, { style }, slides)
      for (const slide of slides) expect(draw(c, slide).html).not.toContain('ellipsis')
    })
})

describe('the contact line never doubles CRECI', () => {
  test('however the agent typed it', () => {
    expect(brandContacts({ creci: 'CRECI-SP 123456-F' }).creci).toBe('CRECI-SP 123456-F')
    expect(brandContacts({ creci: 'CRECI CRECI-SP 123456-F' }).creci).toBe('CRECI-SP 123456-F')
    expect(brandContacts({ creci: '123456-F' }).creci).toBe('CRECI 123456-F')
  })

  for (const style of POST_STYLE_IDS)
    test(`on the closing and the text slides (${style})`, () => {
      const closing = makeSlide('c', 'closing', {
        description: 'Marina Costa · CRECI CRECI-SP 123456-F',
        showAvatar: true,
      })
      const features = makeSlide('f', 'features')
      const c = content(sale, { style }, [closing, features])
      for (const slide of [closing, features]) {
        const { text } = draw(c, slide)
        expect(text).toContain('CRECI-SP 123456-F')
        expect(text).not.toMatch(/CRECI\s+CRECI/)
      }
    })
})

describe("the story keeps to Instagram's safe zones and the photo fills it", () => {
  test('top 250 px and bottom 340 px at 1080×1920', () => {
    expect(safeInsets({ width: 1080, height: 1920 })).toEqual({ top: 250, bottom: 340 })
    expect(safeInsets({ width: 1080, height: 1350 })).toEqual({ top: 0, bottom: 0 })
  })

  for (const style of POST_STYLE_IDS)
    test(`the cover's photo is drawn full height (${style})`, () => {
      const { html } = draw(content(sale, { style }, [makeSlide('s1', 'cover')], 'story'))
      // The photo's box is the whole canvas (100cqw × 1920/1080·100cqw).
      expect(html).toMatch(/<img[^>]*src="\/uploads\/a\.jpg"[^>]*style="[^"]*height:177\.7778cqw/)
    })
})

describe('every text is at least 28 px at 1080 wide (2.5926cqw)', () => {
  for (const style of POST_STYLE_IDS)
    test(style, () => {
      const slides = ['cover', 'text', 'closing', 'features', 'photo', 'photo-grid', 'floor-plan'].map((type) =>
        makeSlide(type, type as never, {
          caption: 'Para alugar',
          title: 'Apartamento mobiliado',
          description: 'Perto do metrô',
          button: 'Chamar no WhatsApp',
          showAvatar: true,
        }),
      )
      const c = content(rent, { style }, slides)
      for (const slide of slides) {
        const sizes = [...draw(c, slide).html.matchAll(/font-size:([\d.]+)cqw/g)].map((m) => Number(m[1]))
        expect(sizes.length, slide.type).toBeGreaterThan(0)
        expect(Math.min(...sizes) * 10.8, `${slide.type}: ${Math.min(...sizes) * 10.8}px`).toBeGreaterThanOrEqual(27.99)
      }
    })
})

describe('text posts get a designed background, never a flat square', () => {
  for (const style of POST_STYLE_IDS)
    test(style, () => {
      const { html } = draw(content(sale, { style }, [makeSlide('t', 'text', { title: 'Feliz Dia das Mães' })]))
      expect(html).toMatch(/background-image:(linear|radial|repeating-linear)-gradient/)
    })

  test('the styles differ in type, photo treatment and layout, not only colour', () => {
    const looks = POST_STYLE_IDS.map((id) => postStyle(id))
    expect(new Set(looks.map((s) => s.cover)).size).toBe(POST_STYLE_IDS.length)
    expect(new Set(looks.map((s) => s.backdrop)).size).toBe(POST_STYLE_IDS.length)
    expect(new Set(looks.map((s) => `${s.headingFont}-${s.uppercase}`)).size).toBeGreaterThanOrEqual(4)
    expect(postStyle('nope').id).toBe('classico')
  })
})
