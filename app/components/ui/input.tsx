// Text boxes, text areas and selects: one look, a red border when invalid, at least 44 px tall.
// Uncontrolled and plain: they post with the form, JavaScript or not.
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { cx } from './cx'

export type ControlSize = 'md' | 'sm'

export function inputClass({
  invalid,
  size = 'md',
  className,
}: { invalid?: boolean; size?: ControlSize; className?: string } = {}) {
  return cx(
    'block min-h-11 w-full rounded-lg border bg-white shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none',
    size === 'sm' ? 'px-2.5 py-1.5 text-sm' : 'px-3 py-2 text-base',
    invalid ? 'border-red-500' : 'border-slate-300',
    className,
  )
}

type Look = { invalid?: boolean; controlSize?: ControlSize }

export function Input({ invalid, controlSize, className, ...props }: InputHTMLAttributes<HTMLInputElement> & Look) {
  return <input {...props} className={inputClass({ invalid, size: controlSize, className })} />
}

/** A text box with a fixed prefix drawn inside it ('R$'). */
export function PrefixedInput({
  prefix,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & Look & { prefix: string }) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
        aria-hidden="true"
      >
        {prefix}
      </span>
      <Input {...props} className={cx('pl-10', className)} />
    </div>
  )
}

export function Textarea({
  invalid,
  controlSize,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Look) {
  return <textarea {...props} className={inputClass({ invalid, size: controlSize, className })} />
}

export function Select({ invalid, controlSize, className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & Look) {
  return <select {...props} className={inputClass({ invalid, size: controlSize, className })} />
}

/** A file picker whose button matches the app's buttons; the whole control is a 44-px target. */
export function FileInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      {...props}
      type="file"
      className={cx(
        'block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100',
        className,
      )}
    />
  )
}

/** The browser's colour picker, framed like the other controls. */
export function ColorInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      {...props}
      type="color"
      className={cx('block h-11 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1', className)}
    />
  )
}
