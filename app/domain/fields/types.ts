// The template form's vocabulary (ADR 030: the product's post template and form field): what a field
// definition may say. No zod here: the browser imports this module (definition-schema.ts checks
// stored definitions on the server).

export const FIELD_TYPES = [
  'text',
  'select',
  'multiselect',
  'textarea',
  'money',
  'maps',
  'file',
  'checkbox',
  'checkbox-group',
  'radio',
  'radio-tabs',
  'date',
  'time',
  'datetime',
  'email',
  'number',
  'tel',
  'url',
  'heading',
  'color',
  'password',
  'repeater',
  'tab',
  'gallery',
  'home',
] as const

export type FieldType = (typeof FIELD_TYPES)[number]

/** Types that only lay the form out: no value, never validated or saved. */
export const LAYOUT_FIELD_TYPES = ['heading', 'tab'] as const satisfies readonly FieldType[]

/** Types whose value is a list of strings. */
export const MULTI_VALUE_FIELD_TYPES = [
  'multiselect',
  'checkbox-group',
  'gallery',
] as const satisfies readonly FieldType[]

export const CONDITION_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'in',
  'not in',
  'contains',
  'not contains',
  'starts with',
  'ends with',
] as const

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  '==': 'é igual a',
  '!=': 'é diferente de',
  '>': 'é maior que',
  '<': 'é menor que',
  '>=': 'é maior ou igual a',
  '<=': 'é menor ou igual a',
  in: 'está entre',
  'not in': 'não está entre',
  contains: 'contém',
  'not contains': 'não contém',
  'starts with': 'começa com',
  'ends with': 'termina com',
}

export type ConditionValue = string | number | boolean | null | Array<string | number>

/** "Show this field when `field` `operator` `value`." */
export type FieldCondition = {
  /** Name of the controlling field (a sibling inside a repeater item, else a top-level field). */
  field: string
  operator: ConditionOperator
  value: ConditionValue
}

export type FieldOption = { value: string; label: string }

export type FieldWidth = 'full' | 'half' | 'third'

export type RepeaterSettings = {
  /** The fields of one item. */
  fields: FieldDefinition[]
  min?: number
  max?: number
  /** Button text, e.g. 'Adicionar depoimento'. */
  addLabel?: string
  /** Title of each item, e.g. 'Depoimento' → 'Depoimento 1'. */
  itemLabel?: string
}

export type FieldDefinition = {
  type: FieldType
  /** The key the value is posted and saved under (snake_case or camelCase, no dots or brackets). */
  name: string
  label?: string
  /** Help text under the control. */
  help?: string
  /** Control size: 'large' (default) or a compact 'small'. */
  size?: 'large' | 'small'
  required?: boolean
  options?: FieldOption[]
  /** An icon name from the app's icon set (app/components/template-fields/icons.tsx). */
  icon?: string
  /** Share of the form's row the field takes (default 'full'). */
  width?: FieldWidth
  /** Checkbox shown as a switch: the text beside the switch. */
  switchLabel?: string
  placeholder?: string
  /** Input mask: 0 digit, A letter, * letter or digit; anything else is kept as typed. */
  mask?: string
  /** Shown only when every condition holds. */
  conditions?: FieldCondition[]
  repeater?: RepeaterSettings
  /** Initial value of an empty form. */
  default?: string | number | boolean | string[]
  min?: number
  max?: number
  step?: number
  minLength?: number
  maxLength?: number
  /** Textarea rows. */
  rows?: number
}

export function isLayoutField(field: Pick<FieldDefinition, 'type'>): boolean {
  return (LAYOUT_FIELD_TYPES as readonly string[]).includes(field.type)
}

export function isMultiValueField(field: Pick<FieldDefinition, 'type'>): boolean {
  return (MULTI_VALUE_FIELD_TYPES as readonly string[]).includes(field.type)
}

/** Values of a form: strings as posted, lists, booleans, numbers, repeater items, files. */
export type FieldValue =
  string | number | boolean | null | undefined | File | FieldValue[] | { [key: string]: FieldValue }

export type FormValues = Record<string, FieldValue>

/** One of the agent's properties as the `home` picker and the `gallery` field show it. */
export type FormHome = {
  id: number
  name: string
  /** 'Jardins, São Paulo'. */
  place: string
  gallery: Array<{ url: string; thumb: string; name: string }>
}
