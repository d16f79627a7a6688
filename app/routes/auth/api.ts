// /auth/v1/* — the built-in Supabase-Auth-compatible API over HTTP (when this app is its own
// auth service). Abuse-prone endpoints are rate limited per IP here, as Supabase does.
import type { Route } from './+types/api'
import { authBackendContext } from '~/utils/auth.server'
import { clientIp } from '~/utils/request-origin.server'
import { authLimits, rateLimiterContext, type RateLimitRule } from '~/utils/rate-limit.server'

function limitFor(request: Request): { rule: RateLimitRule; failuresOnly: boolean } | null {
  if (request.method !== 'POST') return null
  const url = new URL(request.url)
  const path = url.pathname.replace(/^.*\/auth\/v1/, '')
  if (path === '/token' && url.searchParams.get('grant_type') === 'password')
    return { rule: authLimits.signInIp, failuresOnly: true }
  if (path === '/signup') return { rule: authLimits.signUpIp, failuresOnly: false }
  if (path === '/recover' || path === '/resend') return { rule: authLimits.recoverIp, failuresOnly: false }
  if (path === '/verify' || /^\/factors\/[^/]+\/verify$/.test(path))
    return { rule: authLimits.verifyIp, failuresOnly: true }
  return null
}

function tooMany(retryAfter: number) {
  return new Response(
    JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' }),
    {
      status: 429,
      headers: {
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        'Retry-After': String(retryAfter),
      },
    },
  )
}

async function serve({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const backend = context.get(authBackendContext)
  if (!backend.api) return new Response('Not Found', { status: 404 })
  const limit = limitFor(request)
  if (!limit) return backend.api(request)
  const limiter = context.get(rateLimiterContext)
  const ip = clientIp(context)
  const before = limit.failuresOnly ? await limiter.peek(limit.rule, ip) : await limiter.hit(limit.rule, ip)
  if (!before.allowed) return tooMany(before.retryAfterSeconds)
  const response = await backend.api(request)
  if (limit.failuresOnly && response.status >= 400 && response.status < 500) await limiter.hit(limit.rule, ip)
  return response
}

export const loader = serve
export const action = serve
