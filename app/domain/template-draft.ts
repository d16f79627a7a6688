// The admin's template editor works on a draft: every value as the form holds it (text), so a
// half-typed number or an option list survives a round trip to the server without JavaScript.
// This module turns stored definitions into drafts and back, reads a draft from posted values,
// and makes the list edits the editor's buttons ask for. No zod (the browser imports it for the
// live preview); template-draft-schema.ts validates on the server.
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type ConditionValue,
  type FieldDefinition,
  type FieldType,
  type FieldValue,
} from './fields/types'
import type { TemplatePrompt } from './templates'

export type ConditionDraft = { field: string; operator: string; value: string }

export type FieldDraft = {
  type: string
  name: string
  label: string
  help: string
  required: boolean
  width: string
  size: string
  icon: string
  placeholder: string
  mask: string
  switchLabel: string
  default: string
  min: string
  max: string
  step: string
  minLength: string
  maxLength: string
  rows: string
  /** One option a line: 'valor | Rótulo', or just 'Rótulo' (the value is the same text). */
  options: string
  conditions: ConditionDraft[]
  repeater: { addLabel: string; itemLabel: string; min: string; max: string; fields: FieldDraft[] }
}

export type PromptDraft = { role: string; content: string }

export type TemplateDraft = {
  name: string
  description: string
  category: string
  format: string
  color: string
  icon: string
  needs_home: boolean
  featured: boolean
  fields: FieldDraft[]
  prompts: PromptDraft[]
}

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Texto',
  select: 'Lista de opções',
  multiselect: 'Lista de várias opções',
  textarea: 'Texto longo',
  money: 'Valor em reais',
  maps: 'Endereço no mapa',
  file: 'Arquivo (imagem)',
  checkbox: 'Caixa de seleção',
  'checkbox-group': 'Grupo de caixas',
  radio: 'Escolha única',
  'radio-tabs': 'Escolha única em abas',
  date: 'Data',
  time: 'Hora',
  datetime: 'Data e hora',
  email: 'E-mail',
  number: 'Número',
  tel: 'Telefone',
  url: 'Endereço da web',
  heading: 'Título de seção',
  color: 'Cor',
  password: 'Senha',
  repeater: 'Lista de itens (repetidor)',
  tab: 'Aba',
  gallery: 'Fotos do imóvel',
  home: 'Imóvel',
}

export const OPTION_FIELD_TYPES: readonly string[] = ['select', 'multiselect', 'checkbox-group', 'radio', 'radio-tabs']

export const PROMPT_ROLE_LABELS: Record<TemplatePrompt['role'], string> = {
  system: 'Sistema (instruções)',
  user: 'Usuário (pedido)',
  assistant: 'Assistente (exemplo de resposta)',
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export function emptyField(type = 'text'): FieldDraft {
  return {
    type,
    name: '',
    label: '',
    help: '',
    required: false,
    width: 'full',
    size: '',
    icon: '',
    placeholder: '',
    mask: '',
    switchLabel: '',
    default: '',
    min: '',
    max: '',
    step: '',
    minLength: '',
    maxLength: '',
    rows: '',
    options: '',
    conditions: [],
    repeater: { addLabel: '', itemLabel: '', min: '', max: '', fields: [] },
  }
}

export function emptyDraft(): TemplateDraft {
  return {
    name: '',
    description: '',
    category: '',
    format: 'feed',
    color: '#0f766e',
    icon: 'sparkles',
    needs_home: true,
    featured: false,
    fields: [],
    prompts: [{ role: 'user', content: '' }],
  }
}

function conditionText(value: ConditionValue): string {
  if (Array.isArray(value)) return value.join(', ')
  return text(value)
}

/** A stored definition as the editor shows it. */
export function fieldToDraft(field: FieldDefinition): FieldDraft {
  const draft = emptyField(field.type)
  for (const key of [
    'name',
    'label',
    'help',
    'size',
    'icon',
    'placeholder',
    'mask',
    'switchLabel',
    'min',
    'max',
    'step',
    'minLength',
    'maxLength',
    'rows',
  ] as const)
    draft[key] = text(field[key])
  draft.required = field.required === true
  draft.width = field.width ?? 'full'
  draft.default = Array.isArray(field.default) ? field.default.join(', ') : text(field.default)
  draft.options = (field.options ?? [])
    .map((o) => (o.value === o.label ? o.label : `${o.value} | ${o.label}`))
    .join('\n')
  draft.conditions = (field.conditions ?? []).map((c) => ({
    field: c.field,
    operator: c.operator,
    value: conditionText(c.value),
  }))
  if (field.repeater)
    draft.repeater = {
      addLabel: text(field.repeater.addLabel),
      itemLabel: text(field.repeater.itemLabel),
      min: text(field.repeater.min),
      max: text(field.repeater.max),
      fields: field.repeater.fields.map(fieldToDraft),
    }
  return draft
}

/** '1.5' or '1,5' → 1.5; '' → undefined; anything else → NaN (the schema then names the field). */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

function optionsOf(lines: string) {
  return lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...label] = line.split('|')
      const rest = label.join('|').trim()
      return { value: value!.trim(), label: rest || value!.trim() }
    })
}

