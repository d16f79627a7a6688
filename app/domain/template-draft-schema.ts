// Checks an admin's template draft before it is saved or tested: the template's own data, each
// field against the form-field engine's definition schema, conditions that name a field the form
// has, and prompts with a role and text. Errors come back keyed by the editor's input names.
import { fieldListSchema } from './fields/definition-schema'
import { formatPath } from './fields/schema'
import type { FieldDefinition } from './fields/types'
import { draftToField, type TemplateDraft } from './template-draft'
import type { TemplatePrompt } from './templates'
import { z } from './validation'

export const TEMPLATE_FORMATS = ['feed', 'portrait', 'story', 'carousel'] as const

export type TemplateInput = {
  name: string
  description: string
  category: string | null
  format: (typeof TEMPLATE_FORMATS)[number]
  color: string | null
  icon: string | null
  needs_home: boolean
  featured: boolean
  fields: FieldDefinition[]
  prompts: TemplatePrompt[]
}

const headerSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500),
  category: z.string().max(80),
  format: z.enum(TEMPLATE_FORMATS),
  color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use uma cor como #0f766e')]),
  icon: z.string().max(40),
})

const promptSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().trim().min(1).max(8000),
})

export type DraftCheck = { success: true; value: TemplateInput } | { success: false; errors: Record<string, string[]> }

/** Conditions must name a field of their own level or of the top level (ADR 030). */
function unknownConditionFields(
  fields: FieldDefinition[],
  top: Set<string>,
  prefix: string,
  errors: Record<string, string[]>,
) {
  const here = new Set(fields.map((field) => field.name))
  fields.forEach((field, index) => {
    const path = `${prefix}[${index}]`
    if (!Array.isArray(field.conditions)) return
    field.conditions.forEach((condition, at) => {
      if (!here.has(condition.field) && !top.has(condition.field))
        (errors[`${path}.conditions[${at}].field`] ??= []).push('Escolha um campo deste formulário')
      if (condition.field === field.name)
        (errors[`${path}.conditions[${at}].field`] ??= []).push('Um campo não pode depender de si mesmo')
    })
    if (field.repeater) unknownConditionFields(field.repeater.fields, top, `${path}.repeater.fields`, errors)
  })
}

export function checkDraft(draft: TemplateDraft): DraftCheck {
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  const header = headerSchema.safeParse(draft)
  if (!header.success) for (const issue of header.error.issues) add(formatPath(issue.path), issue.message)
  const candidates = draft.fields.map(draftToField)
  const fields = fieldListSchema.safeParse(candidates)
  if (!fields.success)
    for (const issue of fields.error.issues) add(formatPath(['fields', ...issue.path]), issue.message)
  unknownConditionFields(candidates, new Set(candidates.map((field) => field.name)), 'fields', errors)
  const prompts = z.array(promptSchema).min(1, 'Escreva pelo menos um prompt').safeParse(draft.prompts)
  if (!prompts.success)
    for (const issue of prompts.error.issues) add(formatPath(['prompts', ...issue.path]), issue.message)
  if (!header.success || !fields.success || !prompts.success || Object.keys(errors).length)
    return { success: false, errors }
  return {
    success: true,
    value: {
      name: header.data.name,
      description: header.data.description,
      category: header.data.category || null,
      format: header.data.format,
      color: header.data.color || null,
      icon: header.data.icon || null,
      needs_home: draft.needs_home,
      featured: draft.featured,
      fields: fields.data,
      prompts: prompts.data,
    },
  }
}
