// Where a request comes from and where it may go back to: the client's IP (behind TRUST_PROXY),
// the site's public address, same-site paths from `next` / `redirectTo`, and the address e-mail
// and OAuth links return to.
import type { RouterContextProvider } from 'react-router'
import { clientIpContext, authBackendContext } from '~/context'
import { safeRedirect } from '~/utils/redirect'

type Context = Readonly<RouterContextProvider>

export function clientIp(context: Context) {
  return context.get(clientIpContext) || 'unknown'
}

export function siteUrl(context: Context) {
  return context.get(authBackendContext).siteUrl
}

/**
 * The origin of every absolute address the app writes (sitemap, e-mails, share links, JSON-LD):
 * APP_URL, else the address this server listens on; never the request's Host header (ADR 290).
 */
export function siteOrigin(context: Context) {
  return new URL(siteUrl(context)).origin
}

/** The host of siteOrigin: what a public answer may say about where it is served from. */
export function siteHost(context: Context) {
  return new URL(siteUrl(context)).host
}

/** A same-site path from a `next`/`redirectTo` value, which may be absolute on our origin. */
export function sameSitePath(context: Context, value: unknown, fallback = '/') {
  if (typeof value !== 'string' || !value) return fallback
  try {
    const base = new URL(siteUrl(context))
    const url = new URL(value, base)
    if (url.origin !== base.origin) return fallback
    return safeRedirect(url.pathname + url.search + url.hash, fallback)
  } catch {
    return fallback
  }
}

/** The e-mail/OAuth return address: /confirm on this site, then `next`. */
export function confirmUrl(context: Context, next: string) {
  const url = new URL('/confirm', siteUrl(context))
  url.searchParams.set('next', next)
  return url.toString()
}
