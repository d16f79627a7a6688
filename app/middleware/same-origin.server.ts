// React Router refuses a cross-origin POST to a page's action, not to a resource route's:
// another site could post to /consentimento (consent to analytics and marketing, an LGPD
// problem), /logout or /imoveis/fotos. This middleware, first at the root, refuses every
// cross-origin request that is not a GET or HEAD, whatever the route (ADR 210).
// Stripe's webhook comes from Stripe's servers and proves itself with its signature. Calls with
// no Origin at all (supabase-js reaching the built-in auth API from this server, scripts) are
// not a browser's cross-site post and pass, as they do React Router's own check.
import type { Route } from '../+types/root'

export const CROSS_ORIGIN_REFUSED = 'Pedido recusado: ele veio de outro site. Volte à página anterior e tente de novo.'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Routes that check who sent them in their own way: Stripe signs its webhook. */
const SIGNED_ELSEWHERE = new Set(['/api/stripe/webhook'])

/** The installed app's share target (ADR 283): besides our own pages' posts, the phone's share
 * sheet posts it, a navigation no site started (`Sec-Fetch-Site: none`, which no page can send). */
const SHARE_TARGET = /^\/compartilhar(\.data)?$/

/** A browser's post from another site: its Origin is not ours ("null" included), or, with no
 * Origin, the browser says the request crossed sites. Safe methods and SIGNED_ELSEWHERE pass. */
export function refusedAsCrossOrigin(request: {
  method: string
  pathname: string
  ownOrigin: string
  origin: string | null
  fetchSite: string | null
}): boolean {
  if (SAFE_METHODS.has(request.method) || SIGNED_ELSEWHERE.has(request.pathname)) return false
  if (SHARE_TARGET.test(request.pathname)) {
    if (request.fetchSite === 'none' || request.fetchSite === 'same-origin') return false
    // Another site's page, or a site of ours on another port: never, whatever the Origin says.
    if (request.fetchSite) return true
  }
  if (request.origin === null) return request.fetchSite === 'cross-site'
  try {
    return new URL(request.origin).origin !== request.ownOrigin
  } catch {
    return true
  }
}

/** `refusedAsCrossOrigin` for a Fetch request: the router's middleware and its error log ask it. */
export function isCrossOriginPost(request: Request): boolean {
  const url = new URL(request.url)
  return refusedAsCrossOrigin({
    method: request.method,
    pathname: url.pathname,
    ownOrigin: url.origin,
    origin: request.headers.get('Origin'),
    fetchSite: request.headers.get('Sec-Fetch-Site'),
  })
}

// The HTTP boundary (server/http-boundary.ts) answers a page's cross-origin post with the pt-BR
// page before React Router sees it (its own check would answer an English 400); this stays for
// any other way in (tests calling the handler, the dev server).
export const sameOriginMiddleware: Route.MiddlewareFunction = ({ request }, next) => {
  if (isCrossOriginPost(request))
    throw new Response(CROSS_ORIGIN_REFUSED, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  return next()
}
