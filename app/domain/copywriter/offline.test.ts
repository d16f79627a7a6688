import { describe, expect, test } from 'vitest'
import type { MediaItem } from '~/domain/media'
import { planSlides, seededRandom, slideImages, type TemplateDesign, type TemplateFormat } from '~/domain/post-plan'
import { promptVariables, type HomeFacts } from '~/domain/prompts'
import { makeSlide } from '~/domain/slides'
import { hashtag, writeOfflineCopy } from './offline'
import { applyCopy, postCopySchema, type CopyRequest } from '~/domain/copy'

const gallery: MediaItem[] = [
  { name: 'sala.jpg', url: '/uploads/h1/sala.jpg', caption: 'Sala integrada com a varanda', featured: false },
  { name: 'fachada.jpg', url: '/uploads/h1/fachada.jpg', featured: true },
  { name: 'cozinha.jpg', url: '/uploads/h1/cozinha.jpg', featured: false },
  { name: 'quarto.jpg', url: '/uploads/h1/quarto.jpg', featured: false },
  { name: 'banheiro.jpg', url: '/uploads/h1/banheiro.jpg', featured: false },
]

const apartment: HomeFacts = {
  id: 1,
  name: 'Apartamento Pinheiros',
  status: 'sale',
  category: 'apartment',
  type: 'residential',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  price: 98000000,
  condominium_price: 120000,
  area: 82,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 1,
  features: ['gourmet_balcony', 'built_in_cabinets'],
  amenities: ['pool', 'gym', 'party_room'],
  gallery,
  floor_plans: [{ name: 'planta.png', url: '/uploads/h1/planta.png' }],
}

function request(
  kind: TemplateDesign['kind'],
  format: TemplateFormat,
  values: Record<string, unknown> = {},
  home: HomeFacts | null = apartment,
  seed = 1,
): CopyRequest {
  const slides = planSlides({ design: { kind }, format, home, random: seededRandom(seed) })
  return {
    template: { name: 'Teste', kind, format },
    home,
    fields: [],
    values,
    agent: { name: 'Marina Costa', phone: '(11) 98765-4321' },
    slides,
    messages: [],
  }
}

