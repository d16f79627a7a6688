// Guards used by layouts and routes. The auth middleware (auth.server.ts) fills userContext.
import { data, redirect, type RouterContextProvider } from 'react-router'
import { userContext, type SessionUser } from '~/context'

/** The signed-in user, or a redirect to /login?redirectTo=<path and query>. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = context.get(userContext)
  if (user) return user
  const url = new URL(request.url)
  const redirectTo = url.pathname + url.search
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`)
}

export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request)
  if (user.role !== 'admin') throw data('Acesso restrito a administradores.', { status: 403 })
  return user
}
