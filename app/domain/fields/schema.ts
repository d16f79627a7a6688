// From a template's field definitions to the zod schema of its form. The schema reads raw posted
// values (strings, lists of strings, files, nested repeater items: see values.ts) and returns
// typed ones (money in cents, numbers, booleans, lists). Only visible fields are in it: a field
// hidden by its conditions is neither validated nor saved (z.object drops unknown keys).
import { z } from '~/domain/validation'
import { parseMoney } from '~/domain/money'
import { resolveVisibility, toNumber, type VisibilityScope } from './conditions'
import { applyMask, matchesMask } from './values'
import { isLayoutField, type FieldDefinition, type FieldValue, type FormValues } from './types'

/** What the form may point at, known only to the server: the agent's properties and photos. */
export type FieldSchemaContext = {
  /** Ids of the properties the agent may pick in a `home` field. */
  homeIds?: readonly number[]
  /** Photo URLs a `gallery` field may pick (the chosen property's gallery). */
  galleryUrls?: readonly string[]
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** A template's whole form: a few photo fields at MAX_UPLOAD_BYTES each, and its text. */
export const TEMPLATE_FORM_BYTES = 64 * 1024 * 1024
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

/** The last posted string of a value, trimmed; '' and whitespace become undefined. */
function single(value: unknown): unknown {
  if (Array.isArray(value)) value = value[value.length - 1]
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? undefined : trimmed
  }
  return value
}

/** A list of non-empty strings from a value posted once, many times or not at all. */
function list(value: unknown): unknown {
  if (value === undefined || value === null) return []
  const items = Array.isArray(value) ? value : [value]
  return items
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '' && item !== undefined && item !== null)
}

function optionalUnless<T extends z.ZodType>(schema: T, required: boolean | undefined) {
  return required ? schema : schema.optional()
}

function textSchema(field: FieldDefinition) {
  let schema = z.string()
  if (field.minLength) schema = schema.min(field.minLength)
  if (field.maxLength) schema = schema.max(field.maxLength)
  return schema
}

function maskedText(field: FieldDefinition, base: z.ZodString) {
  if (!field.mask) return base
  const mask = field.mask
  return z
    .string()
    .transform((value) => applyMask(mask, value))
    .pipe(base.refine((value) => matchesMask(mask, value), { message: 'Formato inválido' }))
}

function optionValues(field: FieldDefinition): [string, ...string[]] | null {
  const values = (field.options ?? []).map((option) => option.value)
  return values.length ? (values as [string, ...string[]]) : null
}

const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Obrigatório' : message

/** A list whose every item is allowed; one message for the field, not one per item. */
function listOf(allowed: readonly string[] | null | undefined, message: string) {
  return z.array(z.string()).refine((items) => !allowed || items.every((item) => allowed.includes(item)), { message })
}

/** Reads a posted value as a number (`toNumber`, or `parse`); anything else is NaN, so it fails. */
const numberFrom = (parse: (text: string) => number | null) => (value: unknown) => {
  const text = single(value)
  if (typeof text !== 'string') return text
  return parse(text) ?? Number.NaN
}

const lowerCased = (value: unknown) => {
  const text = single(value)
  return typeof text === 'string' ? text.toLowerCase() : text
}

function telSchema(field: FieldDefinition) {
  return maskedText(field, z.string()).refine(
    (value) => {
      const digits = value.replace(/\D/g, '')
      return digits.length >= 10 && digits.length <= 13
    },
    { message: 'Telefone inválido' },
  )
}

function numberSchema(field: FieldDefinition) {
  let number = z.number()
  if (field.min !== undefined) number = number.min(field.min)
  if (field.max !== undefined) number = number.max(field.max)
  return z.preprocess(numberFrom(toNumber), optionalUnless(number, field.required))
}

function moneySchema(field: FieldDefinition) {
  let cents = z
    .number()
    .int()
    .min(field.min ?? 0)
  if (field.max !== undefined) cents = cents.max(field.max)
  return z.preprocess(numberFrom(parseMoney), optionalUnless(cents, field.required))
}

