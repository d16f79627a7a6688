import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { FieldDefinition } from './fields/types'
import { formatArea, interpolate, interpolatePrompts, joinList, promptVariables, type HomeFacts } from './prompts'

const home: HomeFacts = {
  id: 1,
  name: 'Apartamento Jardins',
  status: 'sale',
  category: 'apartment',
  neighborhood: 'Jardim Paulista',
  city: 'São Paulo',
  state: 'SP',
  price: 125000000,
  area: 98.5,
  bedrooms: 3,
  suites: 1,
  parking_spaces: 2,
  amenities: ['pool', 'gym', 'party_room'],
  features: ['balcony'],
}

const fields: FieldDefinition[] = [
  { type: 'text', name: 'headline' },
  { type: 'money', name: 'discount' },
  { type: 'select', name: 'tone', options: [{ value: 'fun', label: 'Descontraído' }] },
  { type: 'checkbox', name: 'financing' },
  {
    type: 'multiselect',
    name: 'channels',
    options: [
      { value: 'ig', label: 'Instagram' },
      { value: 'fb', label: 'Facebook' },
    ],
  },
  { type: 'date', name: 'day' },
]

const vars = promptVariables({
  home,
  fields,
  values: {
    headline: 'Oportunidade única',
    discount: 5000000,
    tone: 'fun',
    financing: true,
    channels: ['ig', 'fb'],
    day: '2025-12-24',
  },
  agent: { name: 'Marina Costa', phone: '(11) 98765-4321' },
})

describe('interpolate', () => {
  test('fills property facts the way a person reads them', () => {
    expect(interpolate('{{home.name}} por {{home.price}}', vars)).toBe('Apartamento Jardins por R$ 1.250.000,00')
    expect(interpolate('{{home.title}} em {{home.neighborhood}}, {{home.city}}', vars)).toBe(
      'Apartamento à venda em Jardim Paulista, São Paulo',
    )
    expect(interpolate('{{ home.area }} · {{home.bedrooms}} · {{home.suites}}', vars)).toBe(
      '98,5 m² · 3 quartos · 1 suíte',
    )
    expect(interpolate('Lazer: {{home.amenities}}', vars)).toBe('Lazer: Piscina, Academia e Salão de festas')
  })

  test('fills the agent’s answers with labels and money', () => {
    expect(interpolate('{{fields.headline}}: {{fields.discount}} off', vars)).toBe(
      'Oportunidade única: R$ 50.000,00 off',
    )
    expect(interpolate('Tom {{fields.tone}}, financia: {{fields.financing}}', vars)).toBe(
      'Tom Descontraído, financia: Sim',
    )
    expect(interpolate('{{fields.channels}} em {{fields.day}}', vars)).toBe('Instagram e Facebook em 24/12/2025')
    expect(interpolate('Fale com {{agent.name}}', vars)).toBe('Fale com Marina Costa')
  })

  test('missing data never prints undefined or null', () => {
    const empty = promptVariables({ home: { ...home, price: null, bathrooms: null }, fields, values: {} })
    expect(interpolate('Banheiros: {{home.bathrooms}}', empty)).toBe('')
    expect(interpolate('Preço {{home.price}}\nBairro {{home.neighborhood}}', empty)).toBe('Bairro Jardim Paulista')
    expect(interpolate('Olá {{fields.headline}} ({{fields.nothing}}), {{home.name}}!', empty)).toBe(
      'Olá, Apartamento Jardins!',
    )
    expect(interpolate('{{home.suites | "sem suíte"}}', promptVariables({ home: { ...home, suites: 0 } }))).toBe(
      'sem suíte',
    )
    expect(interpolate('{{home.name}}', promptVariables({}))).toBe('')
  })

  test('never prints undefined or null, whatever is missing', () => {
    const keys = ['home.name', 'home.price', 'home.bedrooms', 'fields.x', 'agent.name', 'nope.nothing']
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...keys), { maxLength: 6 }),
        fc.record({
          price: fc.option(fc.integer({ min: 0, max: 1e10 })),
          bedrooms: fc.option(fc.integer({ min: 0, max: 9 })),
        }),
        (used, facts) => {
          const text = interpolate(
            used.map((key) => `x {{${key}}}`).join(' '),
            promptVariables({ home: { ...home, ...facts }, values: { x: null } }),
          )
          expect(text).not.toMatch(/undefined|null|NaN|\{\{/)
        },
      ),
    )
  })

  test('a rental shows its rent as the price', () => {
    const rent = promptVariables({ home: { ...home, status: 'rent', price: null, rental_price: 450000 } })
    expect(interpolate('{{home.title}} por {{home.price}}/mês', rent)).toBe(
      'Apartamento para alugar por R$ 4.500,00/mês',
    )
  })

  test('prompts keep their roles and lose lines left empty', () => {
    expect(
      interpolatePrompts(
        [
          { role: 'system', content: 'Você é um redator.' },
          { role: 'user', content: 'Escreva sobre {{home.name}}.\nDesconto: {{fields.missing}}' },
          { role: 'assistant', content: '{{fields.missing}}' },
        ],
        vars,
      ),
    ).toEqual([
      { role: 'system', content: 'Você é um redator.' },
      { role: 'user', content: 'Escreva sobre Apartamento Jardins.' },
    ])
  })
})

test('formatArea and joinList', () => {
  expect(formatArea(120)).toBe('120 m²')
  expect(formatArea(null)).toBe('')
  expect(formatArea(0)).toBe('')
  expect(joinList(['a'])).toBe('a')
  expect(joinList(['a', 'b', 'c'])).toBe('a, b e c')
  expect(joinList([])).toBe('')
})
