// Labelled inputs of the property form, each with its pt-BR errors beside it. Plain HTML that
// posts without JavaScript; Conform adds inline validation when it loads.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'

export const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`

type Meta = FieldMetadata<unknown>

export function Errors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  // The asterisk sits outside the <label> so the field's name stays just its label text.
  return (
    <div className="flex gap-1 text-sm font-medium text-slate-800">
      <label htmlFor={htmlFor}>{children}</label>
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  )
}

export function TextField({
  meta,
  label,
  required,
  hint,
  inputMode,
  placeholder,
  autoComplete,
  prefix,
  className,
  maxLength,
}: {
  meta: Meta
  label: string
  required?: boolean
  hint?: string
  inputMode?: 'text' | 'decimal' | 'numeric'
  placeholder?: string
  autoComplete?: string
  prefix?: string
  className?: string
  maxLength?: number
}) {
  const errors = meta.errors
  const hintId = hint ? `${meta.id}-hint` : undefined
  const props = getInputProps(meta as FieldMetadata<string>, { type: 'text', ariaDescribedBy: hintId })
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <div className="relative">
        {prefix ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            {prefix}
          </span>
        ) : null}
        <input
          {...props}
          key={props.key}
          aria-required={required || undefined}
          inputMode={inputMode}
          placeholder={placeholder}
          autoComplete={autoComplete ?? 'off'}
          maxLength={maxLength}
          className={`${inputClass(Boolean(errors?.length))} ${prefix ? 'pl-10' : ''}`}
        />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <Errors id={meta.errorId} errors={errors} />
    </div>
  )
}

export function TextAreaField({ meta, label, hint }: { meta: Meta; label: string; hint?: string }) {
  const props = getTextareaProps(meta as FieldMetadata<string>)
  return (
    <div>
      <Label htmlFor={meta.id}>{label}</Label>
      <textarea {...props} key={props.key} rows={4} className={inputClass(Boolean(meta.errors?.length))} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <Errors id={meta.errorId} errors={meta.errors} />
    </div>
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
  options: { value: string; label: string }[]
  required?: boolean
  /** Text of the empty choice; none when the field must have a value and has a default. */
  empty?: string
  className?: string
}) {
  const props = getSelectProps(meta as FieldMetadata<string>)
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <select
        {...props}
        key={props.key}
        aria-required={required || undefined}
        className={inputClass(Boolean(meta.errors?.length))}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Errors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A group of checkboxes sending the same name once per ticked key. */
export function CheckboxGroup({
  meta,
  legend,
  options,
}: {
  meta: Meta
  legend: string
  options: { value: string; label: string }[]
}) {
  const initial = meta.initialValue
  const checked = new Set(Array.isArray(initial) ? initial : typeof initial === 'string' ? [initial] : [])
  const errors = Object.entries(meta.allErrors ?? {}).flatMap(([, messages]) => messages)
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={`${meta.key ?? ''}-${option.value}`} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={meta.name}
              value={option.value}
              defaultChecked={checked.has(option.value)}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <Errors id={meta.errorId} errors={errors} />
    </fieldset>
  )
}

export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60'
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60'
export const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800'
