// Sign-out is a POST, and it lands on /login. A GET changes nothing.
import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { getSupabase } from '~/utils/auth.server'

export async function action({ context }: Route.ActionArgs) {
  // Ends this device's session; the library removes the cookies even when the service
  // answers 401/403/404 (session already gone).
  await getSupabase(context).auth.signOut({ scope: 'local' })
  // The phone may be handed to someone else: the browser forgets what this site kept (its HTTP
  // cache of the account's private photos, the installed app's caches and offline outbox).
  return redirect('/login', { headers: { 'Clear-Site-Data': '"cache", "storage"' } })
}

export function loader() {
  return redirect('/')
}
