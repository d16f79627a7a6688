// Property-based tests of the template engine under hostile input: the condition evaluator and the schema
// builder take any definition and any posted values without throwing, refuse with pt-BR messages,
// keep only visible fields, and read back what their own masks and formats write.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatMoneyInput } from '~/domain/money'
import { evaluateCondition, toNumber } from './conditions'
import { parseFieldValues } from './schema'
import { CONDITION_OPERATORS, FIELD_TYPES, type FieldDefinition, type FieldValue } from './types'
import { applyMask, formDataToValues, matchesMask } from './values'

const hostileText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE homes; --",
    '\u202e',
    '__proto__',
    'constructor',
    ' ',
    '1.234,56',
    'on',
  ),
)
const scalar = fc.oneof(hostileText, fc.integer().map(String), fc.constant(undefined))
const posted: fc.Arbitrary<FieldValue> = fc.letrec<{ value: FieldValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'title', '__proto__'), tie('value'), { maxKeys: 2 }),
  ),
})).value

const names = ['a', 'b', 'c', 'd']
const condition = fc.record({
  field: fc.constantFrom(...names),
  operator: fc.constantFrom(...CONDITION_OPERATORS),
  value: fc.oneof(
    hostileText,
    fc.integer({ min: -100, max: 100 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(hostileText, { maxLength: 3 }),
  ),
})
const definition: fc.Arbitrary<FieldDefinition> = fc
  .record({
    type: fc.constantFrom(...FIELD_TYPES),
    name: fc.constantFrom(...names),
    required: fc.boolean(),
    options: fc.constant<FieldDefinition['options']>([
      { value: 'x', label: 'X' },
      { value: 'y', label: 'Y' },
    ]),
    mask: fc.option(fc.constantFrom('00000-000', '(00) 00000-0000', 'AAA-0*0'), { nil: undefined }),
    min: fc.option(fc.integer({ min: -10, max: 10 }), { nil: undefined }),
    max: fc.option(fc.integer({ min: 10, max: 1000 }), { nil: undefined }),
    conditions: fc.option(fc.array(condition, { maxLength: 2 }), { nil: undefined }),
  })
  .map((field) =>
    field.type === 'repeater'
      ? ({
          ...field,
          repeater: { fields: [{ type: 'text', name: 'title', required: true }], max: 3 },
        } as FieldDefinition)
      : (field as FieldDefinition),
  )
const fields = fc.uniqueArray(definition, { selector: (field) => field.name, maxLength: 4 })

describe('the schema builder under any definition and any posted values', () => {
  test('never throws, keeps only defined fields and speaks Portuguese when it refuses', () => {
    fc.assert(
      fc.property(fields, fc.dictionary(fc.constantFrom(...names, 'extra'), posted), (defs, values) => {
        const result = parseFieldValues(defs, values)
        if (result.success) {
          for (const key of Object.keys(result.data)) expect(defs.map((f) => f.name)).toContain(key)
          expect(result.data).not.toHaveProperty('extra')
        } else {
          for (const messages of Object.values(result.errors))
            for (const message of messages) {
              expect(message.length).toBeGreaterThan(0)
              expect(message).not.toMatch(/\b(expected|invalid input|received|must)\b/i)
            }
        }
      }),
      { numRuns: 400 },
    )
  })
  test('a money field reads back what the money input writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        const field: FieldDefinition = { type: 'money', name: 'price', required: true }
        expect(parseFieldValues([field], { price: formatMoneyInput(cents) })).toEqual({
          success: true,
          data: { price: cents },
        })
        expect(parseFieldValues([field], { price: `R$ ${formatMoneyInput(cents)}` })).toEqual({
          success: true,
          data: { price: cents },
        })
      }),
    )
  })
  test('a number field accepts exactly the numbers within its bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -100, max: 0 }),
        fc.integer({ min: 1, max: 100 }),
        (n, min, max) => {
          const field: FieldDefinition = { type: 'number', name: 'n', required: true, min, max }
          expect(parseFieldValues([field], { n: String(n) }).success).toBe(n >= min && n <= max)
        },
      ),
    )
  })
  test('a masked text field accepts what its own mask writes from enough digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('00000-000', '(00) 00000-0000', '000.000.000-00'),
        fc.stringMatching(/^\d{11}$/),
        (mask, typed) => {
          const masked = applyMask(mask, typed)
          expect(applyMask(mask, masked)).toBe(masked)
          fc.pre(matchesMask(mask, masked))
          const field: FieldDefinition = { type: 'text', name: 't', mask, required: true }
          expect(parseFieldValues([field], { t: typed })).toEqual({ success: true, data: { t: masked } })
        },
      ),
    )
  })
  test('a field hidden by its condition is neither validated nor saved', () => {
    fc.assert(
      fc.property(posted, (value) => {
        const defs: FieldDefinition[] = [
          { type: 'checkbox', name: 'a' },
          { type: 'number', name: 'b', required: true, conditions: [{ field: 'a', operator: '==', value: true }] },
        ]
        const result = parseFieldValues(defs, { b: value })
        expect(result.success).toBe(true)
        if (result.success) expect(result.data).not.toHaveProperty('b')
      }),
    )
  })
  test('posted form data nests back into the values it came from', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: fc.string({ maxLength: 8 }), note: fc.string({ maxLength: 8 }) }), {
          maxLength: 4,
        }),
        (items) => {
          const form = new URLSearchParams()
          items.forEach((item, i) => {
            form.append(`items[${i}].title`, item.title)
            form.append(`items[${i}].note`, item.note)
          })
          expect(formDataToValues(form)).toEqual(items.length ? { items } : {})
        },
      ),
    )
  })
})

describe('the condition evaluator under any values', () => {
  test('every operator answers a boolean for any value and target', () => {
    fc.assert(
      fc.property(condition, posted, (cond, value) => {
        expect(typeof evaluateCondition(cond, value)).toBe('boolean')
      }),
    )
  })
  test('≥ is > or ==, and ≤ is < or ==, for numbers typed the Brazilian way', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (a, b) => {
        const typed = formatMoneyInput(a)
        const holds = (operator: (typeof CONDITION_OPERATORS)[number]) =>
          evaluateCondition({ field: 'x', operator, value: b / 100 }, typed)
        expect(toNumber(typed)).toBeCloseTo(a / 100, 6)
        expect(holds('>=')).toBe(holds('>') || holds('=='))
        expect(holds('<=')).toBe(holds('<') || holds('=='))
        expect(holds('>')).toBe(a > b)
      }),
    )
  })
})
