import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/login'
import { AuthCard } from '~/components/auth/auth-card'
import { TrialOffer } from '~/components/auth/trial-form'
import { LoginIntro } from '~/components/auth/login-intro'
import { GoogleButton } from '~/components/auth/google-button'
import { Honeypot } from '~/components/auth/honeypot'
import { LinkButton, SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import { authBackendContext } from '~/context'
import { authMessage, GOOGLE_SIGN_IN_FAILED, tooManyAttemptsMessage } from '~/domain/auth-messages'
import { LoginSchema } from '~/domain/auth-schemas'
import { getSupabase, signInPageTarget } from '~/utils/auth.server'
import { signInFailed, signInSucceeded, signInWait, tooManyAttempts } from '~/workflows/auth-limits.server'
import { googleEnabled, startGoogleSignIn } from '~/utils/google-sign-in.server'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { confirmUrl } from '~/utils/request-origin.server'
import { redirectWithToast } from '~/utils/toast.server'
import { loginConstraint, type LoginFields } from '~/domain/auth-constraints'
import { pageTitle } from '~/utils/meta'
import { redirectAfterSignIn, safeRedirect, withRedirectTo } from '~/utils/redirect'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'
import { readForm } from '~/utils/form-body.server'

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Entrar', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = signInPageTarget(context, request)
  // "Entrar com Google" only where the auth backend in use offers it.
  return { redirectTo, google: await googleEnabled(context.get(authBackendContext)) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  if (formData.get('intent') === 'google') return google(context, formData)

  const submission = parseWithZod(formData, { schema: LoginSchema })
  const reply = (formErrors?: string[]) =>
    submission.reply({ hideFields: ['password'], ...(formErrors ? { formErrors } : {}) })
  if (submission.status !== 'success') return data({ result: reply() }, { status: 400 })
  if (honeypotFilled(formData)) return data({ result: reply([FORM_REJECTED]) }, { status: 400 })

  const { email, password } = submission.value
  const redirectTo = safeRedirect(submission.value.redirectTo)
  const wait = await signInWait(context, email)
  if (wait) return data({ result: reply([tooManyAttemptsMessage(wait)]) }, tooManyAttempts(wait))

  const { data: signedIn, error } = await getSupabase(context).auth.signInWithPassword({ email, password })
  if (error) {
    if (error.code === 'invalid_credentials') await signInFailed(context, email)
    return data({ result: reply([authMessage(error)]) }, { status: error.status === 429 ? 429 : 400 })
  }
  await signInSucceeded(context, email)
  // A verified second factor is owed before any protected page (aal1 → aal2).
  if (signedIn.user.factors?.some((factor) => factor.status === 'verified'))
    throw redirect(withRedirectTo('/login/verificacao', redirectTo))
  throw redirectAfterSignIn(redirectTo)
}

async function google(context: Route.ActionArgs['context'], formData: FormData) {
  const redirectTo = safeRedirect(formData.get('redirectTo'))
  const url = await startGoogleSignIn(
    context.get(authBackendContext),
    getSupabase(context),
    confirmUrl(context, redirectTo),
  )
  if (!url)
    return redirectWithToast(withRedirectTo('/login', redirectTo === '/' ? '' : redirectTo), {
      type: 'error',
      title: 'Login com o Google',
      description: GOOGLE_SIGN_IN_FAILED,
    })
  throw redirect(url)
}

export default function Login() {
  const { redirectTo, google } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm<LoginFields>({
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: { redirectTo },
    constraint: loginConstraint,
  })
  return (
    <div className="md:grid md:grid-cols-[1fr_28rem] md:items-center md:gap-10">
      <LoginIntro />
      <AuthCard
        title="Entrar"
        intro={
          <>
            Ainda não tem conta?{' '}
            <Link
              to={withRedirectTo('/registrar', redirectTo)}
              className="font-semibold text-brand-700 hover:underline"
            >
              Criar conta
            </Link>
          </>
        }
      >
        <Form method="post" {...getFormProps(form)} className="relative">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Honeypot />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" className="mb-4" />
          <TextField
            meta={fields.password}
            label="Senha"
            type="password"
            autoComplete="current-password"
            className="mb-4"
          />
          <p className="-mt-3 mb-2 flex justify-end text-sm">
            <Link to="/esqueci-a-senha" className="flex min-h-11 items-center text-brand-700 hover:underline">
              Esqueci a senha
            </Link>
          </p>
          <SubmitButton size="lg" block pendingText="Entrando…">
            Entrar
          </SubmitButton>
        </Form>
        <LinkButton
          to={withRedirectTo('/login/codigo', redirectTo)}
          variant="secondary"
          size="lg"
          block
          className="mt-3"
        >
          Entrar com código
        </LinkButton>
        {google ? <GoogleButton redirectTo={redirectTo || undefined} /> : null}
        <TrialOffer />
      </AuthCard>
    </div>
  )
}
