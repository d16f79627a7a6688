// A person without a password of their own (invited, or signed in with Google, or from a magic
// link) chooses one. A guest route (ADR 215): signed out, e.g. an invite link opened in another
// browser or already used, the page says how to get here with a session: a new link by e-mail,
// or sign-in (ADR 215).
import { redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/set-password'
import { AuthCard } from '~/components/auth/auth-card'
import { NewPasswordForm } from '~/components/auth/new-password-form'
import { SignedOutNotice } from '~/components/auth/signed-out-notice'
import { getAuthState } from '~/utils/auth.server'
import { updatePasswordAction } from '~/routes/auth/password-update.server'
import { pageTitle } from '~/utils/meta'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Definir senha', matches)

const HERE = '/definir-senha'

/** The session's e-mail, or null signed out; a pending second factor is proved first. */
function sessionEmail(context: Route.LoaderArgs['context']) {
  const state = getAuthState(context)
  if (state.email && state.mfaPending) throw redirect(`/login/verificacao?${new URLSearchParams({ redirectTo: HERE })}`)
  return state.email ?? null
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: sessionEmail(context) }
}

export async function action({ request, context }: Route.ActionArgs) {
  // Signed out (the session ended while the form was open): the page, which says what to do.
  if (!sessionEmail(context))
    throw await redirectWithToast(HERE, {
      type: 'error',
      title: 'Sua sessão terminou',
      description: 'Abra de novo o link do e-mail para definir a senha.',
    })
  return updatePasswordAction(request, context)
}

export default function SetPassword() {
  const { email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (!email)
    return (
      <SignedOutNotice
        title="Definir senha"
        intro="Para escolher sua senha, abra o link que enviamos por e-mail: o convite da sua equipe ou a recuperação de senha. Ele traz você de volta a esta página com a sua conta."
        primary={{ to: '/esqueci-a-senha', label: 'Receber um novo link' }}
        secondary={{ to: `/login?${new URLSearchParams({ redirectTo: HERE })}`, label: 'Já tenho senha: entrar' }}
      >
        <p className="mb-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          O link expirou, já foi usado ou foi aberto em outro aparelho? Peça um novo com o seu e-mail: ele chega em
          poucos minutos.
        </p>
      </SignedOutNotice>
    )
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
