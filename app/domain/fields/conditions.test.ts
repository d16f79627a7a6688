import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  evaluateCondition,
  pruneHiddenValues,
  resolveVisibility,
  toNumber,
  visibleFieldNames,
  visibleFieldPaths,
} from './conditions'
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type ConditionValue,
  type FieldDefinition,
  type FieldValue,
} from './types'

const text: FieldDefinition = { type: 'text', name: 'x' }
const checkbox: FieldDefinition = { type: 'checkbox', name: 'x' }
const multi: FieldDefinition = {
  type: 'multiselect',
  name: 'x',
  options: [
    { value: 'pool', label: 'Piscina' },
    { value: 'gym', label: 'Academia' },
    { value: 'sauna', label: 'Sauna' },
  ],
}

type Row = [FieldValue, ConditionValue, boolean, FieldDefinition?]
const run = (operator: ConditionOperator, rows: Row[]) =>
  test.each(rows)(`${operator}: %j vs %j → %s`, (value, target, expected, field = text) => {
    expect(evaluateCondition({ field: 'x', operator, value: target }, value, field)).toBe(expected)
  })

describe('==', () => {
  run('==', [
    ['sale', 'sale', true],
    ['rent', 'sale', false],
    [' sale ', 'sale', true],
    ['Sale', 'sale', false],
    ['3', 3, true],
    ['3,0', 3, true],
    ['1.500', 1500, true],
    ['R$ 1.500,00', '1500', true],
    ['', '', true],
    [undefined, '', true],
    [undefined, null, true],
    ['x', '', false],
    [undefined, 'sale', false],
    ['on', true, true, checkbox],
    [undefined, false, true, checkbox],
    [undefined, true, false, checkbox],
    ['on', 'true', true, checkbox],
    [['pool'], 'pool', true, multi],
    [['pool', 'gym'], ['gym', 'pool'], true, multi],
    [['pool', 'gym'], 'pool', false, multi],
    [[], [], true, multi],
    ['pool', 'pool', true, multi],
  ])
})

describe('!=', () => {
  run('!=', [
    ['sale', 'sale', false],
    ['rent', 'sale', true],
    [undefined, 'sale', true],
    ['', '', false],
    ['2', 2, false],
    ['on', true, false, checkbox],
    [undefined, true, true, checkbox],
    [['pool', 'gym'], 'pool', true, multi],
  ])
})

describe('> < >= <=', () => {
  run('>', [
    ['4', 3, true],
    ['3', 3, false],
    ['2', 3, false],
    ['10', '9', true],
    ['1.500.000,00', 1000000, true],
    ['R$ 999.999,99', 1000000, false],
    ['2,5', 2, true],
    ['', 0, false],
    [undefined, -1, false],
    ['2025-03-02', '2025-03-01', true],
    ['14:30', '09:00', true],
    [['pool'], 0, false, multi],
  ])
  run('<', [
    ['2', 3, true],
    ['3', 3, false],
    ['-1', 0, true],
    ['', 5, false],
    ['2024-12-31', '2025-01-01', true],
  ])
  run('>=', [
    ['3', 3, true],
    ['3,01', 3, true],
    ['2,99', 3, false],
    [undefined, 0, false],
  ])
  run('<=', [
    ['3', 3, true],
    ['2', 3, true],
    ['4', 3, false],
    ['', 3, false],
  ])
})

describe('in / not in', () => {
  run('in', [
    ['sale', ['sale', 'rent'], true],
    ['land', ['sale', 'rent'], false],
    ['sale', 'sale, rent', true],
    ['rent', 'sale,rent', true],
    ['2', [1, 2, 3], true],
    [undefined, ['sale'], false],
    ['', [''], false],
    [['gym', 'spa'], ['gym', 'pool'], true, multi],
    [['spa'], ['gym', 'pool'], false, multi],
    [[], ['gym'], false, multi],
  ])
  run('not in', [
    ['sale', ['sale', 'rent'], false],
    ['land', ['sale', 'rent'], true],
    [undefined, ['sale'], true],
    [['spa'], ['gym', 'pool'], true, multi],
    [['gym'], ['gym', 'pool'], false, multi],
  ])
})

