// The shell of spec §2: a header with the product's sections, and a footer with the legal links.
import { Form, Link, NavLink } from 'react-router'
import { Button, LinkButton } from '~/components/ui/button'

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

/** The account's plan (to its page), or "Assinar" (to the plans) when it has none. */
function PlanLink({ plan }: { plan: string | null }) {
  if (!plan)
    return (
      <Link
        to="/plano/contratar"
        prefetch="intent"
        className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
      >
        Assinar
      </Link>
    )
  return (
    <Link
      to="/minha-conta/plano"
      prefetch="intent"
      className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-100"
    >
      Plano {plan}
    </Link>
  )
}

export function AppHeader({ user, appName }: { user: ShellUser | null; appName: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4">
        <Link
          to="/"
          prefetch="intent"
          className="py-3 text-xl font-bold tracking-tight text-brand-700"
        >
          {appName}
        </Link>
        {user ? (
          // On a phone the sections scroll sideways on their own row, under the name.
          <nav
            aria-label="Seções"
            className="order-last -mx-4 flex w-full gap-x-5 overflow-x-auto px-4 pb-2 text-sm whitespace-nowrap sm:order-none sm:mx-0 sm:w-auto sm:flex-1 sm:px-0 sm:pb-0"
          >
            {sections.map((section) => (
              <NavLink
                key={section.to}
                to={section.to}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  isActive
                    ? 'font-semibold text-brand-700'
                    : 'text-slate-600 hover:text-slate-900'
                }
              >
                {section.label}
              </NavLink>
            ))}
            {user.role === 'admin' ? (
              <NavLink to="/admin" prefetch="intent" className="text-slate-600 hover:text-slate-900">
                Admin
              </NavLink>
            ) : null}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-3 py-3 text-sm">
          {user ? (
            <>
              <PlanLink plan={user.plan ?? null} />
              <Link
                to="/minha-conta/perfil"
                prefetch="intent"
                className="max-w-40 truncate text-slate-600 hover:text-slate-900"
              >
                {user.full_name || user.email}
              </Link>
              <Form method="post" action="/logout">
                <Button variant="ghost" size="sm">
                  Sair
                </Button>
              </Form>
            </>
          ) : (
            <nav aria-label="Conta" className="flex items-center gap-3">
              <Link to="/login" prefetch="intent" className="text-slate-700 hover:text-slate-900">
                Entrar
              </Link>
              <LinkButton to="/registrar" prefetch="intent" size="sm">
                Criar conta
              </LinkButton>
            </nav>
          )}
        </div>
      </div>
    </header>
  )
}

export function AppFooter({ appName }: { appName: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-500">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4">
        <span>© {new Date().getFullYear()} {appName}</span>
        <Link to="/termos-de-uso" prefetch="intent" className="hover:text-slate-800">
          Termos de uso
        </Link>
        <Link to="/politica-de-privacidade" prefetch="intent" className="hover:text-slate-800">
          Política de privacidade
        </Link>
        <Link to="/politica-de-privacidade#cookies" className="hover:text-slate-800">
          Preferências de cookies
        </Link>
      </div>
    </footer>
  )
}
