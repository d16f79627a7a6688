import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData } from 'react-router'
import type { Route } from './+types/forgot-password'
import { AuthCard } from '~/components/auth/auth-card'
import { Honeypot } from '~/components/auth/honeypot'
import { SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import { authMessage, tooManyAttemptsMessage } from '~/domain/auth-messages'
import { ForgotPasswordSchema } from '~/domain/auth-schemas'
import { getSupabase } from '~/utils/auth.server'
import { hitLimits, recoveryLimits, tooManyAttempts } from '~/workflows/auth-limits.server'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { confirmUrl } from '~/utils/request-origin.server'
import { redirectWithToast } from '~/utils/toast.server'
import { forgotPasswordConstraint, type ForgotPasswordFields } from '~/domain/auth-constraints'
import { pageTitle } from '~/utils/meta'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'
import { readForm } from '~/utils/form-body.server'

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Esqueci a senha', matches)

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (honeypotFilled(formData))
    return data({ result: submission.reply({ formErrors: [FORM_REJECTED] }) }, { status: 400 })
  const { email } = submission.value
  const wait = await hitLimits(context, recoveryLimits(context, email))
  if (wait)
    return data({ result: submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }) }, tooManyAttempts(wait))
  const { error } = await getSupabase(context).auth.resetPasswordForEmail(email, {
    redirectTo: confirmUrl(context, '/redefinir-senha'),
  })
  // The same answer whether or not the address has an account.
  if (error && error.code !== 'over_email_send_rate_limit')
    return data({ result: submission.reply({ formErrors: [authMessage(error)] }) }, { status: 400 })
  return redirectWithToast('/login', {
    type: 'info',
    title: 'Verifique seu e-mail',
    description: `Se houver uma conta com ${email}, você vai receber um link para criar uma nova senha.`,
  })
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm<ForgotPasswordFields>({
    lastResult: actionData?.result,
    constraint: forgotPasswordConstraint,
  })
  return (
    <AuthCard
      title="Esqueci a senha"
      intro="Informe o e-mail da sua conta. Vamos enviar um link para você criar uma nova senha."
    >
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" className="mb-4" />
        <SubmitButton size="lg" block pendingText="Enviando…">
          Enviar link
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
          Voltar para o login
        </Link>
      </p>
    </AuthCard>
  )
}
