// Small labelled controls of the template editor: each posts under its draft path
// ('fields[0].label') and shows the errors the server found for that path beside it.
import type { ReactNode } from 'react'
import { Field } from '~/components/ui/field'
import { Input, Select, Textarea } from '~/components/ui/input'

export type Errors = Record<string, string[]>

/** An element id from an input name: 'fields[0].label' → 'ed-fields-0-label'. */
export const idOf = (name: string) => `ed-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`

type Common = { name: string; label: string; errors: Errors; hint?: ReactNode; className?: string; required?: boolean }

function frame({ name, label, errors, hint, className, required }: Common, control: ReactNode) {
  const id = idOf(name)
  return (
    <Field
      htmlFor={id}
      label={label}
      hint={hint}
      hintId={hint ? `${id}-dica` : undefined}
      errors={errors[name]}
      errorId={`${id}-erro`}
      className={className}
      required={required}
    >
      {control}
    </Field>
  )
}

const describedBy = (name: string, hint: unknown) =>
  [hint ? `${idOf(name)}-dica` : '', `${idOf(name)}-erro`].filter(Boolean).join(' ')

export function TextInput(props: Common & { defaultValue: string; type?: string; placeholder?: string }) {
  const { name, errors, defaultValue, type = 'text', placeholder, hint } = props
  return frame(
    props,
    <Input
      id={idOf(name)}
      name={name}
      type={type}
      defaultValue={defaultValue}
      placeholder={placeholder}
      controlSize="sm"
      invalid={Boolean(errors[name])}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy(name, hint)}
    />,
  )
}

export function TextArea(props: Common & { defaultValue: string; rows?: number }) {
  const { name, errors, defaultValue, rows = 3, hint } = props
  return frame(
    props,
    <Textarea
      id={idOf(name)}
      name={name}
      rows={rows}
      defaultValue={defaultValue}
      controlSize="sm"
      invalid={Boolean(errors[name])}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy(name, hint)}
    />,
  )
}

export function Choose(
  props: Common & { defaultValue: string; options: ReadonlyArray<{ value: string; label: string }> },
) {
  const { name, errors, defaultValue, options, hint } = props
  return frame(
    props,
    <Select
      id={idOf(name)}
      name={name}
      defaultValue={defaultValue}
      controlSize="sm"
      invalid={Boolean(errors[name])}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy(name, hint)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>,
  )
}
