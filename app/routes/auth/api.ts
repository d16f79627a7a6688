// /auth/v1/* — the built-in Supabase-Auth-compatible API over HTTP (when this app is its own
// auth service). Abuse-prone endpoints are rate limited here as the HTML forms are: per IP,
// sign-in and recovery also per (e-mail, IP), sign-in with the account's hold (ADR 211). Every
// verify (POST, and the e-mail link's GET) counts its failures per IP, a typed code also per
// e-mail; the API itself ends a code after five wrong tries (ADR 284).
import { authBackendContext } from '~/context'
import type { Route } from './+types/api'
import {
  countFailure,
  exhaustedLimits,
  hitLimits,
  recoveryLimits,
  signInFailed,
  signInSucceeded,
  signInWait,
  tooManyAttempts,
  type Limit,
} from '~/workflows/auth-limits.server'
import { clientIp } from '~/utils/request-origin.server'
import { authLimits } from '~/models/rate-limits.server'
import { FORM_BYTES, readBodyBytes } from '~/utils/form-body.server'

type Limited = 'sign-in' | 'sign-up' | 'recover' | 'verify'

/** The body's fields as the forms read them; {} when it is not a JSON object. */
async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null)
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
}

function limitedKind(request: Request): Limited | null {
  const url = new URL(request.url)
  const path = url.pathname.replace(/^.*\/auth\/v1/, '')
  // The e-mail link (GET /verify) consumes a token as the POST does: counted alike.
  if (request.method === 'GET' && path === '/verify') return 'verify'
  if (request.method !== 'POST') return null
  if (path === '/token' && url.searchParams.get('grant_type') === 'password') return 'sign-in'
  if (path === '/signup') return 'sign-up'
  if (path === '/recover' || path === '/resend' || path === '/otp') return 'recover'
  if (path === '/verify' || /^\/factors\/[^/]+\/verify$/.test(path)) return 'verify'
  return null
}

/** The body's e-mail as the forms read it (trimmed, lower case); '' when there is none. */
async function emailOf(request: Request) {
  const email = (await bodyOf(request)).email
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

function tooMany(retryAfter: number) {
  const { status, headers } = tooManyAttempts(retryAfter)
  return new Response(
    JSON.stringify({ code: status, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' }),
    {
      status,
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01', ...headers },
    },
  )
}

const isFailure = (response: Response) => response.status >= 400 && response.status < 500

/** A refused e-mail link: GET /verify sends the browser back with the error in the fragment. */
const isRefusedLink = (response: Response) =>
  response.status === 303 && /[#&]error_code=/.test(response.headers.get('Location') ?? '')

/** The request with its body read once, at most a megabyte (ADR 311), for the limits below and
 * the auth API alike; null past it. */
async function bounded(request: Request): Promise<Request | null> {
  if (request.method === 'GET' || request.method === 'HEAD') return request
  const body = await readBodyBytes(request, FORM_BYTES)
  if (!body) return null
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal })
}

async function serve(args: Route.LoaderArgs | Route.ActionArgs) {
  const { context } = args
  const backend = context.get(authBackendContext)
  if (!backend.api) return new Response('Not Found', { status: 404 })
  const request = await bounded(args.request)
  if (!request)
    return Response.json({ code: 413, error_code: 'request_too_large', msg: 'Request body too large' }, { status: 413 })
  const kind = limitedKind(request)
  if (kind === 'sign-in') {
    const email = await emailOf(request)
    const wait = await signInWait(context, email)
    if (wait) return tooMany(wait)
    const response = await backend.api(request)
    if (isFailure(response)) await signInFailed(context, email)
    else if (response.ok) await signInSucceeded(context, email)
    return response
  }
  if (kind === 'verify') {
    const limits: Limit[] = [[authLimits.verifyIp, clientIp(context)]]
    // A code typed with its e-mail signs in: the password's limits and hold apply to it too.
    const email = (await bodyOf(request)).token ? await emailOf(request) : ''
    const wait = Math.max(await exhaustedLimits(context, limits), email ? await signInWait(context, email) : 0)
    if (wait) return tooMany(wait)
    const response = await backend.api(request)
    if (isFailure(response) || isRefusedLink(response)) {
      await countFailure(context, limits)
      if (email) await signInFailed(context, email)
    } else if (response.ok && email) await signInSucceeded(context, email)
    return response
  }
  if (kind === 'sign-up' || kind === 'recover') {
    const limits: Limit[] =
      kind === 'sign-up' ? [[authLimits.signUpIp, clientIp(context)]] : recoveryLimits(context, await emailOf(request))
    const wait = await hitLimits(context, limits)
    if (wait) return tooMany(wait)
  }
  return backend.api(request)
}

export const loader = serve
export const action = serve
