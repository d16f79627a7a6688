import { describe, expect, test } from 'vitest'
import { CONDITION_OPERATORS, FIELD_TYPES, type FieldDefinition } from './fields/types'
import { formDataToValues } from './fields/values'
import { draftToField, emptyDraft, fieldToDraft, previewFields, readDraft, type TemplateDraft } from './template-draft'
import { applyDraftEdit, parseDraftEdit } from './template-draft-edits'
import { checkDraft } from './template-draft-schema'

/** One definition per field type, each with the settings that type uses. */
function definitionOf(type: (typeof FIELD_TYPES)[number], index: number): FieldDefinition {
  const base: FieldDefinition = { type, name: `campo_${index}`, label: `Campo ${index}` }
  if (['select', 'multiselect', 'checkbox-group', 'radio', 'radio-tabs'].includes(type))
    base.options = [
      { value: 'a', label: 'Opção A' },
      { value: 'b', label: 'b' },
    ]
  if (type === 'repeater')
    base.repeater = {
      fields: [{ type: 'text', name: 'titulo', label: 'Título', required: true }],
      min: 1,
      max: 4,
      addLabel: 'Adicionar',
      itemLabel: 'Item',
    }
  if (type === 'textarea') Object.assign(base, { rows: 4, maxLength: 300, placeholder: 'Escreva' })
  if (type === 'number') Object.assign(base, { min: 0, max: 10, step: 0.5 })
  if (type === 'checkbox') Object.assign(base, { switchLabel: 'Sim', default: true })
  if (type === 'tel') Object.assign(base, { mask: '(00) 00000-0000', width: 'half', help: 'Com DDD', required: true })
  return base
}

const everyType = FIELD_TYPES.map(definitionOf)

test('every field type survives the editor: definition → draft → definition', () => {
  for (const field of everyType) expect(draftToField(fieldToDraft(field))).toEqual(field)
})

test('every operator survives the editor, lists for in / not in', () => {
  for (const operator of CONDITION_OPERATORS) {
    const value = operator === 'in' || operator === 'not in' ? ['venda', 'aluguel'] : 'venda'
    const field: FieldDefinition = { type: 'text', name: 'x', conditions: [{ field: 'deal', operator, value }] }
    expect(draftToField(fieldToDraft(field))).toEqual(field)
  }
})

/** The entries a browser posts for a draft (what the editor's inputs are named). */
function posted(draft: TemplateDraft): URLSearchParams {
  const form = new URLSearchParams({
    name: draft.name,
    description: draft.description,
    category: draft.category,
    format: draft.format,
    color: draft.color,
    icon: draft.icon,
  })
  if (draft.needs_home) form.set('needs_home', 'on')
  const fields = (prefix: string, list: TemplateDraft['fields']) =>
    list.forEach((field, i) => {
      const p = `${prefix}[${i}]`
      for (const [key, value] of Object.entries(field)) if (typeof value === 'string') form.append(`${p}.${key}`, value)
      if (field.required) form.append(`${p}.required`, 'on')
      field.conditions.forEach((c, k) =>
        Object.entries(c).forEach(([key, value]) => form.append(`${p}.conditions[${k}].${key}`, value)),
      )
      for (const key of ['addLabel', 'itemLabel', 'min', 'max'] as const)
        form.append(`${p}.repeater.${key}`, field.repeater[key])
      fields(`${p}.repeater.fields`, field.repeater.fields)
    })
  fields('fields', draft.fields)
  draft.prompts.forEach((prompt, i) => {
    form.append(`prompts[${i}].role`, prompt.role)
    form.append(`prompts[${i}].content`, prompt.content)
  })
  form.append('_intent', 'save')
  return form
}

test('a draft read back from its posted form is the same draft', () => {
  const draft: TemplateDraft = { ...emptyDraft(), name: 'Visita', fields: everyType.map(fieldToDraft) }
  draft.fields[1]!.conditions = [{ field: 'campo_0', operator: 'in', value: 'a, b' }]
  const values = formDataToValues(posted(draft))
  delete values._intent
  expect(readDraft(values)).toEqual(draft)
})

