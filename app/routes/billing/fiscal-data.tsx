// /dados-fiscais (guest layout) and /minha-conta/dados-fiscais — who the invoices are made out
// to: CPF or CNPJ, name or razão social, address with CEP, invoice e-mail. Saved here and copied
// to the Stripe customer (tax id br_cpf / br_cnpj). Masks and the CEP lookup need JavaScript;
// plain digits are accepted without it. Signed out, /dados-fiscais says what it asks for and
// offers sign-in and sign-up that come back to it (ADR 215).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/fiscal-data'
import { SignedOutNotice } from '~/components/auth/signed-out-notice'
import { SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FieldErrors, FormErrors } from '~/components/ui/field'
import { billingContext, dbContext, loggerContext, userContext } from '~/context'
import { formatDocument, maskCep, maskDocument, onlyDigits } from '~/domain/fiscal'
import { FiscalDataSchema } from '~/domain/fiscal-schema'
import { brazilianStateNames, brazilianStates } from '~/domain/home'
import { getFiscalData } from '~/models/fiscal-data.server'
import { saveFiscalDataAndSync } from '~/workflows/billing.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { billingUser } from './http.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Dados fiscais', matches)

type FiscalFields = {
  document: string
  name: string
  invoice_email: string
  zipcode: string
  street: string
  street_number: string
  complement: string
  neighborhood: string
  city: string
  state: string
}

const EMPTY: FiscalFields = {
  document: '',
  name: '',
  invoice_email: '',
  zipcode: '',
  street: '',
  street_number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
}

