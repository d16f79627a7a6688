// Reached from the recovery e-mail (through /confirm, which opened a session).
import { redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/reset-password'
import { AuthCard } from '~/components/auth/auth-card'
import { NewPasswordForm } from '~/components/auth/new-password-form'
import { getAuthState } from '~/utils/auth.server'
import { updatePasswordAction } from '~/routes/auth/password-update.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Redefinir senha', matches)

async function requireRecoverySession(context: Route.LoaderArgs['context']) {
  const state = getAuthState(context)
  if (!state.email)
    throw await redirectWithToast('/esqueci-a-senha', {
      type: 'error',
      title: 'O link do e-mail é inválido ou expirou.',
      description: 'Peça um novo link abaixo.',
    })
  if (state.mfaPending) throw redirect(`/login/verificacao?${new URLSearchParams({ redirectTo: '/redefinir-senha' })}`)
  return state
}

export async function loader({ context }: Route.LoaderArgs) {
  const state = await requireRecoverySession(context)
  return { email: state.email }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRecoverySession(context)
  return updatePasswordAction(request, context)
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AuthCard
      title="Redefinir senha"
      intro={
        <>
          Crie uma nova senha para <strong>{email}</strong>.
        </>
      }
    >
      <NewPasswordForm lastResult={actionData?.result} submitLabel="Salvar nova senha" />
    </AuthCard>
  )
}
