// The root middleware of auth (ADR 010, 011): the request's Supabase client and the signed-in
// person in router context, the session cookies written on the way out.
import type { SupabaseClient } from '@supabase/supabase-js'
import { type MiddlewareFunction } from 'react-router'
import {
  dbContext,
  userContext,
  type SessionUser,
  authBackendContext,
  authStateContext,
  supabaseContext,
} from '~/context'
import { ensureProfile } from '~/models/auth-profiles.server'
import {
  type AuthState,
  type PendingCookie,
  authStateOf,
  confirmSession,
  createRequestClient,
  dropCodeVerifiers,
  isSessionCookie,
  hasSessionCookie,
  sessionCookieKey,
  storageKeyOf,
  withSessionHeaders,
} from '~/utils/auth.server'

/** Root middleware: client and user into context; session cookies onto the response. */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The auth API itself needs no session of its own.
  if (new URL(request.url).pathname.startsWith('/auth/v1')) return next()
  const backend = context.get(authBackendContext)
  const pending: PendingCookie[] = []
  let client: SupabaseClient | undefined
  const supabase = () => (client ??= createRequestClient(backend, request, pending))
  context.set(supabaseContext, supabase)

  const storageKey = storageKeyOf(backend)
  const hadSession = hasSessionCookie(request, storageKey)
  let user: SessionUser | null = null
  let state: AuthState = { aal: null, nextAal: null, mfaPending: false, email: null }
  const confirmed = hadSession
    ? await confirmSession(
        backend,
        supabase,
        sessionCookieKey(request.headers.get('Cookie') ?? '', storageKey),
        pending,
      )
    : null
  if (confirmed) {
    state = authStateOf(confirmed)
    const profile = await ensureProfile(context.get(dbContext), confirmed.authUser)
    if (!state.mfaPending) user = profile
  }
  context.set(authStateContext, state)
  context.set(userContext, user)

  const response = await next()
  // Signed in now (a session confirmed and kept, or one just written): no verifier is needed.
  const sessionWritten = pending.some((c) => isSessionCookie(c.name, storageKey) && c.value)
  const sessionCleared = pending.some((c) => isSessionCookie(c.name, storageKey) && !c.value)
  if (sessionWritten || (confirmed && !sessionCleared))
    dropCodeVerifiers(pending, request.headers.get('Cookie') ?? '', storageKey)
  return withSessionHeaders(response, pending, hadSession || pending.length > 0)
}

/**
 * Writes the pending auth cookies. A response that sets them, or that was made for a session,
 * is `private, no-store` — unless its route already chose a private policy (e.g. a signed-in
 * person's image that the browser, and only the browser, may keep).
 */
