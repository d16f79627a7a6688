// The built-in Supabase-Auth-compatible API as one pure function: a web Request in, a Response
// out. The app serves it at /auth/v1 and supabase-js calls it in-process (see fetch.ts).
import * as admin from './admin'
import type { AuthApiDeps, Ctx } from './core'
import * as flows from './email-flows'
import { authChanged } from '~/utils/auth-epoch.server'
import { AuthHttpError, errorResponse, json, notFound } from './errors'
import * as factors from './factors'
import * as links from './links'
import { verifyJwt } from './jwt'
import { tokenGrant } from './token'
import * as user from './user'

export type { AuthApiDeps } from './core'

type Route = {
  method: string
  pattern: RegExp
  /** Open routes are reached from e-mail links and need no API key, as on Supabase. */
  open?: boolean
  run: (ctx: Ctx, ...params: string[]) => Promise<unknown>
}

const routes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/health$/,
    open: true,
    run: async () => ({ name: 'GoTrue', version: 'vitrine', description: 'Vitrine built-in auth API' }),
  },
  { method: 'GET', pattern: /^\/settings$/, open: true, run: async (ctx) => settings(ctx) },
  { method: 'POST', pattern: /^\/signup$/, run: flows.signup },
  { method: 'POST', pattern: /^\/otp$/, run: flows.otp },
  { method: 'POST', pattern: /^\/invite$/, run: flows.invite },
  { method: 'GET', pattern: /^\/authorize$/, open: true, run: user.authorize },
  { method: 'POST', pattern: /^\/token$/, run: tokenGrant },
  { method: 'POST', pattern: /^\/recover$/, run: flows.recover },
  { method: 'POST', pattern: /^\/resend$/, run: flows.resend },
  { method: 'POST', pattern: /^\/verify$/, run: flows.verifyPost },
  { method: 'GET', pattern: /^\/verify$/, open: true, run: flows.verifyGet },
  { method: 'GET', pattern: /^\/user$/, run: user.getUser },
  { method: 'PUT', pattern: /^\/user$/, run: user.updateUser },
  { method: 'POST', pattern: /^\/logout$/, run: user.logout },
  { method: 'GET', pattern: /^\/reauthenticate$/, run: user.reauthenticate },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, run: user.linkIdentity },
  { method: 'DELETE', pattern: /^\/user\/identities\/([^/]+)$/, run: user.unlinkIdentity },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, run: links.generateLink },
  { method: 'POST', pattern: /^\/factors$/, run: factors.enrollFactor },
  { method: 'POST', pattern: /^\/factors\/([^/]+)\/challenge$/, run: factors.challengeFactor },
  { method: 'POST', pattern: /^\/factors\/([^/]+)\/verify$/, run: factors.verifyFactor },
  { method: 'DELETE', pattern: /^\/factors\/([^/]+)$/, run: factors.unenrollFactor },
  { method: 'GET', pattern: /^\/admin\/users$/, run: admin.listUsers },
  { method: 'POST', pattern: /^\/admin\/users$/, run: admin.createUser },
  { method: 'GET', pattern: /^\/admin\/users\/([^/]+)$/, run: admin.getUserById },
  { method: 'PUT', pattern: /^\/admin\/users\/([^/]+)$/, run: admin.updateUserById },
  { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)$/, run: admin.deleteUser },
  { method: 'GET', pattern: /^\/admin\/users\/([^/]+)\/factors$/, run: factors.adminListFactors },
  { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, run: factors.adminDeleteFactor },
]

function settings(ctx: Ctx) {
  return {
    external: { email: true, phone: false, google: false, anonymous_users: ctx.deps.anonymousSignIns !== false },
    disable_signup: false,
    mailer_autoconfirm: !ctx.deps.confirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }
}

/** The path below /auth/v1 (or the whole path when the request is addressed to the API root). */
function apiPath(url: URL) {
  const i = url.pathname.indexOf('/auth/v1')
  const path = i >= 0 ? url.pathname.slice(i + '/auth/v1'.length) : url.pathname
  return path.replace(/\/+$/, '') || '/'
}

/** The API gateway's key check: the apikey must be this instance's anon or service-role key. */
async function checkApiKey(deps: AuthApiDeps, request: Request, now: Date) {
  const key = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey')
  if (!key)
    return json(
      { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
      401,
    )
  try {
    const claims = await verifyJwt(deps.jwtSecret, key, now)
    if (claims.role === 'anon' || claims.role === 'service_role') return null
  } catch {
    // falls through
  }
  return json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401)
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {}
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    const parsed = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}
  } catch (e) {
    throw new AuthHttpError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${e instanceof Error ? e.message : 'invalid JSON'}`,
    )
  }
}

export async function handleAuthRequest(request: Request, deps: AuthApiDeps): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return answer(request, deps)
  try {
    return await answer(request, deps)
  } finally {
    authChanged()
  }
}

async function answer(request: Request, deps: AuthApiDeps): Promise<Response> {
  const now = deps.now?.() ?? new Date()
  const url = new URL(request.url)
  const path = apiPath(url)
  const method = request.method.toUpperCase()
  const apiUrl = deps.apiUrl ?? new URL('/auth/v1', deps.siteUrl).toString().replace(/\/$/, '')
  try {
    const candidates = routes.filter((r) => r.pattern.test(path))
    const route = candidates.find((r) => r.method === method)
    if (!route) {
      if (candidates.length) throw new AuthHttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`)
      throw notFound('not_found', 'Not Found')
    }
    if (!route.open) {
      const refused = await checkApiKey(deps, request, now)
      if (refused) return refused
    }
    const body = await readBody(request)
    const ctx: Ctx = { deps, db: deps.db, now, url, request, body, apiUrl }
    const params = (route.pattern.exec(path) ?? []).slice(1).map(decodeURIComponent)
    const result = await route.run(ctx, ...params)
    return result instanceof Response ? result : json(result)
  } catch (e) {
    if (e instanceof AuthHttpError) return errorResponse(e)
    deps.logger?.error('auth api: unexpected error', {
      path,
      error: e,
    })
    return errorResponse(
      new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    )
  }
}
