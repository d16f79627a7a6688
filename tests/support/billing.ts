// Calling the billing route modules the way React Router does: a Request and a typed router
// context with the database, the billing backend and (optionally) a signed-in user.
import { RouterContextProvider } from 'react-router'
import { billingContext, dbContext, envContext, loggerContext, userContext, type SessionUser } from '../../app/context'
import { parseEnv } from '../../app/env.server'
import type { BillingBackend } from '../../app/integrations/stripe/billing.server'
import type { Database } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { readToast } from '../../app/utils/toast.server'

export const ORIGIN = 'http://vitrine.test'

export function billingRouteContext(db: Database, billing: BillingBackend, user: SessionUser | null) {
  const context = new RouterContextProvider()
  context.set(envContext, parseEnv({ APP_URL: ORIGIN }))
  context.set(dbContext, db)
  context.set(billingContext, billing)
  context.set(loggerContext, createLogger('silent'))
  context.set(userContext, user)
  return context
}

/** A browser navigation (a link or a form without JavaScript). */
export function navigation(path: string, init: RequestInit = {}) {
  return new Request(ORIGIN + path, {
    ...init,
    headers: { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate', ...init.headers },
  })
}

/** A script's fetch(). */
export function scriptFetch(path: string, init: RequestInit = {}) {
  return new Request(ORIGIN + path, {
    ...init,
    headers: { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors', ...init.headers },
  })
}

/** Runs a loader/action that may throw its Response (redirects), and returns the Response. */
export async function respond(run: () => unknown): Promise<Response> {
  const asResponse = (value: unknown) => {
    if (value instanceof Response) return value
    // data(body, init), as React Router sends it.
    if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
      const { data, init } = value as { data: unknown; init: ResponseInit | null }
      return Response.json(data, init ?? undefined)
    }
    return null
  }
  try {
    const result = await run()
    return asResponse(result) ?? Response.json(result)
  } catch (thrown) {
    const response = asResponse(thrown)
    if (response) return response
    throw thrown
  }
}

/** The cookie toast a response carries, as the next page would show it. */
export async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return (await readToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast
}

export function sessionUser(id: string, email: string): SessionUser {
  return { id, email, full_name: 'Ana Corretora', role: 'user', accountId: id, accountRole: 'owner' }
}

/** POST /api/checkout with the form a plan card sends (`query`: lookupKey=…[&mode=embedded]). */
export function checkoutPost(query: string): [string, RequestInit] {
  return ['/api/checkout', { method: 'POST', body: new URLSearchParams(query) }]
}
