// Account deletion (/minha-conta/privacidade) once the password is typed again: an agency's
// owner says first what happens to the team's work, a member's pieces pass to the owner, then
// the subscription, the files and the rows go.
import type { RouterContextProvider } from 'react-router'
import { billingContext, dbContext, loggerContext, storageContext, authBackendContext } from '~/context'
import type { SessionUser } from '~/context'
import { BillingProviderError } from '~/integrations/stripe/billing.server'
import { deleteAccount } from '~/workflows/account.server'
import { passwordIsCorrect } from '~/utils/auth.server'
import { authUserDeleter } from '~/workflows/trial-cleanup-job.server'
import { memberCount, reassignToOwner } from '~/models/team.server'

type Context = Readonly<RouterContextProvider>

export type DeleteAccountOutcome =
  | { status: 'agency-unconfirmed' }
  | { status: 'wrong-password' }
  | { status: 'billing-unavailable' }
  | { status: 'deleted' }

export async function deleteOwnAccount(
  context: Context,
  user: SessionUser,
  input: { password: string; agency?: 'delete' },
): Promise<DeleteAccountOutcome> {
  const db = context.get(dbContext)
  // The owner of an agency with a team says first what happens to it (ADR 218).
  if (user.accountRole === 'owner' && (await memberCount(db, user.id)) > 0 && input.agency !== 'delete')
    return { status: 'agency-unconfirmed' }
  if (!(await passwordIsCorrect(context.get(authBackendContext), user.email, input.password)))
    return { status: 'wrong-password' }
  const deps = {
    db,
    storage: context.get(storageContext),
    billing: context.get(billingContext),
    logger: context.get(loggerContext),
    deleteAuthUser: authUserDeleter(context.get(authBackendContext)),
  }
  try {
    // A member's pieces stay with the agency: what they were responsible for passes to the owner.
    if (user.accountRole !== 'owner') await reassignToOwner(db, user.id)
    await deleteAccount(deps, user.id)
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error
    return { status: 'billing-unavailable' }
  }
  return { status: 'deleted' }
}
