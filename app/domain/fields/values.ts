// From posted form data to the nested values the engine reads, and input masks. Names follow
// Conform's convention: `tags` (repeated for lists), `items[0].title`, `place.latitude`.
import type { FieldDefinition, FieldValue, FormValues } from './types'
import { isRecord } from './conditions'

type PathSegment = string | number

export function parseFieldPath(name: string): PathSegment[] {
  const segments: PathSegment[] = []
  const pattern = /([^.[\]]+)|\[(\d+)\]/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(name))) {
    if (match[2] !== undefined) segments.push(Number(match[2]))
    else if (match[1] !== undefined) segments.push(match[1])
  }
  return segments
}

function setPath(target: FormValues, path: PathSegment[], value: FieldValue) {
  let node: FieldValue = target
  for (let index = 0; index < path.length; index++) {
    const key = path[index]!
    const last = index === path.length - 1
    const container = node as Record<string | number, FieldValue>
    if (last) {
      const existing = container[key]
      if (existing === undefined) container[key] = value
      else if (Array.isArray(existing) && !isRecord(existing[0])) existing.push(value)
      else container[key] = [existing, value]
      return
    }
    const nextIsIndex = typeof path[index + 1] === 'number'
    if (container[key] === undefined || container[key] === null || typeof container[key] !== 'object')
      container[key] = nextIsIndex ? [] : {}
    node = container[key]
  }
}

/** Posted entries (FormData or URLSearchParams) as nested values. Empty file inputs are dropped. */
export function formDataToValues(
  data: Iterable<[string, FormDataEntryValue]> | FormData | URLSearchParams,
): FormValues {
  const values: FormValues = {}
  for (const [name, value] of data as Iterable<[string, FormDataEntryValue]>) {
    if (typeof value !== 'string' && value.size === 0 && value.name === '') continue
    const path = parseFieldPath(name)
    if (path.length === 0) continue
    setPath(values, path, value as FieldValue)
  }
  return values
}

/** A template form's posted answers, without the form's own inputs (_intent, _visible…). */
export function postedValues(data: Iterable<[string, FormDataEntryValue]> | FormData | URLSearchParams): FormValues {
  const values = formDataToValues(data)
  for (const key of Object.keys(values)) if (key.startsWith('_')) delete values[key]
  return values
}

/**
 * Applies a mask to what was typed: `0` takes a digit, `A` a letter, `*` either; other
 * characters are literals written as the typing reaches them. '11987654321' with
 * '(00) 00000-0000' gives '(11) 98765-4321'.
 */
export function applyMask(mask: string, input: string): string {
  const wanted = (char: string) =>
    char === '0' ? /\d/ : char === 'A' ? /[A-Za-zÀ-ÿ]/ : char === '*' ? /[A-Za-zÀ-ÿ0-9]/ : null
  const raw = [...input].filter((char) => /[A-Za-zÀ-ÿ0-9]/.test(char))
  let out = ''
  let cursor = 0
  for (const maskChar of mask) {
    if (cursor >= raw.length) break
    const pattern = wanted(maskChar)
    if (!pattern) {
      out += maskChar
      if (raw[cursor] === maskChar) cursor++
      continue
    }
    while (cursor < raw.length && !pattern.test(raw[cursor]!)) cursor++
    if (cursor >= raw.length) break
    out += raw[cursor]!
    cursor++
  }
  return out
}

/** Whether a value fills the mask completely. */
export function matchesMask(mask: string, value: string): boolean {
  return applyMask(mask, value) === value && value.length === mask.length
}

/** The starting values of an empty form: each field's `default`, repeaters with `min` items. */
export function defaultValues(fields: readonly FieldDefinition[]): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    if (field.type === 'repeater' && field.repeater) {
      const count = Math.max(field.repeater.min ?? 0, 1)
      values[field.name] = Array.from({ length: count }, () => defaultValues(field.repeater!.fields))
    } else if (field.default !== undefined) {
      values[field.name] = field.type === 'checkbox' ? Boolean(field.default) : (field.default as FieldValue)
    }
  }
  return values
}
