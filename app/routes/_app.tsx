import { Outlet } from 'react-router'
import type { Route } from './+types/_app'
import { SignedInNav } from '~/components/app-nav'
import type { NavHandle } from '~/components/app-shell'
import { requireUser, requireWriteAccess } from '~/utils/session.server'

/** Default layout: every page below needs a signed-in user; a form, one who may write (ADR 306). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    requireUser(context, request)
    requireWriteAccess(context, request)
  },
]

/** The header's navigation of every area, loaded with these pages only (ADR 215). */
export const handle: NavHandle = { nav: SignedInNav }

export default function AppLayout() {
  return <Outlet />
}
