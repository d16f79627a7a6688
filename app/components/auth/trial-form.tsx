// "Experimente sem cadastro" (ADR 269): one button, a POST to /experimentar, on /login,
// /registrar and /experimentar itself. Plain HTML: it works without JavaScript.
import { Form, useNavigation } from 'react-router'
import { Honeypot } from '~/components/auth/honeypot'
import { Button } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/field'

export const TRIAL_ACTION = '/experimentar'

export function TrialForm({ errors, variant = 'primary' }: { errors?: string[]; variant?: 'primary' | 'secondary' }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formAction === TRIAL_ACTION
  return (
    <Form method="post" action={TRIAL_ACTION} className="relative">
      <FormErrors id="experimentar-erros" errors={errors} />
      <Honeypot />
      <Button
        type="submit"
        size="lg"
        block
        variant={variant}
        disabled={pending}
        pending={pending}
        pendingText="Preparando seu teste…"
      >
        Experimente sem cadastro
      </Button>
    </Form>
  )
}

/** Below a sign-in or sign-up form: "ou", then the trial. */
export function TrialOffer() {
  return (
    <>
      <div className="mt-4 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        ou
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="mt-4">
        <TrialForm variant="secondary" />
        <p className="mt-1 text-center text-xs text-slate-600">
          Faça um post de um imóvel de exemplo, sem e-mail nem senha.
        </p>
      </div>
    </>
  )
}
