// The consent cookie on the wire: read from a request, written on a response, and the headers
// that take away what a refused category left behind (works with JavaScript off).
import {
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  consentFromCookieHeader,
  consentState,
  cookieDomainsFor,
  cookiesToRemove,
  serializeConsent,
  type Consent,
  type ConsentState,
} from '~/domain/consent'

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

function cookieNames(header: string | null): string[] {
  if (!header) return []
  return header
    .split(';')
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter(Boolean)
}

/** Set-Cookie headers that expire the refused categories' cookies, host-only and per domain. */
export function removalHeaders(request: Request, consent: Consent): string[] {
  const names = cookiesToRemove(cookieNames(request.headers.get('Cookie')), consent)
  const domains = cookieDomainsFor(new URL(request.url).hostname)
  const expire = 'Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT'
  return names.flatMap((name) => [
    `${name}=; ${expire}`,
    ...domains.map((domain) => `${name}=; ${expire}; Domain=${domain}`),
  ])
}
