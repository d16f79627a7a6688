// Signed-in pages kept until the person's data changes (ADR 201). A route whose page is made only
// from the person's users, homes and subscriptions rows (whose every write moves their data
// version, app/models/user-data-versions.server.ts) says so with `handle: SAME_UNTIL_DATA_CHANGES`.
// Its HTML is kept per URL and per cookie header, with the version read before the page's data,
// and the CSP nonce cut out. The next GET with the same cookies, a session this process confirmed
// a few seconds ago (ADR 186) and the same version gets it back with its own nonce, without
// running the router or React. The key holds only the cookies that can change the page: the
// analytics scripts' cookies are left out of it (ADR 227); any other cookie (a toast, say) is
// rendered.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { LRUCache } from 'lru-cache'
import { type EntryContext } from 'react-router'
import { CONSENT_COOKIE_NAME, isOptionalCategoryCookie } from '~/domain/consent'
import { userDataVersion } from '~/models/user-data-versions.server'
import { cookiesOf } from '~/utils/cookies'
import type { Database } from '~/utils/db.server'
import { isSessionCookie, recentlyConfirmedUserId, storageKeyOf, type AuthBackend } from '~/utils/auth.server'
import type { SAME_UNTIL_DATA_CHANGES } from '~/utils/user-page'

/** A bound for what the page shows from the clock (a plan that lapses at its period's end). */
const TTL_MS = 60 * 1000
/** Pages kept at most, oldest dropped first: ≈ 75–100 KB each, so ≤ 20 MB. */
const MAX_PAGES = 200

type Page = { version: number; parts: string[]; headers: Array<[string, string]> }

/** What the server read before rendering a request it may keep: the key and the version. */
export type UserPageRequest = { key: string; userId: string; version: number }

/** Does the page's route say it is the same until the person's data changes? */
export function isSameUntilDataChanges(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1)
  const handle = leaf
    ? (context.routeModules[leaf.route.id]?.handle as Partial<typeof SAME_UNTIL_DATA_CHANGES> | undefined)
    : undefined
  return handle?.sameUntilDataChanges === true
}

/**
 * The cookies that can change the page, as the cache's key: the session's (whole or in chunks)
 * and the consent answer, in the order sent. The analytics and marketing scripts' own cookies
 * (PostHog's, Google's) are never read by the server: left out, so a browser that carries them
 * still gets the kept page. Any other cookie (a toast, say) may change the page: null, rendered.
 */
export function pageCookiesKey(cookieHeader: string, storageKey: string): string | null {
  const kept: string[] = []
  for (const { name, value } of cookiesOf(cookieHeader)) {
    if (isSessionCookie(name, storageKey) || name === CONSENT_COOKIE_NAME) kept.push(`${name}=${value}`)
    else if (!isOptionalCategoryCookie(name)) return null
  }
  return kept.length > 0 ? kept.join('; ') : null
}

export type UserPageCache = ReturnType<typeof createUserPageCache>

export function createUserPageCache(options: { ttlMs?: number; maxPages?: number; now?: () => number } = {}) {
  const pages = new LRUCache<string, Page>({
    max: options.maxPages ?? MAX_PAGES,
    ttl: options.ttlMs ?? TTL_MS,
    // A clock of the caller's (tests) is read on every look; the default one may be cached for 1 ms.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  })
  // The paths of routes that opted in, learnt as they render: no other request pays for a lookup.
  const paths = new Set<string>()
  return {
    keeps: (path: string) => paths.has(path),
    learn: (path: string) => void paths.add(path),
    /** The page kept under `key` for this `version`, with `nonce` written in, or null. */
    get(key: string, version: number, nonce: string): { body: string; headers: Array<[string, string]> } | null {
      const page = pages.get(key)
      if (!page) return null
      if (page.version !== version) {
        pages.delete(key)
        return null
      }
      return { body: page.parts.join(nonce), headers: page.headers }
    },
    /** Keeps a rendered page; `nonce` is the one it was rendered with (cut out of the HTML). */
    set(request: UserPageRequest, html: string, nonce: string, headers: Headers): void {
      if (!nonce || !html.includes(nonce) || headers.has('set-cookie')) return
      pages.set(request.key, { version: request.version, parts: html.split(nonce), headers: [...headers] })
    },
  }
}

/**
 * Before the router: answers a signed-in GET from the cache when its page is there for the
 * person's current data version. Otherwise, for a path that is kept, leaves the key and the
 * version in `res.locals.userPage`: read before any of the page's data, so a write that lands
 * while it renders moves the version past what is kept.
 */
export function serveUserPages(cache: UserPageCache, deps: { db: Database; auth: AuthBackend }) {
  const storageKey = storageKeyOf(deps.auth)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' || req.get('authorization') || !cache.keeps(req.path)) return next()
    const cookies = pageCookiesKey(req.get('cookie') ?? '', storageKey)
    if (!cookies) return next()
    const userId = recentlyConfirmedUserId(deps.auth, cookies)
    if (!userId) return next()
    let version: number
    try {
      version = await userDataVersion(deps.db, userId)
    } catch {
      return next() // the router's own path reports an unreachable database
    }
    const key = `${req.originalUrl}\n${cookies}`
    const page = cache.get(key, version, String(res.locals.cspNonce ?? ''))
    if (!page) {
      res.locals.userPage = { key, userId, version } satisfies UserPageRequest
      return next()
    }
    for (const [name, value] of page.headers) res.setHeader(name, value)
    // What authMiddleware writes on every response made for a session (after the HTML was kept).
    res.setHeader('Cache-Control', 'private, no-store')
    res.status(200).end(page.body)
  }
}
