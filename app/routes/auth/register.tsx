import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/register'
import { AuthCard } from '~/components/auth/auth-card'
import { GoogleButton } from '~/components/auth/google-button'
import { TrialOffer } from '~/components/auth/trial-form'
import { Honeypot } from '~/components/auth/honeypot'
import { SubmitButton } from '~/components/ui/button'
import { AccountFields } from '~/components/auth/account-fields'
import { FormErrors } from '~/components/ui/field'
import { dbContext, userContext, authBackendContext } from '~/context'
import { authMessage, authMessages, tooManyAttemptsMessage } from '~/domain/auth-messages'
import { RegisterSchema } from '~/domain/auth-schemas'
import { getSupabase } from '~/utils/auth.server'
import { googleEnabled } from '~/utils/google-sign-in.server'
import { hitLimits, tooManyAttempts } from '~/workflows/auth-limits.server'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { clientIp, confirmUrl } from '~/utils/request-origin.server'
import { saveProfile } from '~/models/users.server'
import { authLimits } from '~/models/rate-limits.server'
import { redirectWithToast } from '~/utils/toast.server'
import { registerConstraint, type RegisterFields } from '~/domain/auth-constraints'
import { pageTitle } from '~/utils/meta'
import { safeRedirect } from '~/utils/redirect'
import { checkoutAnswer, PLANS_PAGE } from '~/routes/billing/checkout.server'
import { SAME_FOR_EVERY_GUEST } from '~/utils/guest-page'
import { readForm } from '~/utils/form-body.server'

export const handle = SAME_FOR_EVERY_GUEST

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Criar conta', matches)

const LOOKUP_KEY = /^[\w.-]{1,100}$/

/**
 * After registration: the plans page when a plan was chosen (the action itself starts
 * its checkout; a GET never does, ADR 210), else the given address, else the home page, whose
 * first steps offer the brand (ADR 215).
 */
function destination(lookupKey: string | undefined, redirectTo: string | undefined) {
  if (lookupKey) return PLANS_PAGE
  return safeRedirect(redirectTo)
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const redirectTo = safeRedirect(params.get('redirectTo'), '')
  const lookupKey = LOOKUP_KEY.test(params.get('lookupKey') ?? '') ? params.get('lookupKey')! : ''
  if (context.get(userContext))
    // Already signed in: home (or the given address).
    throw redirect(lookupKey ? PLANS_PAGE : safeRedirect(redirectTo))
  // "Entrar com Google" only where the auth backend in use offers it.
  return { redirectTo, lookupKey, google: await googleEnabled(context.get(authBackendContext)) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  if (honeypotFilled(formData))
    return data({ result: submission.reply({ hideFields, formErrors: [FORM_REJECTED] }) }, { status: 400 })
  const wait = await hitLimits(context, [[authLimits.signUpIp, clientIp(context)]])
  if (wait)
    return data(
      { result: submission.reply({ hideFields, formErrors: [tooManyAttemptsMessage(wait)] }) },
      tooManyAttempts(wait),
    )

  const { email, password, full_name, phone, lookupKey, redirectTo } = submission.value
  const next = destination(lookupKey, redirectTo)
  const { data: signedUp, error } = await getSupabase(context).auth.signUp({
    email,
    password,
    options: { data: { full_name, phone }, emailRedirectTo: confirmUrl(context, next) },
  })
  // An address that already has an account gets the page a new one gets (its owner, an e-mail
  // from the built-in API): a hosted Supabase without confirmations says user_already_exists,
  // answered the same (ADR 307).
  const taken = error?.code === 'user_already_exists' || error?.code === 'email_exists'
  if (error && !taken) {
    const field = error.code === 'weak_password' ? 'password' : error.code === 'validation_failed' ? 'email' : null
    const messages = error.code === 'weak_password' ? authMessages(error) : [authMessage(error)]
    return data(
      {
        result: submission.reply({
          hideFields,
          ...(field ? { fieldErrors: { [field]: messages } } : { formErrors: messages }),
        }),
      },
      { status: error.status === 429 ? 429 : 400 },
    )
  }
  // Waiting for its confirmation, the sign-up's answer may be one the auth service made up for an
  // address that already has an account (ADR 307): the profile is made from the name and phone
  // kept in the account's metadata when the link is opened (ensureProfile), not now.
  if (!taken && signedUp.session)
    await saveProfile(context.get(dbContext), { id: signedUp.user!.id, email, full_name, phone })
  if (taken || !signedUp.session)
    return redirectWithToast('/login', {
      type: 'info',
      title: 'Confira seu e-mail',
      description: `Enviamos um e-mail para ${email}. Abra-o para continuar.`,
    })
  // The chosen plan's checkout: on to the payment page (a POST, this one, starts it).
  if (lookupKey)
    return checkoutAnswer(
      context,
      request,
      { id: signedUp.session.user.id, email, full_name },
      { lookupKey, embedded: false },
      true,
    )
  throw redirect(next)
}

export default function Register() {
  const { redirectTo, lookupKey, google } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm<RegisterFields>({
    lastResult: actionData?.result,
    constraint: registerConstraint,
  })
  const loginLink = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'
  return (
    <AuthCard
      title="Criar conta"
      intro={
        <>
          Já tem conta?{' '}
          <Link to={loginLink} className="font-semibold text-brand-700 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {lookupKey ? <input type="hidden" name="lookupKey" value={lookupKey} /> : null}
        <AccountFields fields={fields} />
        <SubmitButton size="lg" block pendingText="Criando conta…">
          Criar conta
        </SubmitButton>
      </Form>
      {google ? <GoogleButton redirectTo={redirectTo || undefined} /> : null}
      <TrialOffer />
    </AuthCard>
  )
}