describe('listing posts', () => {
  test('the caption has the deal, the neighbourhood, the rooms, the price in BRL and hashtags', () => {
    const copy = writeOfflineCopy(request('listing', 'carousel'), seededRandom(7))
    expect(postCopySchema.parse(copy)).toEqual(copy)
    expect(copy.caption).toContain('Pinheiros')
    expect(copy.caption).toContain('R$ 980.000,00')
    expect(copy.caption).toMatch(/3 quartos \(1 suíte\)/)
    expect(copy.caption).toContain('82 m²')
    expect(copy.caption).toContain('Piscina, Academia e Salão de festas')
    expect(copy.caption).toMatch(/#apartamentoavenda/)
    expect(copy.caption).toMatch(/#pinheiros/)
    expect(copy.caption).toMatch(/#saopaulo/)
    expect(copy.caption).toContain('(11) 98765-4321')
    expect(copy.caption).not.toMatch(/undefined|null|NaN/)
  })

  test('the wording varies from one post to the next', () => {
    const captions = new Set(
      Array.from({ length: 8 }, (_, seed) => writeOfflineCopy(request('listing', 'feed'), seededRandom(seed)).caption),
    )
    expect(captions.size).toBeGreaterThanOrEqual(6)
  })

  test('the carousel shows only the property’s photos, cover first, floor plan and closing', () => {
    const req = request('listing', 'carousel')
    const slides = applyCopy(req.slides, writeOfflineCopy(req, seededRandom(3)))
    expect(slides.map((slide) => slide.type)).toEqual([
      'cover',
      'photo',
      'photo',
      'photo',
      'features',
      'floor-plan',
      'closing',
    ])
    const own = [...gallery.map((item) => item.url), '/uploads/h1/planta.png']
    for (const url of slideImages(slides)) expect(own).toContain(url)
    expect(slides[0]!.image).toBe('/uploads/h1/fachada.jpg')
    expect(slides[0]).toMatchObject({
      caption: 'À venda',
      title: 'Apartamento em Pinheiros',
      description: 'R$ 980.000',
    })
    expect(slides.at(-1)!.showAvatar).toBe(true)
    expect(slides.find((slide) => slide.image === '/uploads/h1/sala.jpg')?.caption).toBe('Sala integrada com a varanda')
  })

  test('a property without photos still gets a post, with no photo slides', () => {
    const req = request('listing', 'carousel', {}, { ...apartment, gallery: [], floor_plans: [] })
    expect(req.slides.map((slide) => slide.type)).toEqual(['cover', 'features', 'closing'])
    expect(writeOfflineCopy(req, seededRandom(1)).caption).toContain('Pinheiros')
  })

  test('the agent can have the image say millions in words', () => {
    const copy = writeOfflineCopy(
      request('listing', 'feed', { price_style: 'short' }, { ...apartment, price: 420000000 }),
      seededRandom(2),
    )
    expect(copy.slides[0]!.description).toBe('R$ 4,2 milhões')
  })

  test('a rental shows the monthly rent', () => {
    const rent = { ...apartment, status: 'rent' as const, price: null, rental_price: 450000 }
    const copy = writeOfflineCopy(request('listing', 'feed', {}, rent), seededRandom(2))
    expect(copy.caption).toContain('Aluguel: R$ 4.500,00/mês')
    expect(copy.caption).toMatch(/#apartamentoparaalugar/)
    // The image's price has no '/mês': the cover draws it once beside the amount (ADR 151).
    expect(copy.slides[0]).toMatchObject({ caption: 'Para alugar', description: 'R$ 4.500,00' })
  })

  test('the agent’s answers steer the copy', () => {
    const copy = writeOfflineCopy(
      request('listing', 'feed', {
        headline: 'Oportunidade no coração de Pinheiros',
        show_price: false,
        price_note: 'Valor sob consulta',
        call_to_action: 'custom',
        custom_cta: 'Ligue já!',
        tone: 'formal',
      }),
      seededRandom(4),
    )
    expect(copy.caption.startsWith('Oportunidade no coração de Pinheiros')).toBe(true)
    expect(copy.caption).toContain('Valor sob consulta')
    expect(copy.caption).not.toContain('R$ 980.000,00')
    expect(copy.caption).toContain('Ligue já!')
    expect(copy.caption).not.toMatch(/\p{Extended_Pictographic}/u)
  })

  test('missing facts leave no gaps', () => {
    const bare: HomeFacts = {
      id: 2,
      name: 'Terreno',
      status: 'sale',
      category: 'land',
      neighborhood: 'Centro',
      city: 'Campinas',
      state: 'SP',
    }
    const copy = writeOfflineCopy(request('listing', 'carousel', {}, bare), seededRandom(5))
    expect(copy.caption).toMatch(/terreno/i)
    // A price never given reads 'R$ -,--' (ADR 150).
    expect(copy.caption).toContain('R$ -,--')
    expect(copy.slides[0]!.description).toBe('R$ -,--')
    expect(copy.caption).not.toMatch(/undefined|null|NaN| ,|\(\)/)
  })

  test('price drop, sold, open house and launch', () => {
    const drop = writeOfflineCopy(request('price-drop', 'portrait', { old_price: 110000000 }), seededRandom(1))
    expect(drop.caption).toContain('De R$ 1.100.000,00 por R$ 980.000,00')
    expect(drop.caption).toContain('economia de R$ 120.000,00')
    const sold = writeOfflineCopy(request('sold', 'feed'), seededRandom(1))
    expect(sold.caption).toContain('VENDIDO!')
    expect(sold.slides[0]!.caption).toBe('Vendido!')
    const open = writeOfflineCopy(
      request('open-house', 'story', { event_date: '2025-06-14', event_time: '10:00' }),
      seededRandom(1),
    )
    expect(open.caption).toContain('14/06/2025 às 10:00')
    expect(open.slides[0]!.description).toBe('14/06/2025 às 10:00')
    const launch = writeOfflineCopy(
      request('launch', 'carousel', {
        delivery: 'Dezembro de 2026',
        developer: 'Construtora Alfa',
        conditions: ['fgts', 'parcelas_obra'],
      }),
      seededRandom(1),
    )
    expect(launch.caption).toContain('Entrega prevista: Dezembro de 2026')
    expect(launch.caption).toContain('Use seu FGTS')
    expect(launch.caption).toMatch(/#lancamento/)
  })
})

describe('the sample carousel (3 photos, then the closing text slide)', () => {
  test('up to 3 random non-featured photos and the closing text slide', () => {
    for (let seed = 0; seed < 20; seed++) {
      const req = request('sample', 'carousel', {}, apartment, seed)
      const photos = req.slides.filter((slide) => slide.type === 'photo')
      expect(photos.length).toBe(3)
      expect(photos.map((slide) => slide.image)).not.toContain('/uploads/h1/fachada.jpg')
      expect(new Set(photos.map((slide) => slide.image)).size).toBe(3)
      const last = req.slides.at(-1)!
      expect(last).toMatchObject({ type: 'text', title: 'Conheça mais sobre o nosso produto', button: 'Saiba mais' })
      const written = applyCopy(req.slides, writeOfflineCopy(req, seededRandom(seed)))
      expect(written.at(-1)).toMatchObject({ title: 'Conheça mais sobre o nosso produto', button: 'Saiba mais' })
    }
    const few = request('sample', 'carousel', {}, { ...apartment, gallery: gallery.slice(0, 2) })
    expect(few.slides.map((slide) => slide.type)).toEqual(['photo', 'text'])
  })

  test('the pick is random', () => {
    const firsts = new Set(
      Array.from({ length: 20 }, (_, seed) => request('sample', 'carousel', {}, apartment, seed).slides[0]!.image),
    )
    expect(firsts.size).toBeGreaterThan(1)
  })
})

describe('posts without a property', () => {
  test('a broker’s tip carousel has one slide per point', () => {
    const req = request('tip', 'carousel', { topic: 'fgts' }, null)
    const copy = writeOfflineCopy(req, seededRandom(1))
    const slides = applyCopy(req.slides, copy)
    expect(slides[0]!.title).toBe('Como usar o FGTS na compra do imóvel')
    expect(slides[1]!.title).toBe('Quem pode usar')
    expect(copy.caption).toMatch(/#fgts/)
    expect(copy.caption).toMatch(/1\. /)
  })

  test('a custom tip uses the agent’s own points', () => {
    const copy = writeOfflineCopy(
      request(
        'tip',
        'feed',
        { topic: 'outro', custom_topic: 'Seguro fiança', custom_points: '- Dispensa fiador\n- Aprovação rápida' },
        null,
      ),
      seededRandom(1),
    )
    expect(copy.caption).toContain('Seguro fiança')
    expect(copy.caption).toContain('1. Dispensa fiador')
    expect(copy.caption).toContain('2. Aprovação rápida')
  })

  test('institutional, testimonial and commemorative dates', () => {
    const inst = writeOfflineCopy(
      request(
        'institutional',
        'carousel',
        { agency_name: 'Casa Certa Imóveis', years: 12, differentials: ['avaliacao'], creci: '12345-J' },
        null,
      ),
      seededRandom(1),
    )
    expect(inst.caption).toContain('Prazer, Casa Certa Imóveis!')
    expect(inst.caption).toContain('12 anos')
    expect(inst.caption).toContain('Avaliação gratuita do seu imóvel')
    expect(inst.caption).toContain('CRECI 12345-J')
    const quote = writeOfflineCopy(
      request('testimonial', 'feed', { client_name: 'João e Ana', testimonial: 'Encontramos nosso lar!' }, null),
      seededRandom(1),
    )
    expect(quote.caption).toContain('"Encontramos nosso lar!"')
    expect(quote.slides[0]).toMatchObject({ title: '"Encontramos nosso lar!"', description: '— João e Ana' })
    const christmas = writeOfflineCopy(request('holiday', 'story', { occasion: 'natal' }, null), seededRandom(1))
    expect(christmas.caption).toContain('Feliz Natal')
    expect(christmas.caption).toMatch(/#feliznatal/)
    const other = writeOfflineCopy(
      request('holiday', 'feed', { occasion: 'outra', custom_occasion: 'Aniversário da cidade' }, null),
      seededRandom(1),
    )
    expect(other.caption).toContain('Aniversário da cidade')
  })
})

test('hashtag', () => {
  expect(hashtag('São Paulo')).toBe('#saopaulo')
  expect(hashtag('Jardim Paulista')).toBe('#jardimpaulista')
  expect(hashtag('')).toBe('')
})

describe('nearby places chosen on the property (ADR 154)', () => {
  const places = [
    {
      id: 'p1',
      name: 'Metrô Fradique Coutinho',
      location: { latitude: -23.5663, longitude: -46.6843 },
      types: ['subway_station'],
      primaryType: 'subway_station',
    },
    {
      id: 'manual-1',
      name: 'Escola Estadual Godofredo Furtado',
      location: null,
      types: ['school'],
      primaryType: 'school',
      distance: 800,
    },
  ]
  const withPlaces = { ...apartment, location: { latitude: -23.566, longitude: -46.688 }, nearby_places: places }

  test('"Guia do bairro" names both places, with kind and distance, and no two slides share a title', () => {
    const planned = request('neighborhood', 'carousel', { highlights: ['escolas', 'comercio'] }, withPlaces)
    const req = {
      ...planned,
      slides: ['cover', 'text', 'text', 'text', 'text', 'text', 'closing'].map((type, i) =>
        makeSlide(`s${i}`, type as never),
      ),
    }
    const copy = writeOfflineCopy(req, seededRandom(3))
    const slideText = copy.slides.map((slide) => `${slide.title} ${slide.description}`).join('\n')
    for (const name of ['Metrô Fradique Coutinho', 'Escola Estadual Godofredo Furtado']) {
      expect(slideText).toContain(name)
      expect(copy.caption).toContain(name)
    }
    expect(copy.caption).toMatch(/Metrô Fradique Coutinho \(metrô, a \d+ m\)/)
    expect(copy.caption).toContain('a 800 m')
    const titles = copy.slides.map((slide) => slide.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  test('a listing caption and the AI prompt name the chosen places', () => {
    const copy = writeOfflineCopy(request('listing', 'feed', {}, withPlaces), seededRandom(1))
    expect(copy.caption).toContain('Metrô Fradique Coutinho')
    expect(copy.caption).toContain('Escola Estadual Godofredo Furtado')
    expect(promptVariables({ home: withPlaces })['home.nearby_places']).toMatch(
      /^Metrô Fradique Coutinho \(metrô, a \d+ m\); Escola Estadual Godofredo Furtado \(escola, a 800 m\)$/,
    )
  })
})

describe('the templates with the richer field types use what the agent answered', () => {
  test('"Escolha as fotos": only the ticked photos, in order, the first one the cover', async () => {
    const { withChosenPhotos } = await import('~/domain/post-plan')
    const home = withChosenPhotos(apartment, ['/uploads/h1/quarto.jpg', '/uploads/h1/sala.jpg'])
    const slides = planSlides({
      design: { kind: 'listing', slides: ['cover', 'photo', 'photo', 'photo', 'closing'] },
      format: 'carousel',
      home,
      random: seededRandom(1),
    })
    expect(slideImages(slides)).toEqual(['/uploads/h1/quarto.jpg', '/uploads/h1/sala.jpg'])
  })

  test('"Destaques do imóvel" shows the picked highlights; a launch lists its unit types', () => {
    const highlights = writeOfflineCopy(
      request('listing', 'carousel', { highlights_pick: ['barbecue_grill', 'sauna'] }),
      seededRandom(1),
    )
    const features = highlights.slides.find(
      (_, index) => request('listing', 'carousel').slides[index]!.type === 'features',
    )
    expect(features?.description).toContain('Churrasqueira')
    expect(features?.description).toContain('Sauna')
    const launch = writeOfflineCopy(
      request('launch', 'carousel', {
        unit_types: [
          { tipologia: '2 quartos', area: 65, preco: 48000000 },
          { tipologia: 'Cobertura', area: 140 },
        ],
      }),
      seededRandom(1),
    )
    expect(launch.caption).toContain('2 quartos · 65 m² · a partir de R$ 480.000')
    expect(
      launch.slides.some((slide) => slide.title === 'Tipologias' && slide.description?.includes('Cobertura · 140 m²')),
    ).toBe(true)
  })
})