function checkboxSchema(field: FieldDefinition) {
  const checked = (value: unknown) => {
    const text = single(value)
    return text === true || text === 'on' || text === 'true' || text === '1'
  }
  if (field.required)
    return z.preprocess((value) => (checked(value) ? true : undefined), z.literal(true, { error: 'Obrigatório' }))
  return z.preprocess(checked, z.boolean())
}

function choiceSchema(field: FieldDefinition) {
  const allowed = optionValues(field)
  const choice = allowed ? z.enum(allowed, { error: requiredOr('Opção inválida') }) : z.string()
  return z.preprocess(single, optionalUnless(choice, field.required))
}

/** multiselect, checkbox-group (options) and gallery (the chosen property's photos). */
function pickListSchema(field: FieldDefinition, allowed: readonly string[] | null | undefined, message: string) {
  let items = listOf(allowed, message)
  if (field.required) items = items.min(1)
  if (field.max !== undefined) items = items.max(field.max)
  return z.preprocess(list, items)
}

function homeSchema(field: FieldDefinition, ids: readonly number[] | undefined) {
  const id = z
    .number({ error: (issue) => (issue.input === undefined ? 'Escolha um imóvel' : 'Imóvel não encontrado') })
    .int()
    .positive()
    .refine((value) => !ids || ids.includes(value), { message: 'Imóvel não encontrado' })
  const parseId = (text: string) => (/^\d+$/.test(text) ? Number(text) : null)
  return z.preprocess(numberFrom(parseId), optionalUnless(id, field.required))
}

function mapsSchema(field: FieldDefinition) {
  const coordinate = (min: number, max: number) => z.preprocess(numberFrom(toNumber), z.number().min(min).max(max))
  const point = z.object({ latitude: coordinate(-90, 90), longitude: coordinate(-180, 180) })
  return z.preprocess(
    (value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
      const record = value as Record<string, unknown>
      return single(record.latitude) === undefined && single(record.longitude) === undefined ? undefined : record
    },
    optionalUnless(point, field.required),
  )
}

function fileSchema(field: FieldDefinition) {
  const upload = z
    .instanceof(File)
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, { message: 'Arquivo maior que 10 MB' })
    .refine((file) => IMAGE_TYPES.includes(file.type), {
      message: 'Envie uma imagem JPG, PNG, WebP ou GIF',
    })
  // A file sent before comes back as its URL (kept in a hidden input when the form re-renders).
  const kept = z.string().regex(/^(https?:\/\/|\/)\S+$/, 'Arquivo inválido')
  return z.preprocess(
    (value) => {
      const isEmptyFile = (item: unknown) =>
        typeof File !== 'undefined' && item instanceof File && item.size === 0 && item.name === ''
      // A new file wins over the URL of the one sent before; an empty file input is nothing.
      const items = (Array.isArray(value) ? value : [value]).filter((item) => !isEmptyFile(item))
      const chosen = items.find((item) => typeof item !== 'string') ?? items[items.length - 1]
      return single(chosen)
    },
    optionalUnless(z.union([upload, kept], { error: requiredOr('Arquivo inválido') }), field.required),
  )
}

const isItem = (item: unknown): item is FormValues => typeof item === 'object' && item !== null && !Array.isArray(item)

function repeaterSchema(
  field: FieldDefinition,
  values: FormValues,
  scope: VisibilityScope | undefined,
  context: FieldSchemaContext,
) {
  const settings = field.repeater
  if (!settings) return null
  const raw = values[field.name]
  const items = (Array.isArray(raw) ? raw : []).filter(isItem)
  const min = Math.max(settings.min ?? 0, field.required ? 1 : 0)
  const itemSchemas = items.map((item) => buildFieldsSchema(settings.fields, item, context, scope))
  const schema = z
    .tuple(itemSchemas as unknown as [z.ZodType, ...z.ZodType[]])
    .refine((value) => (value as unknown[]).length >= min, {
      message: `Adicione pelo menos ${min} ${min === 1 ? 'item' : 'itens'}`,
    })
    .refine((value) => settings.max === undefined || (value as unknown[]).length <= settings.max, {
      message: `Adicione no máximo ${settings.max} itens`,
    })
  return z.preprocess((value) => (Array.isArray(value) ? value : []).filter(isItem), schema)
}

