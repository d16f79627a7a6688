// A signed-in person without a password of their own (invited, or signed in with Google, or
// from a magic link) chooses one.
import { redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/set-password'
import { AuthCard } from '~/components/auth/auth-card'
import { NewPasswordForm } from '~/components/auth/new-password-form'
import { getAuthState } from '~/utils/auth.server'
import { updatePasswordAction } from '~/routes/auth/password-update.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Definir senha', matches)

function requireSession(context: Route.LoaderArgs['context']) {
  const state = getAuthState(context)
  if (!state.email) throw redirect(`/login?${new URLSearchParams({ redirectTo: '/definir-senha' })}`)
  if (state.mfaPending) throw redirect(`/login/verificacao?${new URLSearchParams({ redirectTo: '/definir-senha' })}`)
  return state
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireSession(context).email }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context)
  return updatePasswordAction(request, context)
}

export default function SetPassword() {
  const { email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AuthCard
      title="Definir senha"
      intro={
        <>
          Escolha uma senha para entrar com <strong>{email}</strong> e seu e-mail.
        </>
      }
    >
      <NewPasswordForm lastResult={actionData?.result} submitLabel="Salvar senha" />
    </AuthCard>
  )
}
