// React Router refuses a cross-origin POST to a page's action, not to a resource route's:
// another site could post to /consentimento (consent to analytics and marketing, an LGPD
// problem), /logout or /imoveis/fotos. This middleware, first at the root, refuses every
// cross-origin request that is not a GET or HEAD, whatever the route (issue 43; ADR 210).
// Stripe's webhook comes from Stripe's servers and proves itself with its signature. Calls with
// no Origin at all (supabase-js reaching the built-in auth API from this server, scripts) are
// not a browser's cross-site post and pass, as they do React Router's own check.
import type { Route } from '../+types/root'

export const CROSS_ORIGIN_REFUSED = 'Pedido recusado: ele veio de outro site. Volte à página anterior e tente de novo.'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Routes that check who sent them in their own way. */
const SIGNED_ELSEWHERE = new Set(['/api/stripe/webhook'])

/** A browser's request from another site: its Origin is not ours ("null" included), or, with
 * no Origin, the browser says the request crossed sites. */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin')
  if (origin === null) return request.headers.get('Sec-Fetch-Site') === 'cross-site'
  try {
    return new URL(origin).origin !== new URL(request.url).origin
  } catch {
    return true
  }
}

export const sameOriginMiddleware: Route.MiddlewareFunction = ({ request }, next) => {
  if (SAFE_METHODS.has(request.method) || SIGNED_ELSEWHERE.has(new URL(request.url).pathname)) return next()
  if (isCrossOrigin(request))
    throw new Response(CROSS_ORIGIN_REFUSED, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  return next()
}
