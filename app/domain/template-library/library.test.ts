import { describe, expect, test } from 'vitest'
import { planSlides, readTemplateDesign, seededRandom } from '~/domain/post-plan'
import { fieldListSchema } from '~/domain/fields/definition-schema'
import { parseFieldValues } from '~/domain/fields/schema'
import { defaultValues } from '~/domain/fields/values'
import { templateFormFields } from '~/domain/fields/template-fields'
import { interpolatePrompts, promptVariables, type HomeFacts } from '~/domain/prompts'
import { writeOfflineCopy } from '~/domain/copywriter/offline'
import { postCopySchema } from '~/domain/copy'
import type { FieldDefinition } from '~/domain/fields/types'
import { MAX_REACH_HASHTAGS, captionProblems, captionStats } from '~/domain/scheduling'
import { LIBRARY_CATEGORIES, LIBRARY_TEMPLATES } from '.'

const home: HomeFacts = {
  id: 1,
  name: 'Apartamento Vila Madalena',
  status: 'sale',
  category: 'apartment',
  neighborhood: 'Vila Madalena',
  city: 'São Paulo',
  state: 'SP',
  price: 75000000,
  area: 70,
  bedrooms: 2,
  gallery: [
    { name: 'a', url: '/uploads/a.jpg', featured: true },
    { name: 'b', url: '/uploads/b.jpg' },
    { name: 'c', url: '/uploads/c.jpg' },
  ],
}

test('the library has at least 15 templates across every category and format', () => {
  expect(LIBRARY_TEMPLATES.length).toBeGreaterThanOrEqual(15)
  const categories = new Set(LIBRARY_TEMPLATES.map((template) => template.category))
  expect([...categories].sort()).toEqual(LIBRARY_CATEGORIES.map((category) => category.slug).sort())
  expect(new Set(LIBRARY_TEMPLATES.map((template) => template.format))).toEqual(
    new Set(['feed', 'portrait', 'story', 'carousel']),
  )
  expect(new Set(LIBRARY_TEMPLATES.map((template) => template.slug)).size).toBe(LIBRARY_TEMPLATES.length)
  for (const category of LIBRARY_CATEGORIES)
    expect(LIBRARY_TEMPLATES.some((template) => template.category === category.slug && template.featured)).toBe(true)
})

