// /experimentar — "Experimente sem cadastro" (ADR 269): an anonymous session and a sample
// property of the visitor's own, then the templates to make a post from it. The button on /login
// and /registrar posts here; a GET shows the same offer on its own page. No JavaScript needed.
import { data, Link, redirect, useActionData } from 'react-router'
import type { Route } from './+types/trial'
import { AuthCard } from '~/components/auth/auth-card'
import { TrialForm } from '~/components/auth/trial-form'
import { userContext } from '~/context'
import { tooManyAttemptsMessage } from '~/domain/auth-messages'
import { ANONYMOUS_TRIAL } from '~/domain/billing'
import { pageTitle } from '~/utils/meta'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'
import { redirectWithToast } from '~/utils/toast.server'
import { tooManyAttempts } from '~/workflows/auth-limits.server'
import { startTrial } from '~/workflows/trial-session.server'
import { readForm } from '~/utils/form-body.server'

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Experimente sem cadastro', matches)

export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect('/')
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  if (honeypotFilled(formData)) return data({ errors: [FORM_REJECTED] }, { status: 400 })
  // Signed in already (a visitor who tried before, or an agent): on to their work.
  if (context.get(userContext)) throw redirect('/')
  const trial = await startTrial(context)
  if (trial.status === 'limited')
    return data({ errors: [tooManyAttemptsMessage(trial.wait)] }, tooManyAttempts(trial.wait))
  if (trial.status === 'refused') return data({ errors: trial.messages }, { status: trial.tooMany ? 429 : 400 })
  return redirectWithToast(`/modelos?${new URLSearchParams({ imovel: String(trial.homeId) })}`, {
    type: 'success',
    title: 'Seu teste começou',
    description: 'Escolha um modelo para fazer o primeiro post do imóvel de exemplo.',
  })
}

export default function Trial() {
  const actionData = useActionData<typeof action>()
  return (
    <AuthCard
      title="Experimente sem cadastro"
      intro={
        <>
          Já tem conta?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <ul className="mb-6 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>Você recebe um imóvel de exemplo, com fotos e planta.</li>
        <li>Faça até {ANONYMOUS_TRIAL.entitlements.postsPerMonth} posts e baixe as imagens.</li>
        <li>Gostou? Salve seu trabalho com seu e-mail e continue de onde parou.</li>
      </ul>
      <TrialForm errors={actionData && 'errors' in actionData ? actionData.errors : undefined} />
      <p className="mt-4 text-xs text-slate-600">Um teste sem uso por 7 dias é apagado, com as fotos e os posts.</p>
    </AuthCard>
  )
}
