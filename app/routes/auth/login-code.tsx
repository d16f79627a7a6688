// "Entrar com código": the e-mail, then the six digits the auth service e-mailed (with a link
// that signs in too). Works without JavaScript; a second factor is still asked afterwards.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/login-code'
import { AuthCard } from '~/components/auth/auth-card'
import { Honeypot } from '~/components/auth/honeypot'
import { Button, SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import {
  loginCodeConstraint,
  loginCodeEmailConstraint,
  type LoginCodeEmailFields,
  type LoginCodeFields,
} from '~/domain/auth-constraints'
import { LoginCodeEmailSchema, LoginCodeSchema } from '~/domain/auth-schemas'
import { signInPageTarget } from '~/utils/auth.server'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { pageTitle } from '~/utils/meta'
import { redirectAfterSignIn, safeRedirect, withRedirectTo } from '~/utils/redirect'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'
import { tooManyAttempts } from '~/workflows/auth-limits.server'
import { sendLoginCode, signInWithCode } from '~/workflows/login-code.server'
import { readForm } from '~/utils/form-body.server'

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Entrar com código', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = signInPageTarget(context, request)
  return { redirectTo }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  if (formData.get('intent') === 'verify') return verify(context, formData)
  // 'send' (the first step), and 'resend' from the second.
  const submission = parseWithZod(formData, { schema: LoginCodeEmailSchema })
  if (submission.status !== 'success') return data({ step: 'email' as const, result: submission.reply() }, 400)
  if (honeypotFilled(formData))
    return data({ step: 'email' as const, result: submission.reply({ formErrors: [FORM_REJECTED] }) }, 400)
  const { email } = submission.value
  const sent = await sendLoginCode(context, email, safeRedirect(submission.value.redirectTo))
  if (!sent.ok)
    return data(
      { step: 'email' as const, result: submission.reply({ formErrors: [sent.message] }) },
      sent.wait ? tooManyAttempts(sent.wait) : { status: sent.status },
    )
  return { step: 'code' as const, email, resent: formData.get('intent') === 'resend', result: undefined }
}

async function verify(context: Route.ActionArgs['context'], formData: FormData) {
  const submission = parseWithZod(formData, { schema: LoginCodeSchema })
  const email = String(formData.get('email') ?? '')
  const reply = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    ({ step: 'code' as const, email, resent: false, result: submission.reply(errors) }) as const
  if (submission.status !== 'success') return data(reply(), 400)
  const redirectTo = safeRedirect(submission.value.redirectTo)
  const outcome = await signInWithCode(context, submission.value.email, submission.value.code)
  if (!outcome.ok) {
    const errors = outcome.field ? { fieldErrors: { code: [outcome.message] } } : { formErrors: [outcome.message] }
    return data(reply(errors), outcome.wait ? tooManyAttempts(outcome.wait) : { status: outcome.status })
  }
  if (outcome.secondFactorOwed) throw redirect(withRedirectTo('/login/verificacao', redirectTo))
  throw redirectAfterSignIn(redirectTo)
}

export default function LoginWithCode() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return actionData?.step === 'code' ? (
    <CodeStep
      email={actionData.email}
      resent={actionData.resent}
      redirectTo={redirectTo}
      lastResult={actionData.result}
    />
  ) : (
    <EmailStep redirectTo={redirectTo} lastResult={actionData?.result} />
  )
}

type LastResult = SubmissionResult<string[]> | undefined

function EmailStep({ redirectTo, lastResult }: { redirectTo: string; lastResult: LastResult }) {
  const [form, fields] = useForm<LoginCodeEmailFields>({
    lastResult,
    defaultValue: { redirectTo },
    constraint: loginCodeEmailConstraint,
  })
  return (
    <AuthCard
      title="Entrar com código"
      intro="Enviamos um código de 6 números para o seu e-mail. Sem senha para lembrar."
    >
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" className="mb-4" />
        <SubmitButton size="lg" block name="intent" value="send" pendingText="Enviando…">
          Enviar código
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link
          to={withRedirectTo('/login', redirectTo)}
          className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
        >
          Entrar com senha
        </Link>
      </p>
    </AuthCard>
  )
}

function CodeStep({
  email,
  resent,
  redirectTo,
  lastResult,
}: {
  email: string
  resent: boolean
  redirectTo: string
  lastResult: LastResult
}) {
  const [form, fields] = useForm<LoginCodeFields>({
    id: `login-code-${email}`,
    lastResult,
    constraint: loginCodeConstraint,
  })
  return (
    <AuthCard
      title="Digite o código"
      intro={
        <>
          {resent ? 'Enviamos um novo código' : 'Se houver uma conta com'} <strong>{email}</strong>
          {resent ? '.' : ', enviamos para ela um código de 6 números.'} Ele vale por 1 hora. Você também pode abrir o
          link do e-mail neste aparelho.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          meta={fields.code}
          label="Código do e-mail"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          className="mb-4"
        />
        <SubmitButton size="lg" block name="intent" value="verify" pendingText="Entrando…">
          Entrar
        </SubmitButton>
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button variant="link" name="intent" value="resend">
            Reenviar código
          </Button>
        </Form>
        <Link
          to={withRedirectTo('/login/codigo', redirectTo)}
          className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
        >
          Usar outro e-mail
        </Link>
      </div>
    </AuthCard>
  )
}
