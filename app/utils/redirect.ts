import { redirect, redirectDocument } from 'react-router'

/** Where a path leads once a browser has resolved it: refused when that is a host (`//evil`). */
const OFF_SITE = /^[/\\]{2}/

/**
 * Only same-site paths are followed (after sign-in, a consent choice, a billing return): no open
 * redirects. The target is normalised first, as the browser will (`/.//evil.example` becomes
 * `//evil.example`, another host), and the normalised path is what is checked and returned.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback
  try {
    const url = new URL(to, 'http://vitrine.local')
    if (url.origin !== 'http://vitrine.local' || OFF_SITE.test(url.pathname)) return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}

/**
 * The redirect after sign-in: a resource route (the API, e.g. a checkout link that asked for a
 * sign-in) is opened as a document, since the page's script cannot render it.
 */
export function redirectAfterSignIn(to: string) {
  return to.startsWith('/api/') ? redirectDocument(to) : redirect(to)
}

/** `path` carrying where to go after signing in ('/login?redirectTo=…'); `path` alone without one. */
export const withRedirectTo = (path: string, redirectTo: string) =>
  redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path
