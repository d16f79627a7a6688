// Failures to an error tracker: Sentry's SDK when SENTRY_DSN is set, nothing otherwise (ADR 317).
// Off by default, so a fresh machine loads nothing and sends nothing. Every failure the product
// logs at `error` level (a request that failed, a job that gave up, an unhandled rejection) is
// already logged with its `error` field; the logger hands the same to `capture`. Only the error,
// the log message and the request id leave the process: no cookies, no bodies, no addresses
// (`dataCollection` off, no default integrations, no tracing).
import type { ErrorSink } from '~/utils/logger.server'

export type ErrorTracker = ErrorSink & {
  /** Sends what is still queued; at shutdown, before the process exits. */
  flush(timeoutMs?: number): Promise<void>
}

export async function startErrorTracker(options: {
  dsn: string | undefined
  environment: string
  release?: string
}): Promise<ErrorTracker | null> {
  if (!options.dsn) return null
  const Sentry = await import('@sentry/node')
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    defaultIntegrations: false,
    // Nothing of a person: no user fields, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 0,
  })
  return {
    capture(message, fields) {
      const { error, requestId, ...extra } = fields
      Sentry.withScope((scope) => {
        scope.setExtras({ message, ...extra })
        if (typeof requestId === 'string' && requestId) scope.setTag('request_id', requestId)
        if (error instanceof Error) return void Sentry.captureException(error)
        // A thrown non-Error (a string, an object) rides along as data beside the log message.
        if (error !== undefined) scope.setExtra('error', error)
        Sentry.captureMessage(message, 'error')
      })
    },
    async flush(timeoutMs = 2000) {
      await Sentry.flush(timeoutMs)
    },
  }
}
