// Buttons: one look for every action in the app. A real <button>, a React Router link (Link) or a
// plain <a> (downloads) all take the same variants and sizes, and every one of them is at
// least 44 px tall (min-h-11), a comfortable tap target on a phone.
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, useNavigation, type LinkProps } from 'react-router'
import { cx } from './cx'

export type ButtonVariant =
  'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost' | 'link' | 'link-muted' | 'link-danger'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const base =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60'

// Each variant sets its own weight, colours and focus ring (no class of one overrides another).
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary:
    'border border-slate-300 bg-white font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-brand-600',
  danger: 'bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
  'danger-outline':
    'border border-red-300 bg-white font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-red-700',
  ghost: 'font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  link: 'font-semibold text-brand-700 hover:underline focus-visible:outline-brand-600',
  'link-muted': 'font-medium text-slate-700 hover:underline focus-visible:outline-brand-600',
  'link-danger': 'font-medium text-red-700 hover:underline focus-visible:outline-red-700',
}

// Text-like variants sit in a line of text: no side padding of their own.
const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 text-sm',
  md: 'px-4 text-sm',
  lg: 'px-5 text-base',
  icon: 'min-w-11 p-0 text-base',
}

export type ButtonStyle = {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Full width of its container. */
  block?: boolean
  className?: string
}

/** The classes of a button, for elements that cannot be a <Button> (a download link). */
export function buttonClass({ variant = 'primary', size = 'md', block, className }: ButtonStyle = {}) {
  const textual = variant.startsWith('link')
  return cx(base, variants[variant], textual ? 'text-sm' : sizes[size], block && 'w-full', className)
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & {
    /** While true the button shows `pendingText` (the form is on its way). */
    pending?: boolean
    pendingText?: ReactNode
  }

export function Button({
  variant,
  size,
  block,
  className,
  pending,
  pendingText,
  type = 'submit',
  children,
  ...props
}: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block, className })} {...props}>
      {pending && pendingText !== undefined ? pendingText : children}
    </button>
  )
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({ variant, size, block, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size, block, className })} {...props} />
}

/** True while any form of the page is being submitted (a document POST or a fetch). */
export function useSubmitting() {
  return useNavigation().state === 'submitting'
}

/** A form's main button: disabled and saying so while the page submits. */
export function SubmitButton({
  pendingText,
  ...props
}: Omit<ButtonProps, 'pending' | 'type'> & { pendingText: ReactNode }) {
  const pending = useSubmitting()
  return <Button type="submit" disabled={pending} pending={pending} pendingText={pendingText} {...props} />
}