describe('contains / not contains', () => {
  run('contains', [
    ['Apartamento no Centro', 'centro', true],
    ['Casa', 'centro', false],
    ['', 'centro', false],
    [undefined, '', false],
    ['12345', '234', true],
    [['pool', 'gym'], 'gym', true, multi],
    [['pool'], 'gym', false, multi],
    [['pool', 'gym'], ['gym', 'pool'], true, multi],
    [['pool'], ['gym', 'pool'], false, multi],
  ])
  run('not contains', [
    ['Apartamento no Centro', 'centro', false],
    ['Casa', 'centro', true],
    [undefined, 'centro', true],
    [['pool'], 'gym', true, multi],
    [['gym'], 'gym', false, multi],
  ])
})

describe('starts with / ends with', () => {
  run('starts with', [
    ['Promoção de inverno', 'promo', true],
    ['Grande promoção', 'promo', false],
    ['', 'promo', false],
    [undefined, '', false],
    ['11987654321', '11', true],
    [['pool', 'gym'], 'gy', true, multi],
  ])
  run('ends with', [
    ['venda@imobiliaria.com.br', '.br', true],
    ['venda@imobiliaria.com', '.br', false],
    ['', '.br', false],
    ['Apartamento', 'MENTO', true],
  ])
})

describe('toNumber', () => {
  test.each([
    ['1.234,56', 1234.56],
    ['R$ 1.500', 1500],
    ['12,5', 12.5],
    ['1500', 1500],
    ['3.5', 3.5],
    ['-2', -2],
    ['', null],
    ['abc', null],
    ['12a', null],
  ])('%j → %j', (input, expected) => expect(toNumber(input)).toBe(expected))
})

describe('operator laws', () => {
  const values = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -50, max: 50 }).map(String),
    fc.constant(undefined),
  )
  const targets = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -50, max: 50 }))
  const negations: Array<[ConditionOperator, ConditionOperator]> = [
    ['==', '!='],
    ['in', 'not in'],
    ['contains', 'not contains'],
  ]
  test.each(negations)('%s and %s are each other’s negation', (yes, no) => {
    fc.assert(
      fc.property(values, targets, (value, target) => {
        const a = evaluateCondition({ field: 'x', operator: yes, value: target }, value, text)
        const b = evaluateCondition({ field: 'x', operator: no, value: target }, value, text)
        expect(a).toBe(!b)
      }),
    )
  })
  test('numbers order the same way the comparison operators say', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (a, b) => {
        const holds = (operator: ConditionOperator) =>
          evaluateCondition({ field: 'x', operator, value: b }, String(a), text)
        expect(holds('>')).toBe(a > b)
        expect(holds('<')).toBe(a < b)
        expect(holds('>=')).toBe(a >= b)
        expect(holds('<=')).toBe(a <= b)
        expect(holds('==')).toBe(a === b)
      }),
    )
  })
  test('every operator is handled', () => {
    for (const operator of CONDITION_OPERATORS)
      expect(typeof evaluateCondition({ field: 'x', operator, value: 'a' }, 'a', text)).toBe('boolean')
  })
})

