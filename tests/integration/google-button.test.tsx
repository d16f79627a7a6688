// "Entrar com Google" only where Google sign-in is configured: /login and /registrar rendered by
// React Router's static handler with an auth backend whose public /settings says whether
// Google sign-in is on (the built-in API says no; a hosted Supabase with Google says yes).
import { authBackendContext } from '../../app/context'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  type LoaderFunctionArgs,
} from 'react-router'
import { expect, test } from 'vitest'
import { type AuthBackend } from '../../app/utils/auth.server'
import Login, { loader as loginLoader } from '../../app/routes/auth/login'
import Register, { loader as registerLoader } from '../../app/routes/auth/register'

let backendCount = 0

/** An auth backend that answers only its public settings, with Google on or off. */
function backendWithGoogle(google: boolean): AuthBackend {
  backendCount += 1
  return {
    mode: 'hosted',
    supabaseUrl: `http://auth-${backendCount}.test`,
    anonKey: 'anon',
    serviceRoleKey: 'service',
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname === '/auth/v1/settings') return Response.json({ external: { email: true, google } })
      return new Response('not found', { status: 404 })
    },
    api: undefined,
    siteUrl: 'http://vitrine.test',
    secureCookies: false,
  }
}

async function render(path: string, google: boolean) {
  const context = new RouterContextProvider()
  context.set(authBackendContext, backendWithGoogle(google))
  const wrap =
    (loader: (args: never) => unknown) =>
    ({ request, params }: LoaderFunctionArgs) =>
      loader({ request, params, context } as never)
  const routes = [
    { id: 'login', path: '/login', loader: wrap(loginLoader), Component: Login as never },
    { id: 'registrar', path: '/registrar', loader: wrap(registerLoader), Component: Register as never },
  ]
  const handler = createStaticHandler(routes)
  const state = await handler.query(new Request(`http://vitrine.test${path}`), { requestContext: context })
  if (state instanceof Response) throw new Error(`${path} answered ${state.status}`)
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} />,
  )
}

test.each(['/login', '/registrar'])(
  '%s offers "Entrar com Google" only when the auth backend has it on',
  async (path) => {
    const off = await render(path, false)
    expect(off).toContain('Criar conta')
    expect(off).not.toContain('Entrar com Google')
    const on = await render(path, true)
    expect(on).toContain('Entrar com Google')
    expect(on).toMatch(/<input type="hidden" name="intent" value="google"\/>/)
  },
)
