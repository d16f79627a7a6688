// Every cover composition, on the words of a "Vendido!" / "Alugado!" post and of a rental: what a
// person reads on the cover (the page's markup: the same layout the PNG is drawn from).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { COMPOSITION_IDS, type CompositionId } from '~/domain/compositions'
import { homeContent } from '~/domain/post-content'
import { DEFAULT_POST_THEME } from '~/domain/post-theme'
import { makeSlide, formatSize } from '~/domain/slides'
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
  parking_spaces: 2,
  gallery: [
    { name: 'a', url: '/uploads/a.jpg', featured: true },
    { name: 'b', url: '/uploads/b.jpg' },
    { name: 'c', url: '/uploads/c.jpg' },
  ],
}
const rental = { ...home, status: 'rent' as const, price: null, rental_price: 290000 }

function coverText(composition: CompositionId, format: string, facts: object, words: Record<string, string | null>) {
  const theme = { ...DEFAULT_POST_THEME, cover: composition }
  const kit = makeKit({ target: 'html', size: formatSize(format), theme, src: (ref) => ref })
  const slide = makeSlide('s1', 'cover', { image: '/uploads/a.jpg', ...words })
  const brand = { name: 'Marina', phone: null, initials: 'M', logo: null }
  const html = renderToStaticMarkup(
    <PostSlide kit={kit} slide={slide} home={homeContent(facts as never)} brand={brand} />,
  )
  return html.replace(/<[^>]+>/g, '|')
}

describe('cover compositions', () => {
  test('a "Vendido!" or "Alugado!" cover never offers the property, in any composition or format', () => {
    for (const composition of COMPOSITION_IDS)
      for (const format of ['feed', 'carousel', 'story'])
        for (const [facts, label] of [
          [home, 'Vendido!'],
          [rental, 'Alugado!'],
        ] as const) {
          const text = coverText(composition, format, facts, {
            caption: label,
            title: 'Apartamento em Itaim Bibi',
            description: 'Mais um sonho realizado',
          })
          expect(text, `${composition} ${format} ${label}`).not.toMatch(/à venda|para alugar|disponível/i)
        }
  })

  test('the stamp says the deal is done, in the word of the deal', () => {
    const sold = coverText('stamp', 'feed', home, { caption: 'Vendido!', description: 'Mais um sonho realizado' })
    expect(sold).toMatch(/\|Vendido\|/)
    const let_ = coverText('stamp', 'feed', rental, { caption: 'Alugado!', description: 'Mais um sonho realizado' })
    expect(let_).toMatch(/\|Alugado\|/)
  })

  test('a rental says /mês once and its price in every composition that shows a price', () => {
    for (const composition of COMPOSITION_IDS) {
      if (composition === 'stamp' || composition === 'neighborhood' || composition === 'date') continue
      const text = coverText(composition, 'carousel', rental, { caption: 'Para alugar', title: 'Studio' })
      expect(text.match(/\/mês/g), composition).toHaveLength(1)
      expect(text, composition).toContain('R$ 2.900,00')
    }
  })
})
