// What the billing resource routes share: who asks (a browser navigation gets redirects and
// cookie toasts, a script gets JSON), our origin, and return addresses kept on it.
import type { RouterContextProvider } from 'react-router'
import { isbot } from 'isbot'
import { envContext } from '~/context'
import type { SessionUser } from '~/context'
import type { BillingUser } from '~/workflows/billing.server'
import { redirectWithToast } from '~/utils/toast.server'
import { safeRedirect } from '~/utils/redirect'
import { can } from '~/domain/team'
import { forbidden } from '~/utils/session.server'

/** A document navigation (a link, a form without JavaScript), not fetch(). */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('Accept') ?? '').includes('text/html')
}

/** A browser's prefetch or prerender (speculation rules, link prefetch): no person asked yet. */
export function isPrefetch(request: Request): boolean {
  const purpose = `${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`
  return /\b(prefetch|prerender)\b/i.test(purpose)
}

/** A crawler, by its User-Agent (isbot's list). */
export function isCrawler(request: Request): boolean {
  const userAgent = request.headers.get('User-Agent')
  return !!userAgent && isbot(userAgent)
}

/** APP_URL when set (behind a proxy), else the request's own origin. */
export function appOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  const configured = context.get(envContext).APP_URL
  return configured ? new URL(configured).origin : new URL(request.url).origin
}

/** `value` as an absolute address on `origin`, or null when it points anywhere else (its path
 * checked by safeRedirect, so `/.//evil.example` is refused, not kept as `//evil.example`). */
export function sameOriginUrl(value: string | null, origin: string): string | null {
  if (!value) return null
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin) return null
    const path = safeRedirect(url.pathname + url.search + url.hash, '')
    return path ? `${origin}${path}` : null
  } catch {
    return null
  }
}

/** The path and query of a same-origin address (for links and redirects). */
export function localPath(value: string | null, origin: string, fallback: string): string {
  const url = sameOriginUrl(value, origin)
  if (!url) return fallback
  const parsed = new URL(url)
  return parsed.pathname + parsed.search + parsed.hash
}

export function jsonError(message: string, status: number) {
  return Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/** A failure: back to `to` with an error toast for a navigation, else JSON. */
export async function failure(request: Request, to: string, message: string, status: number) {
  if (isNavigation(request))
    return redirectWithToast(to, { type: 'error', title: 'Erro no pagamento', description: message })
  return jsonError(message, status)
}

/** The account's payer: only its owner may buy, change or cancel the plan (ADR 218). */
export function billingUser(user: SessionUser): BillingUser {
  if (!can(user.accountRole, 'billing')) throw forbidden(user.accountRole, 'billing')
  return { id: user.accountId, email: user.email, full_name: user.full_name }
}
