import { TrialBanner } from '~/components/auth/trial-banner'
import { ReadOnlyBanner } from '~/components/account/read-only-banner'
import { authMiddleware } from '~/middleware/auth.server'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import { Analytics } from './components/analytics/analytics'
import { ConsentBanner } from './components/consent/consent-form'
import { GeneralErrorBoundary, errorTitle } from './components/error-boundary'
import { AppHeader, AppFooter, type NavHandle } from './components/app-shell'
import { LoadingBar } from './components/ui/loading-bar'
import { useNonce } from './components/ui/nonce'
import { Toaster } from './components/ui/toaster'
import { dbContext, envContext, userContext, toastContext } from './context'
import { currentPlan } from './models/quota.server'
import { planOfSubscription } from './domain/billing'
import { can } from './domain/team'
import { analyticsSettings } from '~/utils/analytics.server'
import { readConsent } from './utils/consent.server'
import { toastMiddleware } from './middleware/toast.server'
import { sameOriginMiddleware } from './middleware/same-origin.server'
import { appNameFrom } from './utils/meta'
import stylesheet from './app.css?url'
import { INLINE_CSS_ID, INLINE_CSS_MARK } from './utils/inline-css'
import { AppInstallHead } from './components/pwa/service-worker'

// Production pages carry the whole stylesheet (≈ 9 KB gzip) in a <style>: the first paint waits
// for no CSS request (ADR 190). The server renders a mark and writes the stylesheet's bytes in its
// place (ADR 233); the browser keeps the server's copy, and reads it once: when the document is
// drawn again (an error page, then a link to a page), the <style> is made anew with those bytes,
// not left empty.
const inlineCss = !import.meta.env.PROD
  ? ''
  : import.meta.env.SSR
    ? INLINE_CSS_MARK
    : (document.getElementById(INLINE_CSS_ID)?.textContent ?? '')

// A cross-origin post is refused before anything reads a cookie or a body (ADR 210).
export const middleware: Route.MiddlewareFunction[] = [sameOriginMiddleware, toastMiddleware, authMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...(import.meta.env.PROD ? [] : [{ rel: 'stylesheet', href: stylesheet }]),
]

export const meta: Route.MetaFunction = ({ error, matches }) => {
  const appName = appNameFrom(matches)
  return [{ title: error ? `${errorTitle(error)} · ${appName}` : appName }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(envContext)
  const user = context.get(userContext)
  const toast = context.get(toastContext).consume()
  // The header shows the plan, or an "Assinar" link: from the subscription read with the profile,
  // else one indexed read of the subscription row.
  const plan = !user
    ? null
    : user.subscription !== undefined
      ? planOfSubscription(user.subscription)
      : await currentPlan(context.get(dbContext), user.accountId)
  return data({
    appName: env.APP_NAME,
    user: user
      ? {
          id: user.id,
          email: user.email,
          full_name: user.full_name,
          role: user.role,
          plan: plan?.name ?? null,
          buys: can(user.accountRole, 'billing'),
          // "Experimente sem cadastro" (ADR 269): the banner with "Salvar meu trabalho".
          trial: user.accountRole === 'anonimo',
          // Beyond the plan's seats (ADR 306): the banner that says why nothing can be changed.
          readOnly: user.accountRole === 'leitura',
        }
      : null,
    toast,
    consent: readConsent(request),
    analytics: analyticsSettings(env),
  })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  const matches = useMatches()
  const Nav = matches.map((match) => (match.handle as NavHandle | undefined)?.nav).find(Boolean)
  // A page whose route says it needs no JavaScript gets none (the agent's public pages, ADR 223).
  const noScripts = matches.some((match) => (match.handle as { noScripts?: boolean } | undefined)?.noScripts)
  // The agent's own pages carry the agent's brand, not the product's header.
  const ownBrand = matches.some((match) => (match.handle as { ownBrand?: boolean } | undefined)?.ownBrand)
  // <html data-hydrated> says the page's JavaScript has taken over (the end-to-end tests wait for
  // it after each page load).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {import.meta.env.PROD ? (
          <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />
        ) : null}
        <Links />
        {/* The public pages are the agent's clients': nothing to install there. */}
        {noScripts ? null : <AppInstallHead nonce={nonce} register={import.meta.env.PROD} />}
      </head>
      <body className="flex min-h-dvh flex-col">
        <LoadingBar />
        {/* The public pages (noScripts) load no analytics and set no cookie: nothing to consent to. */}
        {root && !noScripts ? <ConsentBanner consent={root.consent} /> : null}
        {ownBrand ? null : <AppHeader user={root?.user ?? null} appName={root?.appName ?? 'Vitrine'} Nav={Nav} />}
        {root?.user?.trial && !ownBrand ? <TrialBanner /> : null}
        {root?.user?.readOnly && !ownBrand ? <ReadOnlyBanner /> : null}
        <main id="conteudo" className="flex-1">
          {children}
        </main>
        <AppFooter appName={root?.appName ?? 'Vitrine'} />
        <Toaster toast={root?.toast ?? null} />
        {root && !noScripts ? <Analytics settings={root.analytics} consent={root.consent} user={root.user} /> : null}
        {noScripts ? null : <ScrollRestoration nonce={nonce} />}
        {noScripts ? null : <Scripts nonce={nonce} />}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