/** The schema of one field's value; layout fields have none. */
export function fieldValueSchema(
  field: FieldDefinition,
  values: FormValues,
  scope: VisibilityScope | undefined,
  context: FieldSchemaContext,
): z.ZodType | null {
  const required = field.required
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'password':
      return z.preprocess(single, optionalUnless(maskedText(field, textSchema(field)), required))
    case 'email':
      return z.preprocess(lowerCased, optionalUnless(z.email(), required))
    case 'url':
      return z.preprocess(single, optionalUnless(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }), required))
    case 'tel':
      return z.preprocess(single, optionalUnless(telSchema(field), required))
    case 'number':
      return numberSchema(field)
    case 'money':
      return moneySchema(field)
    case 'checkbox':
      return checkboxSchema(field)
    case 'select':
    case 'radio':
    case 'radio-tabs':
      return choiceSchema(field)
    case 'multiselect':
    case 'checkbox-group':
      return pickListSchema(field, optionValues(field), 'Opção inválida')
    case 'gallery':
      return pickListSchema(field, context.galleryUrls, 'Foto não encontrada')
    case 'home':
      return homeSchema(field, context.homeIds)
    case 'date':
      return z.preprocess(single, optionalUnless(z.iso.date(), required))
    case 'time':
      return z.preprocess(single, optionalUnless(z.iso.time({ precision: -1, error: 'Hora inválida' }), required))
    case 'datetime':
      return z.preprocess(single, optionalUnless(z.iso.datetime({ local: true, precision: -1 }), required))
    case 'color':
      return z.preprocess(lowerCased, optionalUnless(z.string().regex(/^#[0-9a-f]{6}$/, 'Cor inválida'), required))
    case 'maps':
      return mapsSchema(field)
    case 'file':
      return fileSchema(field)
    case 'repeater':
      return repeaterSchema(field, values, scope, context)
    default:
      // heading, tab: layout only.
      return null
  }
}

/**
 * The schema of a form built from `fields`, for the values being validated (visibility depends
 * on them). `parent` is the enclosing level when building a repeater item.
 */
export function buildFieldsSchema(
  fields: readonly FieldDefinition[],
  values: FormValues,
  context: FieldSchemaContext = {},
  parent?: VisibilityScope,
) {
  const scope = resolveVisibility(fields, values, parent)
  const shape: Record<string, z.ZodType> = {}
  for (const field of fields) {
    if (isLayoutField(field) || !scope.isVisible(field.name)) continue
    const schema = fieldValueSchema(field, values, scope, context)
    if (schema) shape[field.name] = schema
  }
  return z.object(shape)
}

/** Validates posted values against a template's fields: typed values of visible fields, or errors by path. */
export function parseFieldValues(
  fields: readonly FieldDefinition[],
  values: FormValues,
  context: FieldSchemaContext = {},
): { success: true; data: Record<string, unknown> } | { success: false; errors: Record<string, string[]> } {
  const result = buildFieldsSchema(fields, values, context).safeParse(values)
  if (result.success) return { success: true, data: result.data }
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = formatPath(issue.path)
    ;(errors[key] ??= []).push(issue.message)
  }
  return { success: false, errors }
}

/** ['items', 0, 'title'] → 'items[0].title' (Conform's field names). */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number') return `${name}[${segment}]`
    return name ? `${name}.${String(segment)}` : String(segment)
  }, '')
}

export type { FieldValue }
