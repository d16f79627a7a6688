// A form field's frame: its label (or legend), the control, a hint and the errors the server or
// Conform found. The ids tie them together: the control names the hint and the errors in
// `aria-describedby`, so a screen reader reads them with the field.
import type { ReactNode } from 'react'
import { cx } from './cx'

/** The red asterisk of a required field. Outside the <label>: the field's name stays its label. */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      *
    </span>
  )
}

export function Label({
  htmlFor,
  required,
  icon,
  children,
  className,
}: {
  htmlFor?: string
  required?: boolean
  /** A decorative icon before the text (template fields). */
  icon?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cx('mb-1 flex items-center gap-1 text-sm font-medium text-slate-800', className)}>
      <label htmlFor={htmlFor} className={icon ? 'inline-flex items-center gap-1.5' : undefined}>
        {icon}
        {children}
      </label>
      {required ? <RequiredMark /> : null}
    </div>
  )
}

export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-500">
      {children}
    </p>
  )
}

/** The errors of one field. With no error an empty element keeps the id for aria-describedby. */
export function FieldErrors({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  if (!errors?.length) return id ? <div id={id} /> : null
  return (
    // scroll-mt: a jump here from the error summary shows the field above the message too.
    <ul id={id} className="mt-1 scroll-mt-28 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/** Messages about the whole form (wrong password, rate limit…), announced to screen readers. */
export function FormErrors({
  id,
  errors,
  className = 'mb-4',
}: {
  id?: string
  errors?: readonly string[] | null
  className?: string
}) {
  if (!errors?.length) return id ? <div id={id} /> : null
  return (
    <div
      id={id}
      role="alert"
      className={cx('rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800', className)}
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  )
}

export type FieldFrameProps = {
  label: ReactNode
  required?: boolean
  icon?: ReactNode
  hint?: ReactNode
  hintId?: string
  errors?: readonly string[] | null
  errorId?: string
  className?: string
}

/** One control with its label, hint and errors. `htmlFor` is the control's id. */
export function Field({
  htmlFor,
  label,
  required,
  icon,
  hint,
  hintId,
  errors,
  errorId,
  className,
  children,
}: FieldFrameProps & { htmlFor: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={htmlFor} required={required} icon={icon}>
        {label}
      </Label>
      {children}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  )
}

/** A group of controls (choices, a pair of coordinates) named by its legend. */
export function Fieldset({
  label,
  required,
  icon,
  hint,
  hintId,
  errors,
  errorId,
  className,
  describedBy,
  children,
}: FieldFrameProps & { describedBy?: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={describedBy} className={className}>
      <legend className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
        {icon}
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className="mt-1">{children}</div>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  )
}
