// The zod schema of a field definition: templates are stored as JSON, so the library installer,
// the template page and the admin editor check definitions with it before use.
import { z } from '~/domain/validation'
import { CONDITION_OPERATORS, FIELD_TYPES, type FieldDefinition } from './types'

const conditionValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
])

export const fieldConditionSchema = z.object({
  field: z.string().min(1),
  operator: z.enum(CONDITION_OPERATORS),
  value: conditionValueSchema,
})

/** Names start with a letter: names starting with '_' belong to the form itself (_intent, _visible). */
const fieldNamePattern = /^[A-Za-z][A-Za-z0-9_]*$/

export const fieldDefinitionSchema: z.ZodType<FieldDefinition> = z.lazy(() =>
  z
    .object({
      type: z.enum(FIELD_TYPES),
      name: z.string().regex(fieldNamePattern, 'Nome de campo inválido'),
      label: z.string().optional(),
      help: z.string().optional(),
      size: z.enum(['large', 'small']).optional(),
      required: z.boolean().optional(),
      options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
      icon: z.string().optional(),
      width: z.enum(['full', 'half', 'third']).optional(),
      switchLabel: z.string().optional(),
      placeholder: z.string().optional(),
      mask: z.string().optional(),
      conditions: z.array(fieldConditionSchema).optional(),
      repeater: z
        .object({
          fields: z.array(fieldDefinitionSchema),
          min: z.number().int().min(0).optional(),
          max: z.number().int().min(1).optional(),
          addLabel: z.string().optional(),
          itemLabel: z.string().optional(),
        })
        .optional(),
      default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      step: z.number().optional(),
      minLength: z.number().int().min(0).optional(),
      maxLength: z.number().int().min(1).optional(),
      rows: z.number().int().min(1).optional(),
    })
    .superRefine((field, ctx) => {
      const needsOptions = ['select', 'multiselect', 'checkbox-group', 'radio', 'radio-tabs']
      if (needsOptions.includes(field.type) && !field.options?.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Informe as opções' })
      if (field.type === 'repeater' && !field.repeater)
        ctx.addIssue({ code: 'custom', path: ['repeater'], message: 'Informe os campos do item' })
    }),
)

/** Checks a list of definitions: valid entries and unique names at each level. */
export const fieldListSchema = z.array(fieldDefinitionSchema).superRefine((fields, ctx) => {
  const seen = new Set<string>()
  fields.forEach((field, index) => {
    if (seen.has(field.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Nome repetido' })
    seen.add(field.name)
  })
})
