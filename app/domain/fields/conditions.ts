// Conditional visibility (ADR 030): a field is shown only when all of its conditions hold.
// This one module decides it on the server (hidden fields are neither validated nor saved) and
// in the browser (fields appear and disappear as the agent types), so the two never disagree.
import {
  isLayoutField,
  isMultiValueField,
  type ConditionValue,
  type FieldCondition,
  type FieldDefinition,
  type FieldValue,
  type FormValues,
} from './types'
import { parseDecimal } from '../decimal'

const TRUE_WORDS = new Set(['true', 'on', '1', 'sim', 'yes'])
const FALSE_WORDS = new Set(['false', 'off', '0', 'nao', 'não', 'no'])

function isEmpty(value: FieldValue): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

/**
 * A number from what a person typed: '1.234,56', 'R$ 1.500', '12,5', '1500', '3.5'.
 * A comma is the decimal separator; dots before it (or in groups of three) separate thousands.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  return parseDecimal(value.replace(/R\$/i, ''))
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase()
    if (TRUE_WORDS.has(word)) return true
    if (FALSE_WORDS.has(word) || word === '') return false
  }
  return null
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

function scalarEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const left = toBoolean(a)
    const right = toBoolean(b)
    return left !== null && left === right
  }
  const left = toNumber(a)
  const right = toNumber(b)
  if (left !== null && right !== null) return left === right
  return asText(a) === asText(b)
}

function listOf(value: ConditionValue): Array<string | number> {
  if (Array.isArray(value)) return value
  if (value === null || value === undefined) return []
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
  return [value as string | number]
}

function compare(a: unknown, b: unknown): number | null {
  const left = toNumber(a)
  const right = toNumber(b)
  if (left !== null && right !== null) return left - right
  const leftText = asText(a)
  const rightText = asText(b)
  if (leftText === '' || rightText === '') return null
  // ISO dates and times ('2025-03-01', '14:30', '2025-03-01T14:30') order as text.
  return leftText < rightText ? -1 : leftText > rightText ? 1 : 0
}

function lower(value: unknown): string {
  return asText(value).toLocaleLowerCase('pt-BR')
}

/** The controlling field's value as the condition sees it: lists stay lists, a checkbox is a boolean. */
function normalize(value: FieldValue, field?: FieldDefinition): FieldValue {
  if (field?.type === 'checkbox') return toBoolean(value) ?? false
  if (field && isMultiValueField(field)) {
    if (isEmpty(value)) return []
    return Array.isArray(value) ? value : [value]
  }
  if (typeof value === 'string') return value.trim()
  return value
}

/**
 * Whether one condition holds for the controlling field's current value. An empty value
 * (nothing typed, nothing chosen, or a hidden field) equals only '' / null, is in no list and
 * contains nothing; numeric comparisons with it are false.
 */
export function evaluateCondition(
  condition: FieldCondition,
  rawValue: FieldValue,
  controllingField?: FieldDefinition,
): boolean {
  const value = normalize(rawValue, controllingField)
  const target = condition.value
  const empty = isEmpty(value)
  switch (condition.operator) {
    case '==':
      return equals(value, target, empty)
    case '!=':
      return !equals(value, target, empty)
    case '>':
    case '<':
    case '>=':
    case '<=': {
      if (empty || Array.isArray(value) || Array.isArray(target)) return false
      const order = compare(value, target)
      if (order === null) return false
      if (condition.operator === '>') return order > 0
      if (condition.operator === '<') return order < 0
      if (condition.operator === '>=') return order >= 0
      return order <= 0
    }
    case 'in':
      return isIn(value, target, empty)
    case 'not in':
      return !isIn(value, target, empty)
    case 'contains':
      return contains(value, target, empty)
    case 'not contains':
      return !contains(value, target, empty)
    case 'starts with':
    case 'ends with': {
      if (empty) return false
      const needle = lower(Array.isArray(target) ? target[0] : target)
      const test = (item: unknown) =>
        condition.operator === 'starts with' ? lower(item).startsWith(needle) : lower(item).endsWith(needle)
      return Array.isArray(value) ? value.some(test) : test(value)
    }
    default:
      return false
  }
}

function equals(value: FieldValue, target: ConditionValue, empty: boolean): boolean {
  const targetEmpty =
    target === null ||
    (typeof target === 'string' && target.trim() === '') ||
    (Array.isArray(target) && target.length === 0)
  if (empty || targetEmpty) {
    // A checkbox left unchecked is false, not "empty": false == false holds.
    if (typeof value === 'boolean') return scalarEquals(value, target ?? false)
    return empty && targetEmpty
  }
  if (Array.isArray(value)) {
    const wanted = Array.isArray(target) ? target : [target]
    return value.length === wanted.length && wanted.every((item) => value.some((own) => scalarEquals(own, item)))
  }
  if (Array.isArray(target)) return false
  return scalarEquals(value, target)
}

function isIn(value: FieldValue, target: ConditionValue, empty: boolean): boolean {
  if (empty) return false
  const list = listOf(target)
  const items = Array.isArray(value) ? value : [value]
  return items.some((item) => list.some((candidate) => scalarEquals(item, candidate)))
}

function contains(value: FieldValue, target: ConditionValue, empty: boolean): boolean {
  if (empty) return false
  const needles = Array.isArray(target) ? target : [target]
  if (Array.isArray(value)) return needles.every((needle) => value.some((item) => scalarEquals(item, needle)))
  const haystack = lower(value)
  return needles.every((needle) => haystack.includes(lower(needle)))
}

/** One level of a form: the top level, or one repeater item inside its parent level. */
export type VisibilityScope = {
  isVisible(name: string): boolean
  /** The value conditions see: undefined when the field is hidden. */
  valueOf(name: string): FieldValue
  fieldOf(name: string): FieldDefinition | undefined
}

