// The offline copywriter's headline options (ADR 165): three, distinct, short enough for a
// cover, each naming something of this property — never a line that fits any property.
import { describe, expect, test } from 'vitest'
import { GENERIC_HEADLINES, HEADLINE_COUNT, HEADLINE_MAX, headlineSlideIndex, readHeadlines } from '~/domain/headlines'
import { planSlides, seededRandom, type TemplateKind } from '~/domain/post-plan'
import type { HomeFacts } from '~/domain/prompts'
import { makeSlide } from '~/domain/slides'
import { writeOfflineCopy } from './offline'
import { postCopySchema, type CopyRequest } from '~/domain/copy'
import { sunOf, viewOf, writeHeadlines } from './headlines'

const seaView: HomeFacts = {
  id: 1,
  name: 'Apartamento frente mar',
  status: 'sale',
  category: 'apartment',
  neighborhood: 'Ponta Verde',
  city: 'Maceió',
  state: 'AL',
  price: 185000000,
  area: 120,
  bedrooms: 3,
  suites: 3,
  parking_spaces: 2,
  description: 'Apartamento com vista para o mar, face norte e sol da manhã em todos os quartos.',
  amenities: ['pool', 'gym', 'party_room'],
  features: ['gourmet_balcony'],
  gallery: [{ name: 'a.jpg', url: '/uploads/a.jpg', featured: true }],
}

const plain: HomeFacts = {
  id: 2,
  name: 'Casa Vila Mariana',
  status: 'rent',
  category: 'house',
  neighborhood: 'Vila Mariana',
  city: 'São Paulo',
  state: 'SP',
  rental_price: 450000,
  area: 90,
  bedrooms: 2,
}

function request(kind: TemplateKind, home: HomeFacts | null, values: Record<string, unknown> = {}): CopyRequest {
  const slides = planSlides({ design: { kind }, format: 'feed', home, random: seededRandom(3) })
  return {
    template: { name: 'Teste', kind, format: 'feed' },
    home,
    fields: [],
    values,
    agent: null,
    slides,
    messages: [],
  }
}

const generic = (line: string) => GENERIC_HEADLINES.some((text) => line.toLowerCase().includes(text.toLowerCase()))

describe('headline options', () => {
  test('three distinct options that name the view, the sun and the leisure of a sea-view flat', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const lines = writeHeadlines(request('listing', seaView), seededRandom(seed))
      expect(lines).toHaveLength(HEADLINE_COUNT)
      expect(new Set(lines.map((line) => line.toLowerCase())).size).toBe(HEADLINE_COUNT)
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(HEADLINE_MAX)
        expect(generic(line)).toBe(false)
        expect(line).not.toMatch(/undefined|null|…/)
      }
      expect(lines[0]).toMatch(/vista para o mar/i)
      expect(lines[1]).toMatch(/face norte|sol da manhã/i)
      expect(lines[2]).toMatch(/piscina|academia/i)
    }
  })

  test('a price drop leads with the saving; a launch with the launch', () => {
    const drop = writeHeadlines(request('price-drop', seaView, { old_price: 200000000 }), seededRandom(1))
    expect(drop[0]).toMatch(/Baixou R\$ 150 mil|De R\$ 2 milhões por R\$ 1,85 milhões/)
    const launch = writeHeadlines(
      request('launch', { ...plain, status: 'sale', price: 48000000, stage: 'launch' }, { delivery: 'dez/2027' }),
      seededRandom(1),
    )
    expect(launch[0]).toMatch(/^(Lançamento em Vila Mariana|Na planta em Vila Mariana)/)
  })

  test('a property with few facts still gets three options of its own (rooms, area, price, place)', () => {
    const lines = writeHeadlines(request('listing', plain), seededRandom(9))
    expect(lines).toHaveLength(3)
    expect(lines.join(' | ')).toMatch(/Vila Mariana/)
    expect(lines.join(' | ')).toMatch(/2 quartos e 90 m²/)
    for (const line of lines) expect(generic(line)).toBe(false)
  })

  test('posts about no property (tips, dates) get none', () => {
    expect(writeHeadlines(request('tip', null), seededRandom(1))).toEqual([])
    expect(writeHeadlines(request('holiday', seaView), seededRandom(1))).toEqual([])
  })

  test('the offline writer returns them with the copy, valid for the copy schema', () => {
    const copy = writeOfflineCopy(request('listing', seaView), seededRandom(4))
    expect(copy.headlines).toHaveLength(3)
    expect(postCopySchema.parse(copy)).toEqual(copy)
    expect(writeOfflineCopy(request('tip', null), seededRandom(4)).headlines).toBeUndefined()
  })

  test('views and sun are read from the words the agent wrote', () => {
    expect(viewOf('Linda vista para o Parque Ibirapuera, andar alto')).toBe('para o parque ibirapuera')
    expect(viewOf('Vista panorâmica da cidade')).toBe('panorâmica')
    expect(viewOf('Varanda gourmet com vista')).toBeNull()
    expect(sunOf('Unidade face norte')).toBe('Face norte')
    expect(sunOf('Recebe sol da tarde')).toBe('Sol da tarde')
    expect(sunOf('Sem menção')).toBeNull()
  })
})

describe('stored options', () => {
  test('read from posts.meta, [] when missing or malformed', () => {
    expect(readHeadlines({ headlines: ['Um', 'Dois', 'Três'] })).toEqual(['Um', 'Dois', 'Três'])
    expect(readHeadlines({})).toEqual([])
    expect(readHeadlines({ headlines: 'não é lista' })).toEqual([])
    expect(readHeadlines(null)).toEqual([])
  })

  test('the chosen one goes on the first cover, else the first visible slide', () => {
    expect(headlineSlideIndex([makeSlide('a', 'text'), makeSlide('b', 'cover')])).toBe(1)
    expect(headlineSlideIndex([makeSlide('a', 'text', { hide: true }), makeSlide('b', 'text')])).toBe(1)
    expect(headlineSlideIndex([])).toBe(-1)
  })
})
