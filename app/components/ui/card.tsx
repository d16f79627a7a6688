// Surfaces: a card, a titled form section, an empty state and an inline notice.
import type { HTMLAttributes, ReactNode } from 'react'
import { cx } from './cx'

const paddings = { sm: 'p-4', md: 'p-5 sm:p-6', lg: 'p-6 sm:p-8' }

export function Card({
  as: Tag = 'div',
  padding = 'md',
  className,
  ...props
}: HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'li' | 'header'
  padding?: keyof typeof paddings
}) {
  return (
    <Tag
      {...props}
      className={cx('rounded-2xl border border-slate-200 bg-white shadow-sm', paddings[padding], className)}
    />
  )
}

/** A part of a long form: a card with a heading that names the region. */
export function FormSection({
  id,
  title,
  intro,
  children,
}: {
  id: string
  title: string
  intro?: string
  children: ReactNode
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  )
}

/** What a list shows when it has nothing yet: what is missing, and the way forward. */
export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title?: string
  children?: ReactNode
  action?: ReactNode
  className?: string
}) {
  return (
    <div
      className={cx(
        'rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600',
        className,
      )}
    >
      {title ? <h2 className="text-lg font-semibold text-slate-900">{title}</h2> : null}
      {children ? <p className={title ? 'mt-2' : undefined}>{children}</p> : null}
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  )
}

const tones = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
}

export type NoticeTone = keyof typeof tones

/** A message in the page: `status` for news, `alert` for a problem. */
export function Notice({
  tone = 'info',
  role,
  id,
  className,
  children,
}: {
  tone?: NoticeTone
  role?: 'status' | 'alert'
  id?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div id={id} role={role} className={cx('rounded-lg border p-3 text-sm', tones[tone], className)}>
      {children}
    </div>
  )
}
