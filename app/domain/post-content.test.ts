import { describe, expect, test } from 'vitest'
import { buildPostContent, carouselEntries, homeContent, initialsOf, postDownloadName, postPrice } from './post-content'
import { makeSlide } from './slides'

const home = {
  name: 'Casa com piscina',
  status: 'rent',
  category: 'house',
  stage: 'ready',
  price: null,
  rental_price: 850000,
  condominium_price: 0,
  iptu_price: 32050,
  area: 180.5,
  bedrooms: 1,
  suites: null,
  bathrooms: 2,
  parking_spaces: 0,
  features: ['accepts_pets', 'unknown_key'],
  amenities: ['pool'],
  neighborhood: 'Boa Viagem',
  city: 'Recife',
  state: 'PE',
  gallery: [
    { name: 'a', url: '/uploads/a.jpg' },
    { name: 'b', url: '/uploads/b.jpg', featured: true },
  ],
  floor_plans: [],
  theme: null,
} as const

describe('post content', () => {
  test('prices read as a listing shows them', () => {
    expect(postPrice(189000000)).toBe('R$ 1.890.000')
    expect(postPrice(123456)).toBe('R$ 1.234,56')
    expect(postPrice(null)).toBeNull()
    expect(postPrice(0)).toBeNull()
  })

  test('a property for rent: monthly price, facts in pt-BR, featured photo first, no street', () => {
    const content = homeContent(home as never)
    expect(content.deal).toBe('Para alugar')
    expect(content.priceLabel).toBe('Aluguel')
    expect(content.price).toBe('R$ 8.500,00')
    expect(content.priceSuffix).toBe('/mês')
    expect(content.otherPrices).toEqual(['IPTU R$ 320,50'])
    expect(content.location).toBe('Boa Viagem, Recife - PE')
    expect(content.facts).toEqual([
      { icon: 'area', value: '180,5 m²', label: 'Área' },
      { icon: 'bed', value: '1', label: 'Quarto' },
      { icon: 'bath', value: '2', label: 'Banheiros' },
    ])
    expect(content.highlights).toEqual(['Aceita pets', 'unknown_key', 'Piscina'])
    expect(content.photos).toEqual(['/uploads/b.jpg', '/uploads/a.jpg'])
    expect(JSON.stringify(content)).not.toContain('Rua')
  })

  test('file names (post-{template}-{id}.png)', () => {
    expect(postDownloadName('carrossel-venda', 12)).toBe('post-carrossel-venda-12.png')
    expect(postDownloadName('Dica do Corretor!', 3, 'jpg')).toBe('post-dica-do-corretor-3.jpg')
    expect(postDownloadName(null, 4)).toBe('post-post-4.png')
  })

  test('initials of the agent', () => {
    expect(initialsOf('Ana Maria de Souza')).toBe('AS')
    expect(initialsOf('ana')).toBe('A')
    expect(initialsOf(null)).toBe('')
  })

  test('carousel entries: stored media first, then every visible slide from slide-2', () => {
    const slides = [
      makeSlide('a', 'cover'),
      makeSlide('b', 'photo', { hide: true }),
      makeSlide('c', 'text'),
      makeSlide('d', 'closing'),
    ]
    expect(
      carouselEntries({ slides, home: null, media: '/uploads/main.png' }).map((e) => [
        e.name,
        e.kind === 'slide' ? e.index : 'media',
      ]),
    ).toEqual([
      ['slide-1.png', 'media'],
      ['slide-2.png', 0],
      ['slide-3.png', 2],
      ['slide-4.png', 3],
    ])
    // Without media the first visible slide is the main image, not repeated.
    expect(carouselEntries({ slides, home: null, media: null }).map((e) => e.name)).toEqual([
      'slide-1.png',
      'slide-2.png',
      'slide-3.png',
    ])
    // Nothing visible: a main image is still drawn.
    expect(carouselEntries({ slides: [], home: null, media: null })).toHaveLength(1)
  })

  test('the property theme wins over the account theme, field by field', () => {
    const content = buildPostContent({
      post: { id: 1, template: 't', format: 'story', meta: { slides: [] }, media: null },
      home: { ...home, theme: { primary_color: '#112233' } } as never,
      owner: {
        full_name: 'Ana Souza',
        phone: ' (81) 99999-0000 ',
        theme: { primary_color: '#FF0000', secondary_color: '#00AA00' },
      },
    })
    expect(content.size).toEqual({ width: 1080, height: 1920 })
    expect(content.theme.primary).toBe('#112233')
    expect(content.theme.secondary).toBe('#00AA00')
    expect(content.brand).toEqual({ name: 'Ana Souza', phone: '(81) 99999-0000', initials: 'AS', logo: null })
  })

  test('the colour chosen in the post form ("Cor do post") paints the post, with readable text on it', () => {
    const content = buildPostContent({
      post: {
        id: 1,
        template: 't',
        format: 'square',
        meta: { slides: [], fields: { brand_color: '#be123c' } },
        media: null,
      },
      home: null,
      owner: { full_name: 'Ana Souza', phone: null, theme: { primary_color: '#112233' } },
    })
    expect(content.theme.primary).toBe('#BE123C')
    expect(content.theme.onPrimary).toBe('#FFFFFF')
    const plain = buildPostContent({
      post: {
        id: 1,
        template: 't',
        format: 'square',
        meta: { slides: [], fields: { brand_color: 'vermelho' } },
        media: null,
      },
      home: null,
      owner: { full_name: 'Ana Souza', phone: null, theme: { primary_color: '#112233' } },
    })
    expect(plain.theme.primary).toBe('#112233')
  })
})
