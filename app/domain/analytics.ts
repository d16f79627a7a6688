// What the browser needs to start analytics and the tag manager, handed down by the root loader
// (app/utils/analytics.server.ts builds it from the environment).

/** Runtime configuration for the browser: public values only. Null means "off". */
export type AnalyticsSettings = {
  posthogKey: string | null
  posthogHost: string
  gtmId: string | null
}

// ------------------------------------------------------------------ what a page view may say (ADR 153)

/**
 * Query parameters a page view may carry: campaign tags and the app's own filters. Anything else
 * (tokens, codes, e-mails, return addresses, search text) never leaves the browser.
 */
export const PAGEVIEW_QUERY_ALLOW_LIST: readonly string[] = [
  'origem',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'pagina',
  'categoria',
  'status',
  'modelo',
  'imovel',
  'periodo',
  'post',
]

/** Auth routes: their query strings (and fragments) carry tokens and codes, so none of it is sent. */
export const AUTH_PATH_PREFIXES: readonly string[] = [
  '/login',
  '/confirm',
  '/registrar',
  '/definir-senha',
  '/esqueci-a-senha',
  '/redefinir-senha',
  '/minha-conta/seguranca',
  '/logout',
  '/auth/',
  '/dev/emails',
]

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATH_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  )
}

/** The path and the allow-listed query of a path-and-query ('/imoveis?pagina=2&q=ana' → '/imoveis?pagina=2'). */
export function pageviewPath(pathname: string, search: string): string {
  if (isAuthPath(pathname)) return pathname
  const kept = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(search))
    if (PAGEVIEW_QUERY_ALLOW_LIST.includes(name)) kept.append(name, value)
  const query = kept.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** A whole URL cut the same way (no fragment); a URL of another site keeps only its origin. */
export function pageviewUrl(url: string, ownOrigin: string): string {
  let parsed: URL
  try {
    parsed = new URL(url, ownOrigin)
  } catch {
    return ''
  }
  if (parsed.origin !== ownOrigin) return parsed.origin
  return parsed.origin + pageviewPath(parsed.pathname, parsed.search)
}

/** Event and person properties that hold a URL or a path with its query. */
const URL_PROPERTIES = [
  '$current_url',
  '$referrer',
  '$initial_current_url',
  '$initial_referrer',
  '$session_entry_url',
  '$session_entry_referrer',
  '$prev_pageview_pathname',
  '$pathname',
]

/** Every URL property of an event (and of its $set / $set_once) cut to the allow-list. */
export function sanitizeEventUrls<T extends Record<string, unknown>>(
  properties: T | undefined,
  ownOrigin: string,
): T | undefined {
  if (!properties) return properties
  const copy: Record<string, unknown> = { ...properties }
  for (const key of URL_PROPERTIES) {
    const value = copy[key]
    if (typeof value === 'string' && value !== '' && value !== '$direct') copy[key] = pageviewUrl(value, ownOrigin)
  }
  if (typeof copy.$pathname === 'string') copy.$pathname = new URL(copy.$pathname, ownOrigin).pathname
  if (typeof copy.$prev_pageview_pathname === 'string')
    copy.$prev_pageview_pathname = new URL(copy.$prev_pageview_pathname, ownOrigin).pathname
  return copy as T
}
