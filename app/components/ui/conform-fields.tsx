// The primitives bound to a Conform field: name, id, constraints, typed value and errors come
// from the field's metadata, so the page states only what a person reads.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { CheckboxGroup, RadioGroup, type ChoiceOption } from './choice'
import { Field } from './field'
import { Input, PrefixedInput, Select, Textarea } from './input'

// Conform's metadata of any field shape; the helpers below read it as text.
type Meta = FieldMetadata<unknown>
const asText = (meta: Meta) => meta as FieldMetadata<string>
const hintIdOf = (meta: Meta, hint: unknown) => (hint ? `${meta.id}-hint` : undefined)

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
  const hintId = hintIdOf(meta, hint)
  const { key, ...props } = getInputProps(asText(meta), { type, ariaDescribedBy: hintId })
  const input = {
    ...props,
    'aria-required': required || undefined,
    inputMode,
    placeholder,
    autoComplete,
    maxLength,
    invalid: Boolean(meta.errors?.length),
  }
  return (
    <Field
      htmlFor={meta.id}
      label={label}
      required={required}
      hint={hint}
      hintId={hintId}
      errors={meta.errors}
      errorId={meta.errorId}
      className={className}
    >
      {prefix ? <PrefixedInput key={key} {...input} prefix={prefix} /> : <Input key={key} {...input} />}
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
  const hintId = hintIdOf(meta, hint)
  const { key, ...props } = getTextareaProps(asText(meta), { ariaDescribedBy: hintId })
  return (
    <Field htmlFor={meta.id} label={label} hint={hint} hintId={hintId} errors={meta.errors} errorId={meta.errorId}>
      <Textarea key={key} {...props} rows={rows} invalid={Boolean(meta.errors?.length)} />
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
  const { key, ...props } = getSelectProps(asText(meta))
  return (
    <Field
      htmlFor={meta.id}
      label={label}
      required={required}
      errors={meta.errors}
      errorId={meta.errorId}
      className={className}
    >
      <Select key={key} {...props} aria-required={required || undefined} invalid={Boolean(meta.errors?.length)}>
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
