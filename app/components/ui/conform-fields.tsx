// The primitives bound to a Conform field: name, id, constraints, typed value and errors come
// from the field's metadata, so the page states only what a person reads.
import type { FieldMetadata } from '@conform-to/react'
import { CheckboxGroup, RadioGroup, type ChoiceOption } from './choice'
import { Field } from './field'
import { Input, PrefixedInput, Select, Textarea } from './input'

// Conform's metadata of any field shape.
type Meta = FieldMetadata<unknown>

/**
 * What the controls need of a field, each read once. Every read of Conform's metadata builds a
 * new Proxy over a new object of getters, and its `getInputProps` reads some twice and copies the
 * props four times: ≈ 160 µs of a field's server render (ADR 232). The props made from
 * it are `getInputProps`'s, `getSelectProps`'s and `getTextareaProps`'s, in their order.
 */
function readField(meta: Meta) {
  return {
    id: meta.id,
    name: meta.name,
    formId: meta.formId,
    required: meta.required,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    errors: meta.errors,
    errorId: meta.errorId,
    initialValue: meta.initialValue,
  }
}

type FieldRead = ReturnType<typeof readField>

/** The props without those left undefined (as Conform's helpers leave them out). */
function defined<T extends Record<string, unknown>>(props: T): T {
  for (const key in props) if (props[key] === undefined) delete props[key]
  return props
}

/** required, id, name, form and the aria attributes Conform derives from the errors. */
function controlProps(field: FieldRead, ariaDescribedBy: string | undefined) {
  const invalid = field.errors !== undefined
  return {
    required: field.required || undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${field.errorId} ${ariaDescribedBy ?? ''}`.trim() : ariaDescribedBy,
  }
}

const hintIdOf = (field: FieldRead, hint: unknown) => (hint ? `${field.id}-hint` : undefined)
const textOf = (value: unknown) => (value == null ? undefined : String(value))

export function TextField({
  meta,
  label,
  type = 'text',
  required,
  hint,
  inputMode,
  placeholder,
  autoComplete = 'off',
  prefix,
  maxLength,
  className,
}: {
  meta: Meta
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  required?: boolean
  hint?: string
  inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email'
  placeholder?: string
  autoComplete?: string
  /** Drawn inside the box before the value ('R$'). */
  prefix?: string
  maxLength?: number
  className?: string
}) {
  const field = readField(meta)
  const hintId = hintIdOf(field, hint)
  // The constraints our forms give (app/domain/auth-constraints.ts) are required and lengths only.
  const props = defined({
    ...controlProps(field, hintId),
    type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
  })
  const input = {
    ...props,
    'aria-required': required || undefined,
    inputMode,
    placeholder,
    autoComplete,
    maxLength,
    invalid: Boolean(field.errors?.length),
  }
  return (
    <Field
      htmlFor={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={hintId}
      errors={field.errors}
      errorId={field.errorId}
      className={className}
    >
      {prefix ? <PrefixedInput {...input} prefix={prefix} /> : <Input {...input} />}
    </Field>
  )
}

export function TextareaField({
  meta,
  label,
  hint,
  rows = 4,
}: {
  meta: Meta
  label: string
  hint?: string
  rows?: number
}) {
  const field = readField(meta)
  const hintId = hintIdOf(field, hint)
  const props = defined({
    ...controlProps(field, hintId),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: textOf(field.initialValue),
  })
  return (
    <Field htmlFor={field.id} label={label} hint={hint} hintId={hintId} errors={field.errors} errorId={field.errorId}>
      <Textarea {...props} rows={rows} invalid={Boolean(field.errors?.length)} />
    </Field>
  )
}

export function SelectField({
  meta,
  label,
  options,
  required,
  empty,
  className,
}: {
  meta: Meta
  label: string
  options: readonly { value: string; label: string }[]
  required?: boolean
  /** Text of the empty choice; none when the field must have a value and has a default. */
  empty?: string
  className?: string
}) {
  const field = readField(meta)
  const props = defined({ ...controlProps(field, undefined), defaultValue: textOf(field.initialValue) })
  return (
    <Field
      htmlFor={field.id}
      label={label}
      required={required}
      errors={field.errors}
      errorId={field.errorId}
      className={className}
    >
      <Select {...props} aria-required={required || undefined} invalid={Boolean(field.errors?.length)}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  )
}

const initialValues = (meta: Meta): Set<unknown> => {
  const initial = meta.initialValue
  return new Set(Array.isArray(initial) ? initial : initial === undefined ? [] : [initial])
}

/** Checkboxes of one list field (`features`): the errors of the list and of its items. */
export function CheckboxGroupField({
  meta,
  legend,
  options,
}: {
  meta: Meta
  legend: string
  options: readonly ChoiceOption[]
}) {
  const checked = initialValues(meta)
  const errors = Object.values(meta.allErrors ?? {}).flat()
  return (
    <CheckboxGroup
      label={legend}
      name={meta.name}
      options={options}
      isChecked={(value) => checked.has(value)}
      keyPrefix={meta.key ?? ''}
      errors={errors}
      errorId={meta.errorId}
    />
  )
}

/** One choice among a few, side by side (`status`). */
export function RadioGroupField({
  meta,
  legend,
  options,
  required,
}: {
  meta: Meta
  legend: string
  options: readonly ChoiceOption[]
  required?: boolean
}) {
  return (
    <RadioGroup
      label={legend}
      required={required}
      name={meta.name}
      options={options}
      isChecked={(value) => meta.initialValue === value}
      keyPrefix={meta.key ?? ''}
      errors={meta.errors}
      errorId={meta.errorId}
    />
  )
}
