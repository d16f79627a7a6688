// Guards used by layouts and routes. The auth middleware (auth.server.ts) fills userContext.
import { data, redirect, type RouterContextProvider } from 'react-router'
import { userContext, type SessionUser } from '~/context'
import type { AccountRole } from '~/context'
import { can, READ_ONLY_MESSAGE, reaches, type Action } from '~/domain/team'

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
  permission: Action,
): SessionUser {
  const user = requireUser(context, request)
  if (!can(user.accountRole, permission)) throw forbidden(user.accountRole, permission)
  return user
}

/**
 * The signed-in person, if their role reaches `action` at all (a corretor schedules their own
 * posts); else 403. What an anonymous visitor is refused explains why and offers "Salvar meu
 * trabalho" (ADR 269).
 */
export function requireReach(context: Readonly<RouterContextProvider>, request: Request, action: Action): SessionUser {
  const user = requireUser(context, request)
  if (!reaches(user.accountRole, action)) throw forbidden(user.accountRole, action)
  return user
}

/**
 * The person's own pages, whose forms change nothing of the team's: a member beyond the seats
 * (ADR 306) still changes their password or profile, leaves the team or deletes their account.
 */
const PERSONAL_PAGES = ['/minha-conta/perfil', '/minha-conta/seguranca', '/minha-conta/privacidade', '/salvar-trabalho']

/**
 * The layout's guard of every form and upload (ADR 306): one whose role reaches no edit at all
 * (POLICY: a member beyond the seats) is refused before the route's action, whether the action
 * asks the policy (an edit) or not (a new property, a video, a kit).
 */
export function requireWriteAccess(context: Readonly<RouterContextProvider>, request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const user = requireUser(context, request)
  if (reaches(user.accountRole, 'edit')) return
  const path = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/$/, '')
  if (PERSONAL_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return
  throw forbidden(user.accountRole, 'edit')
}

/** What the trial leaves out, said to the visitor (the error page adds "Salvar meu trabalho"). */
const TRIAL_REFUSALS: Partial<Record<Action, string>> = {
  schedule: 'Agendar publicações é para quem tem conta.',
  'edit-publication': 'Agendar publicações é para quem tem conta.',
  brand: 'A marca, a página pública e as integrações são para quem tem conta.',
  billing: 'Assinar um plano é para quem tem conta.',
  team: 'Montar uma equipe é para quem tem conta.',
}
const TRIAL_WAY_ON =
  'Salve seu trabalho com seu e-mail: é grátis, leva um minuto e os posts que você fez continuam na sua conta.'

/** The body of the trial's 403: the error page shows the text and the "Salvar meu trabalho" call. */
export type SaveWorkRefusal = { saveWork: string }

export function forbidden(role?: AccountRole, action?: Action) {
  if (role === 'anonimo') {
    const what = (action && TRIAL_REFUSALS[action]) ?? 'Esta parte do Vitrine é para quem tem conta.'
    return data<SaveWorkRefusal>({ saveWork: `${what} ${TRIAL_WAY_ON}` }, { status: 403 })
  }
  if (role === 'leitura') return data(READ_ONLY_MESSAGE, { status: 403 })
  return data('Seu papel na equipe não permite esta ação. Fale com o dono da conta.', { status: 403 })
}
