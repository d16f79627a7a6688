// What a guest route (no sign-in asked) shows a signed-out visitor when its content is an account's
// (ADR 215): what the page is for and the way on, sign-in or a new link, that comes back here,
// instead of a redirect to /login that loses the visitor's place.
import type { ReactNode } from 'react'
import { AuthCard } from '~/components/auth/auth-card'
import { LinkButton } from '~/components/ui/button'

type Props = {
  title: string
  intro: ReactNode
  /** What the visitor will need or find there, as a short list. */
  items?: string[]
  primary: { to: string; label: string }
  secondary?: { to: string; label: string }
  children?: ReactNode
}

export function SignedOutNotice({ title, intro, items, primary, secondary, children }: Props) {
  return (
    <AuthCard title={title} intro={intro}>
      {items ? (
        <ul className="mb-6 space-y-2 text-sm text-slate-700">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-brand-600">
                <path d="M8.1 13.6 4.5 10l1.1-1.1 2.5 2.5 6.3-6.3 1.1 1.1z" />
              </svg>
              {item}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      <div className="flex flex-col gap-3">
        <LinkButton to={primary.to} size="lg" block>
          {primary.label}
        </LinkButton>
        {secondary ? (
          <LinkButton to={secondary.to} variant="secondary" size="lg" block>
            {secondary.label}
          </LinkButton>
        ) : null}
      </div>
    </AuthCard>
  )
}
