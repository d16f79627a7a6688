// The database going away and coming back (ADR 144): page requests get a pt-BR 503
// page with a retry link instead of a 500, and the app serves again as soon as the database
// answers, with no restart. The pool reconnects by itself; this module only notices the outage
// (a dropped pooled connection, a query failing to connect) and, while it lasts, checks the
// database once per request (one shared ping) before handing the request to the router.
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import type { Logger } from './logger.server'

/** Connection-class failures: the server is gone, refusing, restarting, or the database is missing. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '3D000',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/i

/** Whether an error (or one of its causes) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return false
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    // AggregateError (a connect to several addresses refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
    current = cause
  }
  return false
}

export type DatabaseAvailability = {
  /** True from a connection failure until a ping succeeds. */
  readonly down: boolean
  markDown(error: unknown): void
  /** One shared ping (bounded by `timeoutMs`): true when the database answers. */
  check(): Promise<boolean>
}

export function createDatabaseAvailability(options: {
  ping: () => Promise<void>
  logger: Logger
  timeoutMs?: number
}): DatabaseAvailability {
  const timeoutMs = options.timeoutMs ?? 2_000
  let down = false
  let since = 0
  let pending: Promise<boolean> | null = null
  const markUp = () => {
    if (!down) return
    down = false
    options.logger.info('database back', { downForMs: Date.now() - since })
  }
  return {
    get down() {
      return down
    },
    markDown(error) {
      if (down) return
      down = true
      since = Date.now()
      options.logger.warn('database unavailable', { error })
    },
    check() {
      pending ??= (async () => {
        let timer: ReturnType<typeof setTimeout> | undefined
        try {
          await Promise.race([
            options.ping(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('ping timeout exceeded when trying to connect')), timeoutMs)
            }),
          ])
          markUp()
          return true
        } catch (error) {
          this.markDown(error)
          return false
        } finally {
          clearTimeout(timer)
          pending = null
        }
      })()
      return pending
    },
  }
}

/** Requests that failed because the database could not be reached (set by handleError). */
export const unavailableRequests = new WeakSet<Request>()

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The 503 page: plain HTML with no script and no asset, so it shows whatever else is down. */
export function unavailablePage(retryPath: string, appName = 'Vitrine'): string {
  const href = escapeHtml(retryPath.startsWith('/') && !retryPath.startsWith('//') ? retryPath : '/')
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Estamos com instabilidade · ${escapeHtml(appName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc}main{max-width:32rem;margin:0 auto;padding:4rem 1rem;text-align:center}
p{color:#475569;line-height:1.5}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#0f172a;color:#fff;text-decoration:none;font-weight:600}</style>
</head><body><main><p>Erro 503</p><h1>Estamos com instabilidade…</h1>
<p>Não conseguimos acessar seus dados agora. Nada do que você já salvou foi perdido. Tente novamente em alguns instantes.</p>
<a href="${href}">Tentar novamente</a></main></body></html>`
}

export function unavailableResponse(request: Request, appName?: string): Response {
  const url = new URL(request.url)
  const path = url.pathname.replace(/\.data$/, '') || '/'
  return new Response(unavailablePage(path + url.search, appName), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  })
}

/** Express middleware before the router: during an outage, a ping decides between the 503 page and the app. */
export function databaseGate(availability: DatabaseAvailability, appName?: string) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!availability.down || (await availability.check())) return next()
    const path = req.path.replace(/\.data$/, '') || '/'
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
    res
      .status(503)
      .set({ 'Cache-Control': 'no-store', 'Retry-After': '5' })
      .type('html')
      .send(unavailablePage(req.method === 'GET' ? path + query : path, appName))
  }
}
