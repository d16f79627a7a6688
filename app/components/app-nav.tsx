// The signed-in navigation of the header (ADR 215): on a laptop (`lg`) the main areas and a "Mais"
// disclosure with the rest; below it every area and the account behind a "Menu" button. Both are
// <details> disclosures, so they open without JavaScript (ADR 178). The current area is marked
// (aria-current="page"). Loaded with the signed-in pages' layout (its route handle), never on a
// guest page such as /login, whose JavaScript budget it would spend (ADR 003).
import { useEffect, useRef } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { ACCOUNT_AREA, ADMIN_AREA, AREA_GROUPS, HEADER_AREAS, currentArea, type Area } from '~/components/app-areas'
import type { ShellUser } from '~/components/app-shell'
import { Button, LinkButton } from '~/components/ui/button'
import { cx } from '~/components/ui/cx'
import { InstallApp } from '~/components/pwa/install-app'

/** A <details> that closes again after a navigation, on Escape and on a tap outside it (with JavaScript). */
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location.key])
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [])
  return ref
}

function AreaLink({ area, current, className }: { area: Area; current: string | null; className: string }) {
  const active = area.to === current
  return (
    <Link
      to={area.to}
      prefetch="intent"
      aria-current={active ? 'page' : undefined}
      className={cx(className, active ? 'font-semibold text-brand-700' : 'text-slate-600 hover:text-slate-900')}
    >
      {area.label}
    </Link>
  )
}

/** A laptop header link: 44 px tall, the current one underlined on the header's edge. */
const barLink =
  'relative flex min-h-11 items-center after:absolute after:inset-x-0 after:-bottom-1.5 after:h-0.5 after:rounded-full aria-[current=page]:after:bg-brand-600'

const chevron = (
  <svg
    viewBox="0 0 20 20"
    aria-hidden="true"
    className="size-4 fill-current transition-transform group-open:rotate-180"
  >
    <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06z" />
  </svg>
)

function LaptopNav({ user, current }: { user: ShellUser; current: string | null }) {
  const all = AREA_GROUPS.flatMap((group) => group.areas)
  const more = [
    ...all.filter((area) => !HEADER_AREAS.includes(area.to)),
    ...(user.role === 'admin' ? [ADMIN_AREA] : []),
  ]
  const moreActive = more.some((area) => area.to === current)
  const menu = useDisclosure()
  return (
    <nav aria-label="Seções" className="hidden flex-1 items-center gap-x-5 text-sm whitespace-nowrap lg:flex">
      {HEADER_AREAS.map((to) => (
        <AreaLink key={to} area={all.find((area) => area.to === to)!} current={current} className={barLink} />
      ))}
      <details ref={menu} className="group relative">
        <summary
          className={cx(
            'flex min-h-11 cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden',
            moreActive ? 'font-semibold text-brand-700' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          Mais
          {moreActive ? <span className="sr-only"> (a página atual está aqui)</span> : null}
          {chevron}
        </summary>
        <div className="absolute top-full left-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          {more.map((area) => (
            <AreaLink
              key={area.to}
              area={area}
              current={current}
              className="flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-50 aria-[current=page]:bg-brand-50"
            />
          ))}
          <InstallApp className="flex min-h-11 w-full items-center rounded-lg px-3 text-left text-slate-600 hover:bg-slate-50 hover:text-slate-900" />
        </div>
      </details>
    </nav>
  )
}

/**
 * The account's plan (to its page), or "Assinar" (to the plans) when it has none: only for the one
 * who pays; the rest of the team is refused the checkout (ADR 218), so nothing is offered to them.
 */
function PlanLink({ user: { plan, buys } }: { user: ShellUser }) {
  if (!plan)
    return buys ? (
      <LinkButton to="/plano/contratar" prefetch="intent" size="sm">
        Assinar
      </LinkButton>
    ) : null
  return (
    <Link to="/minha-conta/plano" prefetch="intent" className="flex min-h-11 items-center">
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-100">
        {`Plano ${plan}`}
      </span>
    </Link>
  )
}

function LaptopAccount({ user, current }: { user: ShellUser; current: string | null }) {
  const active = current === ACCOUNT_AREA.to
  return (
    <div className="ml-auto hidden items-center gap-3 text-sm lg:flex">
      <PlanLink user={user} />
      <Link
        to={ACCOUNT_AREA.to}
        prefetch="intent"
        aria-current={active ? 'page' : undefined}
        title={ACCOUNT_AREA.label}
        className={cx(
          barLink,
          'max-w-40 min-w-0',
          active ? 'font-semibold text-brand-700' : 'text-slate-600 hover:text-slate-900',
        )}
      >
        <span className="truncate">{user.full_name || user.email}</span>
      </Link>
      <Form method="post" action="/logout">
        <Button variant="ghost" size="sm">
          Sair
        </Button>
      </Form>
    </div>
  )
}

const menuLink =
  'flex min-h-11 items-center rounded-lg px-3 text-base hover:bg-slate-100 aria-[current=page]:bg-brand-50'

/** The phone's menu: the areas in their groups, two to a row, then the account. */
function PhoneMenu({ user, current }: { user: ShellUser; current: string | null }) {
  const menu = useDisclosure()
  const groups = user.role === 'admin' ? [...AREA_GROUPS, { title: 'Administração', areas: [ADMIN_AREA] }] : AREA_GROUPS
  return (
    <details ref={menu} className="group ml-auto lg:hidden">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 fill-current">
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" className="group-open:hidden" />
          <path d="m5 4 11 11-1.4 1.4-11-11zm9.6-.1 1.4 1.4-11 11-1.4-1.4z" className="hidden group-open:block" />
        </svg>
        Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-3 pb-4 shadow-lg">
        <nav aria-label="Seções" className="mx-auto max-w-2xl space-y-3">
          {groups.map((group) => (
            <div key={group.title} role="group" aria-label={group.title}>
              <p aria-hidden="true" className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {group.title}
              </p>
              <div className="mt-1 grid grid-cols-2 gap-x-2">
                {group.areas.map((area) => (
                  <AreaLink key={area.to} area={area} current={current} className={menuLink} />
                ))}
              </div>
            </div>
          ))}
        </nav>
        <div className="mx-auto mt-3 max-w-2xl border-t border-slate-200 pt-3">
          <p className="truncate px-3 text-sm text-slate-500">{user.full_name || user.email}</p>
          <div className="mt-1 grid grid-cols-2 items-center gap-x-2">
            <AreaLink area={ACCOUNT_AREA} current={current} className={menuLink} />
            <div className="px-3">
              <PlanLink user={user} />
            </div>
          </div>
          <InstallApp className={cx(menuLink, 'w-full text-left text-slate-600 hover:text-slate-900')} />
          <Form method="post" action="/logout" className="mt-1">
            <button type="submit" className={cx(menuLink, 'w-full text-left text-slate-600 hover:text-slate-900')}>
              Sair
            </button>
          </Form>
        </div>
      </div>
    </details>
  )
}

export function SignedInNav({ user }: { user: ShellUser }) {
  const current = currentArea(useLocation().pathname)
  return (
    <>
      <LaptopNav user={user} current={current} />
      <LaptopAccount user={user} current={current} />
      <PhoneMenu user={user} current={current} />
    </>
  )
}