describe('the editor buttons', () => {
  const draft = () => ({
    ...emptyDraft(),
    fields: [fieldToDraft(definitionOf('repeater', 0)), fieldToDraft(definitionOf('text', 1))],
  })

  test('add a field of the chosen type to a repeater item, then a condition to it', () => {
    const edited = applyDraftEdit(
      draft(),
      parseDraftEdit('add-field:fields[0].repeater.fields', () => 'date')!,
    )
    expect(edited.fields[0]!.repeater.fields.map((f) => f.type)).toEqual(['text', 'date'])
    applyDraftEdit(
      edited,
      parseDraftEdit('add-condition:fields[0].repeater.fields[1]', () => null)!,
    )
    expect(edited.fields[0]!.repeater.fields[1]!.conditions).toEqual([{ field: '', operator: '==', value: '' }])
  })

  test('move and remove fields; remove a condition and a prompt', () => {
    const edited = applyDraftEdit(
      draft(),
      parseDraftEdit('down-field:fields:0', () => null)!,
    )
    expect(edited.fields.map((f) => f.type)).toEqual(['text', 'repeater'])
    applyDraftEdit(
      edited,
      parseDraftEdit('remove-field:fields:1', () => null)!,
    )
    expect(edited.fields.map((f) => f.type)).toEqual(['text'])
    edited.fields[0]!.conditions = [{ field: 'a', operator: '==', value: '1' }]
    applyDraftEdit(
      edited,
      parseDraftEdit('remove-condition:fields[0]:0', () => null)!,
    )
    expect(edited.fields[0]!.conditions).toEqual([])
    applyDraftEdit(
      edited,
      parseDraftEdit('remove-prompt:0', () => null)!,
    )
    expect(edited.prompts).toEqual([])
  })

  test('an unknown type becomes text; paths outside the draft are refused', () => {
    expect(parseDraftEdit('add-field:fields', () => 'script')).toEqual({
      kind: 'add-field',
      list: 'fields',
      type: 'text',
    })
    expect(parseDraftEdit('add-field:__proto__', () => 'text')).toBeNull()
    expect(parseDraftEdit('remove-field:fields:x', () => null)).toBeNull()
    expect(parseDraftEdit('save', () => null)).toBeNull()
  })
})

describe('checkDraft', () => {
  test('a complete draft gives the definitions and prompts to store', () => {
    const draft: TemplateDraft = {
      ...emptyDraft(),
      name: 'Visita',
      fields: everyType.map(fieldToDraft),
      prompts: [{ role: 'user', content: 'Fale de {{home.name}}' }],
    }
    const checked = checkDraft(draft)
    expect(checked.success && checked.value.fields).toEqual(everyType)
  })

  test('errors are keyed by the inputs that hold them', () => {
    const draft: TemplateDraft = { ...emptyDraft(), name: '', prompts: [{ role: 'user', content: ' ' }] }
    draft.fields = [
      fieldToDraft({ type: 'select', name: '1x', options: [] }),
      fieldToDraft({ type: 'text', name: 'ok', conditions: [{ field: 'nada', operator: '==', value: 'x' }] }),
    ]
    draft.fields[0]!.options = ''
    const checked = checkDraft(draft)
    expect(checked.success).toBe(false)
    if (checked.success) return
    expect(Object.keys(checked.errors)).toEqual(
      expect.arrayContaining(['name', 'fields[0].name', 'fields[0].options', 'prompts[0].content']),
    )
    draft.fields[0] = fieldToDraft({ type: 'text', name: 'tipo' })
    const again = checkDraft({ ...draft, name: 'X', prompts: [{ role: 'user', content: 'oi' }] })
    expect(again.success ? {} : again.errors).toEqual({
      'fields[1].conditions[0].field': ['Escolha um campo deste formulário'],
    })
  })

  test('a number typed wrong is named, not stored as NaN', () => {
    const draft: TemplateDraft = {
      ...emptyDraft(),
      name: 'X',
      prompts: [{ role: 'user', content: 'oi' }],
      fields: [fieldToDraft({ type: 'number', name: 'n' })],
    }
    draft.fields[0]!.max = 'dez'
    const checked = checkDraft(draft)
    expect(checked.success ? {} : Object.keys(checked.errors)).toEqual(['fields[0].max'])
  })
})

test('the preview leaves out fields without a usable name', () => {
  const draft: TemplateDraft = {
    ...emptyDraft(),
    fields: [fieldToDraft({ type: 'text', name: 'ok' }), fieldToDraft({ type: 'text', name: '' })],
  }
  expect(previewFields(draft).map((field) => field.name)).toEqual(['ok'])
})
