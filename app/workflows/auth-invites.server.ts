// An invitation for someone with no account yet goes through the auth service's invite
// (supabase-js admin.inviteUserByEmail): following its link creates the account, signs it in and
// lands on `next` (e.g. the team invite page).
import type { RouterContextProvider } from 'react-router'
import { authBackendContext, dbContext, loggerContext } from '~/context'
import { hasProfileWithEmail } from '~/models/users.server'
import { createAdminClient } from '~/utils/auth.server'
import { confirmUrl } from '~/utils/request-origin.server'

type Context = Readonly<RouterContextProvider>

/**
 * Sends the auth service's invite to `email` when no one has a profile with it; false when the
 * person already has an account (or the service refused), so the caller sends its own e-mail.
 */
export async function inviteNewPerson(
  context: Context,
  email: string,
  next: string,
  data: { invited_by: string },
): Promise<boolean> {
  if (await hasProfileWithEmail(context.get(dbContext), email)) return false
  const { error } = await createAdminClient(context.get(authBackendContext)).auth.admin.inviteUserByEmail(email, {
    redirectTo: confirmUrl(context, next),
    data,
  })
  if (error) {
    // email_exists: an account that never opened the app; it signs in and follows the team's link.
    if (error.code !== 'email_exists')
      context.get(loggerContext).warn('auth invite not sent', { code: error.code, status: error.status })
    return false
  }
  return true
}
