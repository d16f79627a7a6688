// The shell of spec §2: a header with the product's sections, and a footer with the legal links.
// On a phone (under `sm`) the sections and the account sit behind a "Menu" button: a <details>
// disclosure, so it opens without JavaScript (ADR 178). Every link is a 44-px tap target.
import { useEffect, useRef } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { Button, LinkButton } from '~/components/ui/button'
import { cx } from '~/components/ui/cx'

type ShellUser = {
  email: string
  full_name: string | null
  role: 'user' | 'admin'
  /** The plan's name, or null without a subscription (then an "Assinar" link). */
  plan?: string | null
}

const sections = [
  { to: '/imoveis', label: 'Imóveis' },
  { to: '/modelos', label: 'Modelos' },
  { to: '/modelos/historico', label: 'Histórico' },
  { to: '/agendar-posts', label: 'Agendar posts' },
]

/** A header link: a row of 44 px on a phone's menu, a 44-px tall word on wide screens. */
const linkClass = (active: boolean, inMenu: boolean) =>
  cx(
    'flex min-h-11 items-center',
    inMenu && 'rounded-lg px-5 text-base hover:bg-slate-100',
    active ? 'font-semibold text-brand-700' : 'text-slate-600 hover:text-slate-900',
  )

/** The account's plan (to its page), or "Assinar" (to the plans) when it has none. */
function PlanLink({ plan }: { plan: string | null }) {
  if (!plan)
    return (
      <LinkButton to="/plano/contratar" prefetch="intent" size="sm">
        Assinar
      </LinkButton>
    )
  return (
    <Link to="/minha-conta/plano" prefetch="intent" className="flex min-h-11 items-center">
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-100">
        Plano {plan}
      </span>
    </Link>
  )
}

function Sections({ user, inMenu }: { user: ShellUser; inMenu: boolean }) {
  const all = user.role === 'admin' ? [...sections, { to: '/admin', label: 'Admin' }] : sections
  return (
    <nav
      aria-label="Seções"
      className={inMenu ? 'flex flex-col' : 'hidden flex-1 gap-x-5 text-sm whitespace-nowrap sm:flex'}
    >
      {all.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end={section.to !== '/admin'}
          prefetch="intent"
          className={({ isActive }) => linkClass(isActive, inMenu)}
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  )
}

function Account({ user, inMenu }: { user: ShellUser; inMenu: boolean }) {
  return (
    <>
      <PlanLink plan={user.plan ?? null} />
      <Link
        to="/minha-conta/perfil"
        prefetch="intent"
        className={cx(linkClass(false, inMenu), !inMenu && 'max-w-40', 'min-w-0')}
      >
        <span className="truncate">{user.full_name || user.email}</span>
      </Link>
      <Form method="post" action="/logout">
        <Button variant="ghost" size={inMenu ? 'lg' : 'sm'}>
          Sair
        </Button>
      </Form>
    </>
  )
}

/** The phone's menu: closed again after each navigation (with JavaScript; without, the page reloads). */
function PhoneMenu({ user }: { user: ShellUser }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.key])
  return (
    <details ref={menu} className="group ml-auto sm:hidden">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 fill-current">
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" className="group-open:hidden" />
          <path d="m5 4 11 11-1.4 1.4-11-11zm9.6-.1 1.4 1.4-11 11-1.4-1.4z" className="hidden group-open:block" />
        </svg>
        Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-40 space-y-2 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg">
        <Sections user={user} inMenu />
        <div className="flex flex-col gap-1 border-t border-slate-200 pt-2">
          <Account user={user} inMenu />
        </div>
      </div>
    </details>
  )
}

export function AppHeader({ user, appName }: { user: ShellUser | null; appName: string }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-x-6 px-4 py-1.5">
        <Link
          to="/"
          prefetch="intent"
          className="flex min-h-11 items-center text-xl font-bold tracking-tight text-brand-700"
        >
          {appName}
        </Link>
        {user ? (
          <>
            <Sections user={user} inMenu={false} />
            <div className="ml-auto hidden items-center gap-3 text-sm sm:flex">
              <Account user={user} inMenu={false} />
            </div>
            <PhoneMenu user={user} />
          </>
        ) : (
          <nav aria-label="Conta" className="ml-auto flex items-center gap-2 text-sm">
            <Link
              to="/login"
              prefetch="intent"
              className="flex min-h-11 items-center px-2 text-slate-700 hover:text-slate-900"
            >
              Entrar
            </Link>
            <LinkButton to="/registrar" prefetch="intent" size="sm">
              Criar conta
            </LinkButton>
          </nav>
        )}
      </div>
    </header>
  )
}

export function AppFooter({ appName }: { appName: string }) {
  const link = 'flex min-h-11 items-center hover:text-slate-800'
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-500">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 py-2">
        <span className="flex min-h-11 items-center">
          © {new Date().getFullYear()} {appName}
        </span>
        <Link to="/termos-de-uso" prefetch="intent" className={link}>
          Termos de uso
        </Link>
        <Link to="/politica-de-privacidade" prefetch="intent" className={link}>
          Política de privacidade
        </Link>
        <Link to="/politica-de-privacidade#cookies" className={link}>
          Preferências de cookies
        </Link>
      </div>
    </footer>
  )
}
