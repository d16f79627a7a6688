// A template's form: its stored field definitions, plus the property picker when the template
// needs a property, and the way saved values go back into the form.
import { formatMoneyInput } from '~/domain/money'
import { DEFAULT_POST_STYLE, POST_STYLE_IDS, POST_STYLES, STYLE_FIELD_NAME } from '~/domain/post-style'
import { fieldDefinitionSchema } from './definition-schema'
import type { FieldDefinition, FieldValue, FormValues } from './types'

/** The name of the property picker added to templates that need a property. */
export const HOME_FIELD_NAME = 'home_id'

export const HOME_FIELD: FieldDefinition = {
  type: 'home',
  name: HOME_FIELD_NAME,
  label: 'Imóvel',
  required: true,
  icon: 'home',
  help: 'As fotos e as informações do post vêm deste imóvel.',
}

/** The visual style of a property post (ADR 160): every template about a property offers it. */
export const STYLE_FIELD: FieldDefinition = {
  type: 'select',
  name: STYLE_FIELD_NAME,
  label: 'Estilo',
  help: 'Tipografia, cores e o jeito de mostrar a foto. Vale só para este post.',
  options: POST_STYLE_IDS.map((id) => ({ value: id, label: POST_STYLES[id].label })),
  default: DEFAULT_POST_STYLE,
  required: true,
  width: 'half',
}

/** Stored definitions that fail the definition schema are left out rather than breaking the page. */
export function readFieldDefinitions(stored: readonly unknown[]): FieldDefinition[] {
  return stored.flatMap((entry) => {
    const parsed = fieldDefinitionSchema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The fields the agent fills for a template: a `home` picker first when it needs a property, and
 * the post's style ("Estilo") last on every template about a property.
 */
export function templateFormFields(template: { needs_home: boolean; fields: readonly unknown[] }): FieldDefinition[] {
  const fields = readFieldDefinitions(template.fields)
  if (!template.needs_home) return fields
  const has = (name: string) => fields.some((field) => field.name === name)
  return [
    ...(fields.some((field) => field.type === 'home') ? [] : [HOME_FIELD]),
    ...fields,
    ...(has(STYLE_FIELD_NAME) ? [] : [STYLE_FIELD]),
  ]
}

/** The name of the `home` field of a form, if any. */
export function homeFieldName(fields: readonly FieldDefinition[]): string | undefined {
  return fields.find((field) => field.type === 'home')?.name
}

/** Saved (typed) values back to what the form's inputs show: cents → '1.234,56', numbers → text. */
export function toFormValues(fields: readonly FieldDefinition[], saved: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const value = saved[field.name]
    if (value === undefined || value === null) continue
    values[field.name] = toFormValue(field, value)
  }
  return values
}

function toFormValue(field: FieldDefinition, value: unknown): FieldValue {
  switch (field.type) {
    case 'money':
      return typeof value === 'number' ? formatMoneyInput(value) : String(value)
    case 'number':
    case 'home':
      return String(value)
    case 'checkbox':
      return value === true
    case 'multiselect':
    case 'checkbox-group':
    case 'gallery':
      return Array.isArray(value) ? value.map(String) : [String(value)]
    case 'maps': {
      const point = value as { latitude?: number; longitude?: number }
      return { latitude: String(point.latitude ?? ''), longitude: String(point.longitude ?? '') }
    }
    case 'repeater':
      return Array.isArray(value)
        ? value.map((item) => toFormValues(field.repeater?.fields ?? [], (item ?? {}) as Record<string, unknown>))
        : []
    default:
      return typeof value === 'string' ? value : String(value)
  }
}
