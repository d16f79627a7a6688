// The editor's buttons without JavaScript: each names what it does in `_intent`
// ('add-field:fields[2].repeater.fields', 'remove-condition:fields[0]:1'), and the server applies
// it to the posted draft and shows the form again. Paths are the inputs' own name prefixes.
import { FIELD_TYPES } from './fields/types'
import { parseFieldPath } from './fields/values'
import { emptyField, type FieldDraft, type TemplateDraft } from './template-draft'

export type DraftEdit =
  | { kind: 'add-field'; list: string; type: string }
  | { kind: 'remove-field' | 'up-field' | 'down-field'; list: string; index: number }
  | { kind: 'add-condition'; field: string }
  | { kind: 'remove-condition'; field: string; index: number }
  | { kind: 'add-prompt' }
  | { kind: 'remove-prompt'; index: number }

const LIST_PATH = /^fields(\[\d{1,3}\]\.repeater\.fields){0,3}$/
const FIELD_PATH = /^fields\[\d{1,3}\](\.repeater\.fields\[\d{1,3}\]){0,3}$/
const INDEX = /^\d{1,3}$/

/** Reads an edit intent; null when `_intent` is not one (save, refresh, …). */
export function parseDraftEdit(intent: string, newType: (list: string) => string | null): DraftEdit | null {
  const [kind, target = '', at = ''] = intent.split(':')
  switch (kind) {
    case 'add-field': {
      if (!LIST_PATH.test(target)) return null
      const type = newType(target) ?? 'text'
      return { kind, list: target, type: (FIELD_TYPES as readonly string[]).includes(type) ? type : 'text' }
    }
    case 'remove-field':
    case 'up-field':
    case 'down-field':
      return LIST_PATH.test(target) && INDEX.test(at) ? { kind, list: target, index: Number(at) } : null
    case 'add-condition':
      return FIELD_PATH.test(target) ? { kind, field: target } : null
    case 'remove-condition':
      return FIELD_PATH.test(target) && INDEX.test(at) ? { kind, field: target, index: Number(at) } : null
    case 'add-prompt':
      return { kind }
    case 'remove-prompt':
      return INDEX.test(target) ? { kind, index: Number(target) } : null
    default:
      return null
  }
}

function walk(draft: TemplateDraft, path: string): unknown {
  let node: unknown = draft
  for (const segment of parseFieldPath(path)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string | number, unknown>)[segment]
  }
  return node
}

const fieldList = (draft: TemplateDraft, path: string) => {
  const found = walk(draft, path)
  return Array.isArray(found) ? (found as FieldDraft[]) : null
}

const fieldAt = (draft: TemplateDraft, path: string) => {
  const found = walk(draft, path) as FieldDraft | undefined
  return found && Array.isArray(found.conditions) ? found : null
}

/** Applies one edit to the draft (in place) and returns it; an edit of nothing changes nothing. */
export function applyDraftEdit(draft: TemplateDraft, edit: DraftEdit): TemplateDraft {
  switch (edit.kind) {
    case 'add-field':
      fieldList(draft, edit.list)?.push(emptyField(edit.type))
      break
    case 'remove-field':
      fieldList(draft, edit.list)?.splice(edit.index, 1)
      break
    case 'up-field':
    case 'down-field': {
      const fields = fieldList(draft, edit.list)
      const to = edit.kind === 'up-field' ? edit.index - 1 : edit.index + 1
      if (fields && edit.index < fields.length && to >= 0 && to < fields.length)
        [fields[edit.index], fields[to]] = [fields[to]!, fields[edit.index]!]
      break
    }
    case 'add-condition':
      fieldAt(draft, edit.field)?.conditions.push({ field: '', operator: '==', value: '' })
      break
    case 'remove-condition':
      fieldAt(draft, edit.field)?.conditions.splice(edit.index, 1)
      break
    case 'add-prompt':
      draft.prompts.push({ role: 'user', content: '' })
      break
    case 'remove-prompt':
      draft.prompts.splice(edit.index, 1)
      break
  }
  return draft
}
