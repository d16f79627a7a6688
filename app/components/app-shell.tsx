// The app's shell: a header and a footer with the legal links. Signed in, the header holds
// every area of the product (app-nav.tsx, handed over by the signed-in pages' route handle so
// that guest pages never load it); elsewhere a signed-in person gets a way back to the panel.
// Every link is a 44-px tap target.
import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { LinkButton } from '~/components/ui/button'

export type ShellUser = {
  email: string
  full_name: string | null
  role: 'user' | 'admin'
  /** The account's plan's name, or null without a subscription (then an "Assinar" link for its payer). */
  plan?: string | null
  /** May buy or change the account's plan (its owner, ADR 218). */
  buys?: boolean
}

/** A route handle's navigation for signed-in people (app/routes/_app.tsx). */
export type NavHandle = { nav?: ComponentType<{ user: ShellUser }> }

export function AppHeader({
  user,
  appName,
  Nav,
}: {
  user: ShellUser | null
  appName: string
  Nav?: ComponentType<{ user: ShellUser }>
}) {
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
        {user && Nav ? (
          <Nav user={user} />
        ) : user ? (
          <nav aria-label="Conta" className="ml-auto flex items-center gap-2 text-sm">
            <LinkButton to="/" prefetch="intent" size="sm">
              Ir para o painel
            </LinkButton>
          </nav>
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
        <span className="flex min-h-11 items-center">{`© ${new Date().getFullYear()} ${appName}`}</span>
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
