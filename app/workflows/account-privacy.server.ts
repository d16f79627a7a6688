// The form-reader of /minha-conta/privacidade: account deletion after the password is typed
// again (and the word EXCLUIR), then sign-out and the login page.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { billingContext, dbContext, loggerContext, storageContext, authBackendContext } from '~/context'
import { DeleteAccountSchema } from '~/domain/account-schemas'
import { BillingProviderError } from '~/integrations/stripe/billing.server'
import { deleteAccount } from '~/workflows/account.server'
import { createAdminClient, getSupabase, passwordIsCorrect } from '~/utils/auth.server'
import { requireUser } from '~/utils/session.server'
import { memberCount, reassignToOwner } from '~/models/team.server'

export const AGENCY_CONFIRMATION_MESSAGE =
  'Marque que a imobiliária e tudo o que a equipe fez serão excluídos, ou remova a equipe antes.'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>

/** The auth user at the auth service (hosted Supabase); the built-in one is gone with the rows. */
function authUserDeleter(context: Context) {
  return async (userId: string) => {
    const { error } = await createAdminClient(context.get(authBackendContext)).auth.admin.deleteUser(userId)
    if (error && error.status !== 404) throw error
  }
}

export async function deleteAccountAction(request: Request, context: Context) {
  const user = requireUser(context, request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const db = context.get(dbContext)
  // The owner of an agency with a team says first what happens to it (ADR 218).
  if (user.accountRole === 'owner' && (await memberCount(db, user.id)) > 0 && formData.get('agency') !== 'delete')
    return data(
      { result: submission.reply({ hideFields, fieldErrors: { agency: [AGENCY_CONFIRMATION_MESSAGE] } }) },
      { status: 400 },
    )
  if (!(await passwordIsCorrect(context.get(authBackendContext), user.email, submission.value.password)))
    return data(
      { result: submission.reply({ hideFields, fieldErrors: { password: ['Senha incorreta'] } }) },
      { status: 400 },
    )
  const deps = {
    db: context.get(dbContext),
    storage: context.get(storageContext),
    billing: context.get(billingContext),
    logger: context.get(loggerContext),
    deleteAuthUser: authUserDeleter(context),
  }
  try {
    // A member's pieces stay with the agency: what they were responsible for passes to the owner.
    if (user.accountRole !== 'owner') await reassignToOwner(db, user.id)
    await deleteAccount(deps, user.id)
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error
    const message = 'Não foi possível cancelar a assinatura agora. Nada foi excluído; tente de novo em alguns minutos.'
    return data({ result: submission.reply({ hideFields, formErrors: [message] }) }, { status: 400 })
  }
  // The session is gone with the account: drop the cookies (the service's 401 is ignored).
  await getSupabase(context)
    .auth.signOut({ scope: 'local' })
    .catch(() => undefined)
  return redirectWithToast('/login', {
    type: 'success',
    title: 'Conta excluída',
    description: 'Seus dados, fotos e posts foram apagados e a assinatura foi cancelada.',
  })
}