/** Sign-in and sign-up that come back to this page, query included. */
function comeBack(request: Request) {
  const url = new URL(request.url)
  const redirectTo = new URLSearchParams({ redirectTo: url.pathname + url.search })
  return { signIn: `/login?${redirectTo}`, signUp: `/registrar?${redirectTo}` }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  if (!user) return { guest: comeBack(request), values: EMPTY, saved: false }
  // The owner's CPF or CNPJ is the owner's to read (POLICY 'billing', ADR 236): a member gets 403.
  const payer = billingUser(user)
  const saved = await getFiscalData(context.get(dbContext), payer.id)
  const values: FiscalFields = saved
    ? {
        document: formatDocument(saved.document_type, saved.document),
        name: saved.name,
        invoice_email: saved.invoice_email,
        zipcode: saved.zipcode,
        street: saved.street,
        street_number: saved.street_number,
        complement: saved.complement ?? '',
        neighborhood: saved.neighborhood,
        city: saved.city,
        state: saved.state,
      }
    : { ...EMPTY, name: user.full_name ?? '', invoice_email: user.email }
  return { guest: null, values, saved: Boolean(saved) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)
  // Signed out (the session ended while the form was open): the page, with its way to sign in.
  if (!user)
    throw await redirectWithToast(new URL(request.url).pathname, {
      type: 'error',
      title: 'Entre para salvar os dados fiscais',
      description: 'Sua sessão terminou antes do envio.',
    })
  const payer = billingUser(user)
  const submission = parseWithZod(await readForm(request), { schema: FiscalDataSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { synced } = await saveFiscalDataAndSync(
    context.get(dbContext),
    context.get(billingContext),
    payer,
    submission.value,
    context.get(loggerContext),
  )
  // Back to the page the form was on: /dados-fiscais or the account's /minha-conta/dados-fiscais.
  return redirectWithToast(
    new URL(request.url).pathname,
    synced
      ? { type: 'success', title: 'Dados fiscais salvos', description: 'Eles aparecem nas próximas notas e cobranças.' }
      : {
          type: 'info',
          title: 'Dados fiscais salvos',
          description: 'Não foi possível enviá-los ao Stripe agora; eles seguem na próxima cobrança.',
        },
  )
}

/** With JavaScript: the address of a complete CEP fills the empty address fields. */
async function fillFromCep(form: HTMLFormElement, cep: string) {
  try {
    const response = await fetch(`/imoveis/cep/${cep}`, { headers: { Accept: 'application/json' } })
    if (!response.ok) return
    const { address } = (await response.json()) as { address?: Record<string, string> }
    for (const name of ['street', 'neighborhood', 'city', 'state']) {
      const input = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null
      if (input && !input.value && address?.[name]) input.value = address[name]
    }
  } catch {
    // Offline: the agent types the address.
  }
}

export default function FiscalData({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.guest) return <FiscalDataSignedOut {...loaderData.guest} />
  return <FiscalDataForm values={loaderData.values} result={actionData?.result} />
}

function FiscalDataSignedOut({ signIn, signUp }: { signIn: string; signUp: string }) {
  return (
    <SignedOutNotice
      title="Dados fiscais"
      intro="Para quem emitimos a nota fiscal da sua assinatura. Entre na sua conta para informar ou revisar os dados: depois de entrar, você volta para esta página."
      items={['CPF ou CNPJ', 'Nome completo ou razão social', 'Endereço com CEP', 'E-mail para receber a nota']}
      primary={{ to: signIn, label: 'Entrar' }}
      secondary={{ to: signUp, label: 'Criar conta' }}
    />
  )
}

function FiscalDataForm({ values, result }: { values: FiscalFields; result: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<FiscalFields, z.output<typeof FiscalDataSchema>>({
    lastResult: result,
    defaultValue: values,
    // Checked in the browser as the agent types: a fixed field's message goes before the click on
    // "Salvar". (Checked on blur, the message left on the button's mousedown, the button moved up,
    // and the click missed it.)
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FiscalDataSchema }),
  })
  return (
    <div className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Dados fiscais</h1>
      <p className="mt-2 text-sm text-slate-600">
        Para quem emitimos a nota fiscal da assinatura. Use o CPF para pessoa física ou o CNPJ da imobiliária.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6"
        onInput={(event) => {
          const input = event.target as HTMLInputElement
          if (input.name === 'document') input.value = maskDocument(input.value)
          if (input.name === 'zipcode') {
            input.value = maskCep(input.value)
            const digits = onlyDigits(input.value)
            if (digits.length === 8) void fillFromCep(event.currentTarget, digits)
          }
        }}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          className="mb-4"
          meta={fields.document}
          label="CPF ou CNPJ"
          hint="Só os números (e as letras do CNPJ), se preferir"
        />
        <TextField className="mb-4" meta={fields.name} label="Nome completo ou razão social" autoComplete="name" />
        <TextField
          className="mb-4"
          meta={fields.invoice_email}
          label="E-mail para a nota fiscal"
          type="email"
          autoComplete="email"
        />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField
            className="mb-4"
            meta={fields.zipcode}
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
          />
          <div className="sm:col-span-2">
            <TextField className="mb-4" meta={fields.street} label="Rua" autoComplete="address-line1" />
          </div>
          <TextField className="mb-4" meta={fields.street_number} label="Número" />
          <div className="sm:col-span-2">
            <TextField
              className="mb-4"
              meta={fields.complement}
              label="Complemento (opcional)"
              autoComplete="address-line2"
            />
          </div>
          <TextField className="mb-4" meta={fields.neighborhood} label="Bairro" />
          <TextField className="mb-4" meta={fields.city} label="Cidade" autoComplete="address-level2" />
          <div className="mb-4">
            <label htmlFor={fields.state.id} className="block text-sm font-medium text-slate-800">
              Estado
            </label>
            <select
              id={fields.state.id}
              name={fields.state.name}
              key={fields.state.key}
              defaultValue={fields.state.initialValue ?? ''}
              aria-invalid={fields.state.errors ? true : undefined}
              aria-describedby={fields.state.errors ? fields.state.errorId : undefined}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${
                fields.state.errors ? 'border-red-500' : 'border-slate-300'
              }`}
            >
              <option value="">Escolha</option>
              {brazilianStates.map((uf) => (
                <option key={uf} value={uf}>
                  {brazilianStateNames[uf]}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.state.errorId} errors={fields.state.errors} />
          </div>
        </div>
        <SubmitButton pendingText="Salvando…">Salvar dados fiscais</SubmitButton>
      </Form>
    </div>
  )
}
