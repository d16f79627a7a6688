import { NavLink, Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdmin } from '~/utils/session.server'

/** Admin section: a signed-in user with the admin role (docs/principles.md "Auth"). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    requireAdmin(context, request)
  },
]

export default function AdminLayout() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label="Administração" className="mb-6 flex gap-4 text-sm [&>a]:flex [&>a]:min-h-11 [&>a]:items-center">
        <NavLink to="/admin" end className="text-slate-600 hover:text-slate-900">
          Painel
        </NavLink>
        <NavLink to="/admin/templates" className="text-slate-600 hover:text-slate-900">
          Modelos
        </NavLink>
        <NavLink to="/admin/usuarios" className="text-slate-600 hover:text-slate-900">
          Usuários
        </NavLink>
      </nav>
      <Outlet />
    </div>
  )
}
