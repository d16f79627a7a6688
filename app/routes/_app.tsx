import { Outlet } from 'react-router'
import type { Route } from './+types/_app'
import { requireUser } from '~/utils/session.server'

/** Default layout: every page below needs a signed-in user. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    requireUser(context, request)
  },
]

export default function AppLayout() {
  return <Outlet />
}
