// Guards used by layouts and routes. The auth middleware (auth.server.ts) fills userContext.
import { data, redirect, type RouterContextProvider } from 'react-router'
import { userContext, type SessionUser } from '~/context'
import { can, type Permission } from '~/domain/team'

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

/**
 * The signed-in person, if their role in the account allows `permission` (ADR 218); else 403
 * with a pt-BR page. Another account's data is a 404 elsewhere: scoping by the account does that.
 */
export function requirePermission(
  context: Readonly<RouterContextProvider>,
  request: Request,
  permission: Permission,
): SessionUser {
  const user = requireUser(context, request)
  if (!can(user.accountRole, permission)) throw forbidden()
  return user
}

export function forbidden() {
  return data('Seu papel na equipe não permite esta ação. Fale com o dono da conta.', { status: 403 })
}
