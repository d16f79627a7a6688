// The second step of sign-in for an account with a verified TOTP factor (aal1 → aal2).
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/login-2fa'
import { AuthCard } from '~/components/auth/auth-card'
import { Button, SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import { userContext } from '~/context'
import { authMessage, tooManyAttemptsMessage } from '~/domain/auth-messages'
import { totpCodeConstraint, type TotpCodeFields } from '~/domain/auth-constraints'
import { TotpCodeSchema } from '~/domain/auth-schemas'
import { getAuthState, getSupabase } from '~/utils/auth.server'
import { countFailure, exhaustedLimits, tooManyAttempts } from '~/workflows/auth-limits.server'
import { clientIp } from '~/utils/request-origin.server'
import { authLimits } from '~/models/rate-limits.server'
import { pageTitle } from '~/utils/meta'
import { redirectAfterSignIn, safeRedirect } from '~/utils/redirect'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Verificação em duas etapas', matches)

function guard(context: Route.LoaderArgs['context'], redirectTo: string) {
  if (context.get(userContext)) throw redirect(redirectTo)
  const state = getAuthState(context)
  if (!state.mfaPending) throw redirect('/login')
  return state
}

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  const state = guard(context, redirectTo)
  return { redirectTo, email: state.email }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: TotpCodeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const redirectTo = safeRedirect(submission.value.redirectTo)
  const state = guard(context, redirectTo)
  const limits: [typeof authLimits.verifyIp, string][] = [
    [authLimits.verifyIp, clientIp(context)],
    [authLimits.verifyUser, state.email ?? 'unknown'],
  ]
  const wait = await exhaustedLimits(context, limits)
  if (wait)
    return data({ result: submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }) }, tooManyAttempts(wait))
  const supabase = getSupabase(context)
  const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
  const factor = factors?.totp[0]
  if (listError || !factor) throw redirect('/login')
  const { error } = await supabase.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: submission.value.code,
  })
  if (error) {
    await countFailure(context, limits)
    return data({ result: submission.reply({ fieldErrors: { code: [authMessage(error)] } }) }, { status: 400 })
  }
  throw redirectAfterSignIn(redirectTo)
}

export default function TwoFactorChallenge() {
  const { redirectTo, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm<TotpCodeFields>({
    lastResult: actionData?.result,
    constraint: totpCodeConstraint,
  })
  return (
    <AuthCard
      title="Verificação em duas etapas"
      intro={
        <>
          Abra o aplicativo autenticador e digite o código de 6 números da conta <strong>{email}</strong>.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          meta={fields.code}
          label="Código de verificação"
          autoComplete="one-time-code"
          inputMode="numeric"
          className="mb-4"
        />
        <SubmitButton size="lg" block pendingText="Verificando…">
          Verificar
        </SubmitButton>
      </Form>
      <Form method="post" action="/logout" className="mt-4 text-center text-sm">
        <Button variant="link">Entrar com outra conta</Button>
      </Form>
    </AuthCard>
  )
}
