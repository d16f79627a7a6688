// The consent cookie on the wire: read from a request, written on a response, and the headers
// that take away what a refused category left behind (works with JavaScript off).
import {
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  consentState,
  cookieDomainsFor,
  cookiesToRemove,
  parseConsent,
  serializeConsent,
  type Consent,
  type ConsentState,
} from '~/domain/consent'
import { cookiesOf, cookieValue } from './cookies'

/** The consent the Cookie header carries, or null when there is none valid for this version. */
export function consentFromCookieHeader(header: string | null | undefined): Consent | null {
  return parseConsent(cookieValue(header, CONSENT_COOKIE_NAME))
}

export function readConsent(request: Request): ConsentState {
  return consentState(consentFromCookieHeader(request.headers.get('Cookie')))
}

/**
 * First-party, whole site, not readable by scripts: only the server decides what loads.
 * `secure` comes from the environment (cookiesAreSecure in app/env.server.ts).
 */
export function consentCookieHeader(consent: Consent, options: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE_NAME}=${serializeConsent(consent)}`,
    'Path=/',
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** Set-Cookie headers that expire the refused categories' cookies, host-only and per domain. */
export function removalHeaders(request: Request, consent: Consent): string[] {
  const names = cookiesToRemove(
    cookiesOf(request.headers.get('Cookie')).map((cookie) => cookie.name),
    consent,
  )
  const domains = cookieDomainsFor(new URL(request.url).hostname)
  const expire = 'Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT'
  return names.flatMap((name) => [
    `${name}=; ${expire}`,
    ...domains.map((domain) => `${name}=; ${expire}; Domain=${domain}`),
  ])
}
