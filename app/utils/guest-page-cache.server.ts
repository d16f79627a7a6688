// Pages that are the same for every signed-out visitor (ADR 199). A request with no cookie, no
// Authorization header and no query string carries nothing that could change what /login shows:
// no session, no consent answer, no toast, no redirectTo. Such a page, once rendered, is kept
// with its CSP nonce cut out, and the next such request gets it back with its own nonce, without
// running the router or React. A route opts in with `handle: { sameForEveryGuest: true }`; its
// loaders (and its layouts') must then read nothing but the request and the process's settings.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { LRUCache } from 'lru-cache'
import { type EntryContext } from 'react-router'
import type { SAME_FOR_EVERY_GUEST } from './guest-page'

/** Long enough to serve a burst from one render, short enough for a date in a footer. */
const TTL_MS = 10 * 60 * 1000
/** Only opted-in routes are stored, one entry per path: a bound for safety, not for eviction. */
const MAX_PAGES = 50

type Page = { parts: string[]; headers: Array<[string, string]> }

/** A GET with no cookie, no credentials and no query string: what a first visit sends. */
export function isGuestRequest(
  method: string,
  url: string,
  header: (name: string) => string | null | undefined,
): boolean {
  return method === 'GET' && !url.includes('?') && !header('cookie') && !header('authorization')
}

/** Does the page's route say it is the same for every guest? */
export function isSameForEveryGuest(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1)
  const handle = leaf
    ? (context.routeModules[leaf.route.id]?.handle as Partial<typeof SAME_FOR_EVERY_GUEST> | undefined)
    : undefined
  return handle?.sameForEveryGuest === true
}

export type GuestPageCache = ReturnType<typeof createGuestPageCache>

export function createGuestPageCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const pages = new LRUCache<string, Page>({
    max: MAX_PAGES,
    ttl: options.ttlMs ?? TTL_MS,
    // A clock of the caller's (tests) is read on every look; the default one may be cached for 1 ms.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  })
  return {
    /** The stored page of this path with `nonce` written in, or null. */
    get(path: string, nonce: string): { body: string; headers: Array<[string, string]> } | null {
      const page = pages.get(path)
      return page ? { body: page.parts.join(nonce), headers: page.headers } : null
    },
    /** Keeps a rendered page; `nonce` is the one it was rendered with (cut out of the HTML). */
    set(path: string, html: string, nonce: string, headers: Headers): void {
      // Without a nonce to cut out, a stored page would carry one visitor's nonce to the next.
      if (!nonce || !html.includes(nonce) || headers.has('set-cookie')) return
      if (!pages.has(path) && pages.size >= MAX_PAGES) return
      pages.set(path, { parts: html.split(nonce), headers: [...headers] })
    },
  }
}

/**
 * Answers a guest's GET from the cache when the page is there (before the router runs); every
 * other request goes on. The CSP header already carries `res.locals.cspNonce`.
 */
export function serveGuestPages(cache: GuestPageCache) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isGuestRequest(req.method, req.originalUrl, (name) => req.get(name))) return next()
    const page = cache.get(req.path, String(res.locals.cspNonce ?? ''))
    if (!page) return next()
    for (const [name, value] of page.headers) res.setHeader(name, value)
    res.status(200).end(page.body)
  }
}