function conditionOf(draft: ConditionDraft) {
  const operator = draft.operator as ConditionOperator
  const raw = draft.value.trim()
  let value: ConditionValue = raw
  if (operator === 'in' || operator === 'not in')
    value = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  else if (raw === 'true' || raw === 'false') value = raw === 'true'
  return { field: draft.field.trim(), operator, value }
}

function defaultOf(draft: FieldDraft): FieldDefinition['default'] {
  const raw = draft.default.trim()
  if (raw === '') return undefined
  if (draft.type === 'checkbox') return raw === 'true'
  if (draft.type === 'multiselect' || draft.type === 'checkbox-group')
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  return draft.default
}

/** A draft as the definition it stands for; empty entries are left out. */
export function draftToField(draft: FieldDraft): FieldDefinition {
  const field: Record<string, unknown> = { type: draft.type, name: draft.name.trim() }
  for (const key of ['label', 'help', 'size', 'icon', 'placeholder', 'mask', 'switchLabel'] as const)
    if (draft[key].trim()) field[key] = draft[key].trim()
  if (draft.required) field.required = true
  if (draft.width && draft.width !== 'full') field.width = draft.width
  for (const key of ['min', 'max', 'step', 'minLength', 'maxLength', 'rows'] as const) {
    const number = numberOf(draft[key])
    if (number !== undefined) field[key] = number
  }
  const fallback = defaultOf(draft)
  if (fallback !== undefined) field.default = fallback
  if (OPTION_FIELD_TYPES.includes(draft.type) || draft.options.trim()) field.options = optionsOf(draft.options)
  if (draft.conditions.length) field.conditions = draft.conditions.map(conditionOf)
  if (draft.type === 'repeater') {
    const repeater: Record<string, unknown> = { fields: draft.repeater.fields.map(draftToField) }
    for (const key of ['addLabel', 'itemLabel'] as const)
      if (draft.repeater[key].trim()) repeater[key] = draft.repeater[key].trim()
    for (const key of ['min', 'max'] as const) {
      const number = numberOf(draft.repeater[key])
      if (number !== undefined) repeater[key] = number
    }
    field.repeater = repeater
  }
  return field as FieldDefinition
}

const str = (value: FieldValue) => (typeof value === 'string' ? value : '')
const list = (value: FieldValue): FieldValue[] => (Array.isArray(value) ? value : [])
const obj = (value: FieldValue): Record<string, FieldValue> =>
  value && typeof value === 'object' && !Array.isArray(value) && !(typeof File !== 'undefined' && value instanceof File)
    ? (value as Record<string, FieldValue>)
    : {}

/** A checkbox as posted ('on'), or a boolean from the preview's JSON copy of the draft. */
const isOn = (value: FieldValue) => value === 'on' || value === 'true' || value === true

function readField(value: FieldValue): FieldDraft {
  const raw = obj(value)
  const draft = emptyField(str(raw.type) || 'text')
  for (const key of [
    'name',
    'label',
    'help',
    'width',
    'size',
    'icon',
    'placeholder',
    'mask',
    'switchLabel',
    'default',
    'min',
    'max',
    'step',
    'minLength',
    'maxLength',
    'rows',
    'options',
  ] as const)
    draft[key] = str(raw[key])
  draft.width ||= 'full'
  draft.required = isOn(raw.required)
  draft.conditions = list(raw.conditions).map((item) => {
    const condition = obj(item)
    return { field: str(condition.field), operator: str(condition.operator) || '==', value: str(condition.value) }
  })
  const repeater = obj(raw.repeater)
  draft.repeater = {
    addLabel: str(repeater.addLabel),
    itemLabel: str(repeater.itemLabel),
    min: str(repeater.min),
    max: str(repeater.max),
    fields: list(repeater.fields).map(readField),
  }
  return draft
}

/** The draft the editor's form posted (values as formDataToValues nests them). */
export function readDraft(values: Record<string, FieldValue>): TemplateDraft {
  return {
    name: str(values.name),
    description: str(values.description),
    category: str(values.category),
    format: str(values.format) || 'feed',
    color: str(values.color),
    icon: str(values.icon),
    needs_home: isOn(values.needs_home),
    featured: isOn(values.featured),
    fields: list(values.fields).map(readField),
    prompts: list(values.prompts).map((item) => ({
      role: str(obj(item).role) || 'user',
      content: str(obj(item).content),
    })),
  }
}

/** The fields a draft defines, for the live preview: those that would not render are left out. */
export function previewFields(draft: TemplateDraft): FieldDefinition[] {
  const usable = (field: FieldDraft) => /^[A-Za-z][A-Za-z0-9_]*$/.test(field.name.trim())
  const convert = (fields: FieldDraft[]): FieldDefinition[] =>
    fields.filter(usable).map((field) => {
      const definition = draftToField({ ...field, repeater: { ...field.repeater, fields: [] } })
      if (definition.repeater) definition.repeater.fields = convert(field.repeater.fields)
      return definition
    })
  return convert(draft.fields)
}

export const isOperator = (value: string): value is ConditionOperator =>
  (CONDITION_OPERATORS as readonly string[]).includes(value)
