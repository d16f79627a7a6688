import { expect, test } from 'vitest'
import { TemplateIntentSchema } from './template-actions.server'

const parse = (value: string | null) => TemplateIntentSchema.safeParse(value)

test('every button of the template page names an intent the schema reads', () => {
  expect(parse(null).data).toEqual({ name: 'generate', args: [] })
  for (const name of ['generate', 'refresh', 'retry', 'save']) expect(parse(name).data).toEqual({ name, args: [] })
  expect(parse('move:3:up').data).toEqual({ name: 'move', args: [3, 'up'] })
  expect(parse('add:items[0].photos').data).toEqual({ name: 'add', args: ['items[0].photos'] })
  expect(parse('remove:items:2').data).toEqual({ name: 'remove', args: ['items', 2] })
  expect(parse('headline:1').data).toEqual({ name: 'headline', args: [1] })
})

test('anything else is refused', () => {
  for (const bad of [
    '',
    'publish',
    'move:x:up',
    'move:1:left',
    'move:1',
    'add:',
    'remove:items',
    'save:1',
    'generate:now',
    'headline',
    'headline:x',
    'headline:1:2',
  ])
    expect(parse(bad).success, bad).toBe(false)
})
