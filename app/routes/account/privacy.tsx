// /minha-conta/privacidade — the person's rights over their data (LGPD art. 18): download all
// of it as a zip, choose cookies, delete the account (password typed again).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/privacy'
import { ConsentPreferencesForm } from '~/components/consent/consent-form'
import { buttonClass, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import { DELETE_CONFIRMATION, DeleteAccountSchema } from '~/domain/account-schemas'
import type { ConsentState } from '~/domain/consent'
import { pageTitle } from '~/utils/meta'
import { dbContext } from '~/context'
import { memberCount } from '~/models/team.server'
import { AgencyChoice } from '~/components/account/team'
import { getSupabase } from '~/utils/auth.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { deleteOwnAccount } from '~/workflows/account-privacy.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Privacidade', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const team = user.accountRole === 'owner' ? await memberCount(context.get(dbContext), user.id) : 0
  return { team, member: user.accountRole !== 'owner' }
}

const REFUSALS: Record<'agency-unconfirmed' | 'wrong-password', Record<string, string[]>> = {
  'agency-unconfirmed': {
    agency: ['Marque que a imobiliária e tudo o que a equipe fez serão excluídos, ou remova a equipe antes.'],
  },
  'wrong-password': { password: ['Senha incorreta'] },
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const submission = parseWithZod(await readForm(request), { schema: DeleteAccountSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const outcome = await deleteOwnAccount(context, user, submission.value)
  if (outcome.status === 'billing-unavailable') {
    const message = 'Não foi possível cancelar a assinatura agora. Nada foi excluído; tente de novo em alguns minutos.'
    return data({ result: submission.reply({ hideFields, formErrors: [message] }) }, { status: 400 })
  }
  if (outcome.status !== 'deleted')
    return data({ result: submission.reply({ hideFields, fieldErrors: REFUSALS[outcome.status] }) }, { status: 400 })
  // The session is gone with the account: drop the cookies (the service's 401 is ignored).
  await getSupabase(context)
    .auth.signOut({ scope: 'local' })
    .catch(() => undefined)
  return redirectWithToast('/login', {
    type: 'success',
    title: 'Conta excluída',
    description: 'Seus dados, fotos e posts foram apagados e a assinatura foi cancelada.',
  })
}

function DeleteAccountForm({ result, team }: { result: SubmissionResult<string[]> | undefined; team: number }) {
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult: result,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        className="mb-4"
        meta={fields.password}
        label="Sua senha"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        className="mb-4"
        meta={fields.confirmation}
        label={`Digite ${DELETE_CONFIRMATION} para confirmar`}
        autoComplete="off"
        required
      />
      {team > 0 ? <AgencyChoice team={team} errors={fields.agency.errors} /> : null}
      <SubmitButton variant="danger" pendingText="Excluindo…">
        Excluir minha conta
      </SubmitButton>
    </Form>
  )
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as { consent?: ConsentState } | undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Privacidade</h1>
      <Card as="section" className="mt-6" aria-labelledby="meus-dados">
        <h2 id="meus-dados" className="text-lg font-semibold">
          Baixar meus dados
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Um arquivo .zip com tudo o que a sua conta guarda: seus dados e os dos imóveis (em JSON), as fotos, as
          plantas, o logotipo e a imagem de cada post.
        </p>
        <a
          href="/minha-conta/privacidade/exportar"
          download
          className={buttonClass({ variant: 'secondary', className: 'mt-4' })}
        >
          Baixar meus dados (.zip)
        </a>
      </Card>
      <section className="mt-6" aria-label="Cookies">
        <ConsentPreferencesForm consent={root?.consent ?? null} redirectTo="/minha-conta/privacidade" />
        <p className="mt-2 text-sm text-slate-600">
          Saiba mais na{' '}
          <Link to="/politica-de-privacidade" className="text-brand-700 underline">
            Política de privacidade
          </Link>
          .
        </p>
      </section>
      <Card as="section" className="mt-6 border-red-200" aria-labelledby="excluir-conta">
        <h2 id="excluir-conta" className="text-lg font-semibold text-red-800">
          Excluir minha conta
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Apagamos para sempre seus imóveis, fotos, posts, marca e dados fiscais, e cancelamos a assinatura na hora. Não
          dá para desfazer: baixe seus dados antes, se quiser guardá-los.
        </p>
        {loaderData.member ? (
          <p className="mt-2 text-sm text-slate-700">
            Você faz parte de uma equipe: os imóveis e posts que você fez continuam com a imobiliária, com o dono da
            conta como responsável. Seus dados pessoais são apagados.
          </p>
        ) : null}
        <DeleteAccountForm result={actionData?.result} team={loaderData.team} />
      </Card>
    </div>
  )
}
