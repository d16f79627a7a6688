// /salvar-trabalho — "Salvar meu trabalho" (ADR 269): the anonymous visitor gives the
// registration's fields; once the e-mailed link is opened, the same user is an account with every
// post and property made during the trial. Works without JavaScript.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/save-work'
import { AuthCard } from '~/components/auth/auth-card'
import { SubmitButton } from '~/components/ui/button'
import { AccountFields } from '~/components/auth/account-fields'
import { FormErrors } from '~/components/ui/field'
import { saveWorkConstraint, type SaveWorkFields } from '~/domain/auth-constraints'
import { tooManyAttemptsMessage } from '~/domain/auth-messages'
import { SaveWorkSchema } from '~/domain/auth-schemas'
import { SAVE_WORK } from '~/domain/trial'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { tooManyAttempts } from '~/workflows/auth-limits.server'
import { saveWork } from '~/workflows/trial-session.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(SAVE_WORK, matches)

/** Only a visitor on trial has work to save; an account goes home. */
function requireVisitor(context: Route.LoaderArgs['context'], request: Request) {
  const user = requireUser(context, request)
  if (user.accountRole !== 'anonimo') throw redirect('/')
  return user
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireVisitor(context, request)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = requireVisitor(context, request)
  const submission = parseWithZod(await readForm(request), { schema: SaveWorkSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const saved = await saveWork(context, visitor, submission.value)
  if (saved.status === 'limited')
    return data(
      { result: submission.reply({ hideFields, formErrors: [tooManyAttemptsMessage(saved.wait)] }) },
      tooManyAttempts(saved.wait),
    )
  if (saved.status === 'refused') {
    const errors = saved.field ? { fieldErrors: { [saved.field]: saved.messages } } : { formErrors: saved.messages }
    return data({ result: submission.reply({ hideFields, ...errors }) }, { status: saved.tooMany ? 429 : 400 })
  }
  return redirectWithToast(request.url, {
    type: 'info',
    title: 'Confirme seu e-mail',
    description: `Enviamos um e-mail para ${submission.value.email}. Abra-o para salvar seu trabalho na sua conta.`,
  })
}

export default function SaveWork({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<SaveWorkFields>({
    lastResult: actionData?.result,
    constraint: saveWorkConstraint,
  })
  return (
    <div className="px-4 py-8">
      <AuthCard
        title={SAVE_WORK}
        intro="Crie sua conta com seu e-mail: os posts e o imóvel do teste passam para ela. É grátis."
      >
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <AccountFields fields={fields} />
          <SubmitButton size="lg" block pendingText="Salvando…">
            {SAVE_WORK}
          </SubmitButton>
        </Form>
        <p className="mt-4 text-sm text-slate-600">
          Enviamos um link de confirmação para o e-mail. Até você abrir o link, seu trabalho continua neste navegador.{' '}
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Voltar ao teste
          </Link>
        </p>
      </AuthCard>
    </div>
  )
}
