// Helmet's headers, computed once at start-up: they never vary between requests except for the
// CSP nonce, and running helmet's thirteen middlewares on every request cost ~15 % of a page's
// server time (bench/ssr.ts). The nonce goes into a precomputed template.
import type { RequestHandler, Response } from 'express'
import helmet, { type HelmetOptions } from 'helmet'

const NONCE_MARK = 'NONCE_8f3b2c1d'

export function securityHeaders(options: HelmetOptions): RequestHandler {
  const headers = new Map<string, string>()
  const removed = new Set<string>()
  const probe = {
    locals: { cspNonce: NONCE_MARK },
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void removed.add(name.toLowerCase()),
  } as unknown as Response
  helmet(options)({ headers: {} } as never, probe, () => {})
  const fixed = [...headers].filter(([, value]) => !value.includes(NONCE_MARK))
  const withNonce = [...headers]
    .filter(([, value]) => value.includes(NONCE_MARK))
    .map(([name, value]) => [name, value.split(NONCE_MARK)] as const)
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name)
    for (const [name, value] of fixed) res.setHeader(name, value)
    for (const [name, parts] of withNonce) res.setHeader(name, parts.join(res.locals.cspNonce as string))
    next()
  }
}