describe('visibility', () => {
  const fields: FieldDefinition[] = [
    {
      type: 'select',
      name: 'deal',
      options: [
        { value: 'sale', label: 'Venda' },
        { value: 'rent', label: 'Aluguel' },
      ],
    },
    { type: 'money', name: 'price', conditions: [{ field: 'deal', operator: '==', value: 'sale' }] },
    {
      type: 'checkbox',
      name: 'financing',
      conditions: [{ field: 'price', operator: '>', value: 500000 }],
    },
    {
      type: 'text',
      name: 'bank',
      conditions: [{ field: 'financing', operator: '==', value: true }],
    },
  ]

  test('a field shows only when all its conditions hold', () => {
    const both: FieldDefinition[] = [
      { type: 'number', name: 'a' },
      { type: 'number', name: 'b' },
      {
        type: 'text',
        name: 'c',
        conditions: [
          { field: 'a', operator: '>', value: 1 },
          { field: 'b', operator: '<', value: 5 },
        ],
      },
    ]
    expect(visibleFieldNames(both, { a: '2', b: '3' })).toContain('c')
    expect(visibleFieldNames(both, { a: '2', b: '9' })).not.toContain('c')
    expect(visibleFieldNames(both, { a: '0', b: '3' })).not.toContain('c')
  })

  test('chained rules collapse when an upstream field hides', () => {
    const values = { deal: 'sale', price: '900.000,00', financing: 'on', bank: 'Caixa' }
    expect(visibleFieldNames(fields, values)).toEqual(['deal', 'price', 'financing', 'bank'])
    expect(visibleFieldNames(fields, { ...values, deal: 'rent' })).toEqual(['deal'])
    expect(visibleFieldNames(fields, { ...values, price: '100.000' })).toEqual(['deal', 'price'])
  })

  test('hidden values are dropped', () => {
    const values = { deal: 'rent', price: '900.000,00', financing: 'on', bank: 'Caixa' }
    expect(pruneHiddenValues(fields, values)).toEqual({ deal: 'rent' })
  })

  test('a cycle hides the fields in it instead of looping', () => {
    const cyclic: FieldDefinition[] = [
      { type: 'text', name: 'a', conditions: [{ field: 'b', operator: '==', value: '' }] },
      { type: 'text', name: 'b', conditions: [{ field: 'a', operator: '==', value: '' }] },
    ]
    const scope = resolveVisibility(cyclic, {})
    expect([scope.isVisible('a'), scope.isVisible('b')]).toEqual([false, false])
  })

  test('fields after a tab hide with the tab', () => {
    const tabbed: FieldDefinition[] = [
      { type: 'checkbox', name: 'advanced' },
      { type: 'tab', name: 'more', label: 'Mais', conditions: [{ field: 'advanced', operator: '==', value: true }] },
      { type: 'text', name: 'extra' },
    ]
    expect(visibleFieldNames(tabbed, {})).toEqual(['advanced'])
    expect(visibleFieldNames(tabbed, { advanced: 'on' })).toEqual(['advanced', 'more', 'extra'])
  })

  test('repeater items look at their own fields, then the form around them', () => {
    const form: FieldDefinition[] = [
      { type: 'checkbox', name: 'show_author' },
      {
        type: 'repeater',
        name: 'testimonials',
        repeater: {
          fields: [
            {
              type: 'select',
              name: 'kind',
              options: [
                { value: 'quote', label: 'Citação' },
                { value: 'video', label: 'Vídeo' },
              ],
            },
            { type: 'url', name: 'video_url', conditions: [{ field: 'kind', operator: '==', value: 'video' }] },
            { type: 'text', name: 'author', conditions: [{ field: 'show_author', operator: '==', value: true }] },
          ],
        },
      },
    ]
    const values = {
      show_author: 'on',
      testimonials: [
        { kind: 'quote', video_url: 'https://x.com/v', author: 'Ana' },
        { kind: 'video', video_url: 'https://x.com/v', author: 'Bia' },
      ],
    }
    expect(pruneHiddenValues(form, values)).toEqual({
      show_author: 'on',
      testimonials: [
        { kind: 'quote', author: 'Ana' },
        { kind: 'video', video_url: 'https://x.com/v', author: 'Bia' },
      ],
    })
    expect(pruneHiddenValues(form, { ...values, show_author: undefined })).toEqual({
      testimonials: [{ kind: 'quote' }, { kind: 'video', video_url: 'https://x.com/v' }],
    })
  })
})

test('visible field paths name repeater items', () => {
  const fields: FieldDefinition[] = [
    { type: 'checkbox', name: 'on' },
    {
      type: 'repeater',
      name: 'items',
      conditions: [{ field: 'on', operator: '==', value: true }],
      repeater: {
        fields: [
          { type: 'text', name: 'title' },
          { type: 'heading', name: 'h' },
        ],
      },
    },
  ]
  expect(visibleFieldPaths(fields, { on: 'on', items: [{}, {}] })).toEqual([
    'on',
    'items',
    'items[0].title',
    'items[1].title',
  ])
  expect(visibleFieldPaths(fields, { items: [{}] })).toEqual(['on'])
})