describe.each(LIBRARY_TEMPLATES.map((template) => [template.slug, template] as const))('%s', (_slug, template) => {
  const fields = templateFormFields(template)

  test('its fields are valid definitions and its conditions point at its own fields', () => {
    expect(fieldListSchema.safeParse(template.fields).success).toBe(true)
    const names = new Set(template.fields.map((field) => field.name))
    for (const field of template.fields)
      for (const condition of field.conditions ?? []) expect(names).toContain(condition.field)
  })

  test('its prompts name only known placeholders', () => {
    const names = new Set(template.fields.map((field) => field.name))
    const known = new Set(Object.keys(promptVariables({ home })))
    for (const prompt of template.prompts)
      for (const [, path] of prompt.content.matchAll(/\{\{\s*([\w.]+)/g)) {
        if (path!.startsWith('fields.')) expect(names).toContain(path!.slice(7))
        else expect(known).toContain(path)
      }
  })

  test('the offline writer writes it from the default answers, with no gaps', () => {
    const values = defaultValues(fields)
    // Required answers a person would give.
    for (const field of fields) {
      if (!field.required || values[field.name] !== undefined) continue
      if (field.type === 'home') values[field.name] = '1'
      else if (field.options?.length) values[field.name] = field.options[0]!.value
      else if (field.type === 'money') values[field.name] = '900.000,00'
      else if (field.type === 'date') values[field.name] = '2025-08-27'
      else if (field.type === 'time') values[field.name] = '10:00'
      else values[field.name] = 'Texto de exemplo'
    }
    // Each repeater item as a person fills it (its required answers).
    for (const field of fields.filter((item) => item.type === 'repeater')) {
      const items = Array.isArray(values[field.name]) ? (values[field.name] as Array<Record<string, unknown>>) : []
      for (const item of items)
        for (const sub of field.repeater?.fields ?? [])
          if (sub.required && item[sub.name] === undefined) item[sub.name] = 'Texto de exemplo'
    }
    const parsed = parseFieldValues(fields, values, { homeIds: [1] })
    expect(parsed.success).toBe(true)
    const answers = parsed.success ? parsed.data : {}
    const design = readTemplateDesign(template.design)
    const facts = template.needs_home ? home : null
    const slides = planSlides({ design, format: template.format, home: facts, random: seededRandom(3) })
    expect(slides.length).toBeGreaterThan(0)
    expect(slides.length).toBeLessThanOrEqual(10)
    if (template.format !== 'carousel') expect(slides).toHaveLength(1)
    const copy = writeOfflineCopy(
      {
        template: { name: template.name, kind: design.kind, format: template.format },
        home: facts,
        fields,
        values: answers,
        agent: { name: 'Marina', phone: '(11) 91234-5678' },
        slides,
        messages: interpolatePrompts(template.prompts, promptVariables({ home: facts, fields, values: answers })),
      },
      seededRandom(5),
    )
    expect(postCopySchema.safeParse(copy).success).toBe(true)
    expect(copy.slides).toHaveLength(slides.length)
    expect(copy.caption).toMatch(/#\w+/)
    // The scheduler warns above MAX_REACH_HASHTAGS: the offline writer never gives it cause to.
    const tags = captionStats(copy.caption).hashtags
    expect(tags.length, tags.join(' ')).toBeLessThanOrEqual(MAX_REACH_HASHTAGS)
    expect(captionProblems(copy.caption).warnings).toEqual([])
    const texts = [copy.caption, ...copy.slides.flatMap((slide) => Object.values(slide))]
    for (const text of texts) if (typeof text === 'string') expect(text).not.toMatch(/undefined|null|NaN|\{\{/)
  })
})

test('the test template has one row per condition operator', async () => {
  const { CONDITION_TEST_TEMPLATE } = await import('./test-templates')
  const { CONDITION_OPERATORS } = await import('~/domain/fields/types')
  expect(fieldListSchema.safeParse(CONDITION_TEST_TEMPLATE.fields).success).toBe(true)
  const operators = CONDITION_TEST_TEMPLATE.fields.flatMap((field) => field.conditions ?? []).map((c) => c.operator)
  expect(operators).toEqual([...CONDITION_OPERATORS])
})

test('the all-fields test template has every field type', async () => {
  const { ALL_FIELDS_TEST_TEMPLATE } = await import('./test-templates')
  const { FIELD_TYPES } = await import('~/domain/fields/types')
  expect(fieldListSchema.safeParse(ALL_FIELDS_TEST_TEMPLATE.fields).success).toBe(true)
  expect(new Set(ALL_FIELDS_TEST_TEMPLATE.fields.map((field) => field.type))).toEqual(new Set(FIELD_TYPES))
})

test('every field type and every condition operator is used by a shipped template', async () => {
  const { FIELD_TYPES, CONDITION_OPERATORS } = await import('~/domain/fields/types')
  const all = (fields: readonly FieldDefinition[]): FieldDefinition[] =>
    fields.flatMap((field) => [field, ...all(field.repeater?.fields ?? [])])
  const fields = LIBRARY_TEMPLATES.flatMap((template) => all(template.fields))
  const types = new Set(fields.map((field) => field.type))
  const operators = new Set(fields.flatMap((field) => field.conditions ?? []).map((condition) => condition.operator))
  expect(
    FIELD_TYPES.filter((type) => !types.has(type)),
    'field types no shipped template uses',
  ).toEqual([])
  expect(
    CONDITION_OPERATORS.filter((operator) => !operators.has(operator)),
    'operators no shipped template uses',
  ).toEqual([])
  // At least 8 templates beyond the first 19: those that ask for the richer field types.
  expect(LIBRARY_TEMPLATES.length).toBeGreaterThanOrEqual(27)
})