/**
 * Resolves which fields of one level are visible. Conditions look up the controlling field in
 * this level first, then in the parent level. A hidden field's value counts as empty, so
 * chained rules (A shows B, B shows C) collapse together; a cycle counts as hidden. A field
 * placed after a `tab` belongs to it and is hidden when the tab is.
 */
export function resolveVisibility(
  fields: readonly FieldDefinition[],
  values: FormValues,
  parent?: VisibilityScope,
): VisibilityScope {
  const byName = new Map(fields.map((field) => [field.name, field]))
  const tabOf = new Map<string, string>()
  let currentTab: string | undefined
  for (const field of fields) {
    if (field.type === 'tab') currentTab = field.name
    else if (currentTab) tabOf.set(field.name, currentTab)
  }
  const memo = new Map<string, boolean>()
  const resolving = new Set<string>()
  const cyclic = fieldsInCycles(fields, tabOf)

  const scope: VisibilityScope = {
    fieldOf: (name) => byName.get(name) ?? parent?.fieldOf(name),
    isVisible(name) {
      const known = memo.get(name)
      if (known !== undefined) return known
      const field = byName.get(name)
      if (!field) return parent ? parent.isVisible(name) : true
      if (cyclic.has(name) || resolving.has(name)) return false
      resolving.add(name)
      const tab = tabOf.get(name)
      const visible =
        (tab === undefined || scope.isVisible(tab)) &&
        (field.conditions ?? []).every((condition) => {
          const own = byName.has(condition.field)
          const controlling = own ? byName.get(condition.field) : parent?.fieldOf(condition.field)
          const value = own
            ? scope.valueOf(condition.field)
            : parent
              ? parent.valueOf(condition.field)
              : values[condition.field]
          return evaluateCondition(condition, value, controlling)
        })
      resolving.delete(name)
      memo.set(name, visible)
      return visible
    },
    valueOf(name) {
      if (!byName.has(name)) return parent ? parent.valueOf(name) : values[name]
      return scope.isVisible(name) ? values[name] : undefined
    },
  }
  return scope
}

/** Fields whose conditions depend on themselves, directly or through others (always hidden). */
function fieldsInCycles(fields: readonly FieldDefinition[], tabOf: ReadonlyMap<string, string>): Set<string> {
  const names = new Set(fields.map((field) => field.name))
  const edges = new Map<string, string[]>()
  for (const field of fields) {
    const targets = (field.conditions ?? []).map((condition) => condition.field).filter((target) => names.has(target))
    const tab = tabOf.get(field.name)
    edges.set(field.name, tab ? [...targets, tab] : targets)
  }
  const inCycle = new Set<string>()
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (name: string) => {
    state.set(name, 'open')
    stack.push(name)
    for (const next of edges.get(name) ?? []) {
      if (state.get(next) === 'open') {
        for (const member of stack.slice(stack.indexOf(next))) inCycle.add(member)
      } else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(name, 'done')
  }
  for (const name of names) if (!state.has(name)) visit(name)
  // Whatever depends on a cyclic field is hidden through it: its value counts as empty.
  return inCycle
}

/** Names of the visible fields of one level, in form order. */
export function visibleFieldNames(
  fields: readonly FieldDefinition[],
  values: FormValues,
  parent?: VisibilityScope,
): string[] {
  const scope = resolveVisibility(fields, values, parent)
  return fields.filter((field) => scope.isVisible(field.name)).map((field) => field.name)
}

/**
 * The values of visible, value-carrying fields only (repeater items pruned the same way).
 * Hidden fields are dropped: they are neither validated nor saved.
 */
export function pruneHiddenValues(
  fields: readonly FieldDefinition[],
  values: FormValues,
  parent?: VisibilityScope,
): FormValues {
  const scope = resolveVisibility(fields, values, parent)
  const kept: FormValues = {}
  for (const field of fields) {
    if (isLayoutField(field) || !scope.isVisible(field.name)) continue
    const value = values[field.name]
    if (field.type === 'repeater' && field.repeater) {
      const items = Array.isArray(value) ? value : []
      kept[field.name] = items.map((item) =>
        pruneHiddenValues(field.repeater!.fields, isRecord(item) ? item : {}, scope),
      )
    } else if (value !== undefined) {
      kept[field.name] = value
    }
  }
  return kept
}

export function isRecord(value: unknown): value is { [key: string]: FieldValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isFile(value)
}

function isFile(value: unknown): boolean {
  return typeof File !== 'undefined' && value instanceof File
}

/**
 * Full names ('price', 'items[0].title') of every visible value-carrying field, repeater items
 * included. The form posts this list (`_visible`) so the server can tell which fields the agent
 * has not seen yet (they appeared because of an answer given with JavaScript off).
 */
export function visibleFieldPaths(
  fields: readonly FieldDefinition[],
  values: FormValues,
  prefix = '',
  parent?: VisibilityScope,
): string[] {
  const scope = resolveVisibility(fields, values, parent)
  const paths: string[] = []
  for (const field of fields) {
    if (isLayoutField(field) || !scope.isVisible(field.name)) continue
    const path = prefix ? `${prefix}.${field.name}` : field.name
    paths.push(path)
    if (field.type === 'repeater' && field.repeater) {
      const items = Array.isArray(values[field.name]) ? (values[field.name] as FieldValue[]) : []
      items.forEach((item, index) => {
        paths.push(...visibleFieldPaths(field.repeater!.fields, isRecord(item) ? item : {}, `${path}[${index}]`, scope))
      })
    }
  }
  return paths
}
