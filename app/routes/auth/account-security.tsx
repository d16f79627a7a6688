// /minha-conta/seguranca — two-step verification with an authenticator app (TOTP): enrol with a
// QR code drawn on the server, confirm with a code, remove. Phone factors are not offered.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/account-security'
import { Button, LinkButton, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'
import { envContext } from '~/context'
import { authMessage } from '~/domain/auth-messages'
import { TotpCodeSchema } from '~/domain/auth-schemas'
import { getSupabase, requireUser } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { SessionsCard } from '~/components/account/sessions-card'
import { endSessionsAction, sessionsOf, SESSION_INTENTS } from './account-sessions.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Segurança da conta', matches)

const FRIENDLY_NAME = 'Aplicativo autenticador'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { data: factors } = await getSupabase(context).auth.mfa.listFactors()
  const factor = factors?.totp[0]
  return {
    factor: factor ? { id: factor.id, createdAt: factor.created_at } : null,
    sessions: await sessionsOf(context, user.id),
  }
}

type Enrollment = { factorId: string; secret: string; uri: string; qrSvg: string }

/** The QR code as an <img> source: SVG made on the server, no script needed to show it. */
const svgSource = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

async function enrollmentFrom(formData: FormData): Promise<Enrollment | null> {
  const factorId = String(formData.get('factorId') ?? '')
  const uri = String(formData.get('uri') ?? '')
  if (!factorId || !uri.startsWith('otpauth://totp/')) return null
  const secret = new URL(uri).searchParams.get('secret') ?? ''
  return { factorId, uri, secret, qrSvg: svgSource(await qrSvgOf(uri)) }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request)
  const supabase = getSupabase(context)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const sessionIntent = SESSION_INTENTS.find((name) => name === intent)
  if (sessionIntent) return endSessionsAction(sessionIntent, context)

  if (intent === 'enroll') {
    const { data: enrolled, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: FRIENDLY_NAME,
      issuer: context.get(envContext).APP_NAME,
    })
    if (error || enrolled.type !== 'totp')
      return data({ enrollment: null, result: undefined, error: authMessage(error ?? {}) }, { status: 400 })
    const svg = enrolled.totp.qr_code.replace(/^data:image\/svg\+xml;utf-8,/, '')
    const enrollment: Enrollment = {
      factorId: enrolled.id,
      secret: enrolled.totp.secret,
      uri: enrolled.totp.uri,
      qrSvg: svgSource(svg),
    }
    return data({ enrollment, result: undefined, error: null })
  }

  if (intent === 'verify') {
    const enrollment = await enrollmentFrom(formData)
    const submission = parseWithZod(formData, { schema: TotpCodeSchema })
    if (!enrollment) return data({ enrollment: null, result: undefined, error: null }, { status: 400 })
    if (submission.status !== 'success')
      return data({ enrollment, result: submission.reply(), error: null }, { status: 400 })
    const { error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: enrollment.factorId,
      code: submission.value.code,
    })
    if (error)
      return data(
        { enrollment, result: submission.reply({ fieldErrors: { code: [authMessage(error)] } }), error: null },
        { status: 400 },
      )
    return redirectWithToast('/minha-conta/seguranca', {
      type: 'success',
      title: 'Verificação em duas etapas ativada',
      description: 'A partir de agora pediremos o código do aplicativo ao entrar.',
    })
  }

  if (intent === 'unenroll') {
    const factorId = String(formData.get('factorId') ?? '')
    const { error } = await supabase.auth.mfa.unenroll({ factorId })
    if (error) return data({ enrollment: null, result: undefined, error: authMessage(error) }, { status: 400 })
    return redirectWithToast('/minha-conta/seguranca', {
      type: 'success',
      title: 'Verificação em duas etapas desativada',
      description: 'Para entrar, bastam agora o e-mail e a senha.',
    })
  }
  return data({ enrollment: null, result: undefined, error: null }, { status: 400 })
}

function ConfirmEnrollment({
  enrollment,
  result,
}: {
  enrollment: Enrollment
  result: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    lastResult: result,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TotpCodeSchema }),
  })
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[12rem_1fr]">
      <img
        src={enrollment.qrSvg}
        alt="QR code para cadastrar a conta no aplicativo autenticador"
        width={192}
        height={192}
        className="rounded-lg border border-slate-200 bg-white p-2"
      />
      <div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Abra um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>Leia o QR code ou digite a chave abaixo.</li>
          <li>Digite o código de 6 números que aparecer.</li>
        </ol>
        <p className="mt-3 text-sm">
          Chave: <code className="rounded bg-slate-100 px-1 break-all">{enrollment.secret}</code>
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="factorId" value={enrollment.factorId} />
          <input type="hidden" name="uri" value={enrollment.uri} />
          <TextField
            meta={fields.code}
            label="Código de verificação"
            autoComplete="one-time-code"
            inputMode="numeric"
            className="mb-4"
          />
          <SubmitButton size="lg" block pendingText="Verificando…">
            Ativar
          </SubmitButton>
        </Form>
      </div>
    </div>
  )
}

export default function AccountSecurity() {
  const { factor, sessions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const enrollment = actionData?.enrollment ?? null
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">Segurança da conta</h1>
      <Card as="section" className="mt-6" aria-labelledby="senha">
        <h2 id="senha" className="text-lg font-semibold">
          Senha
        </h2>
        <p className="mt-2 text-sm text-slate-700">Trocar a senha encerra as sessões dos outros dispositivos.</p>
        <LinkButton to="/definir-senha" variant="secondary" className="mt-4">
          Alterar senha
        </LinkButton>
      </Card>
      <Card as="section" className="mt-6" aria-labelledby="two-step">
        <h2 id="two-step" className="text-lg font-semibold">
          Verificação em duas etapas
        </h2>
        {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
        {factor ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Ativada. Ao entrar, pedimos a senha e o código do aplicativo autenticador.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="unenroll" />
              <input type="hidden" name="factorId" value={factor.id} />
              <Button variant="danger-outline">Desativar verificação em duas etapas</Button>
            </Form>
          </>
        ) : enrollment ? (
          <ConfirmEnrollment enrollment={enrollment} result={actionData?.result} />
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Proteja sua conta pedindo, além da senha, um código do aplicativo autenticador do seu celular.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="enroll" />
              <Button>Ativar verificação em duas etapas</Button>
            </Form>
          </>
        )}
      </Card>
      <SessionsCard sessions={sessions} />
    </div>
  )
}

/** The QR code of `uri` as SVG. qrcode (57 CommonJS files) is loaded on the first enrolment, not at
 * start-up (ADR 228). */
async function qrSvgOf(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(uri, { type: 'svg', margin: 1 })
}
