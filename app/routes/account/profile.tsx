// /minha-conta/perfil — name and phone, the account's e-mail (changed through a link sent to
// the new address) and the profile photo. Three plain forms (POST, redirect, toast).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import type { Route } from './+types/profile'
import { Button, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { TextField } from '~/components/ui/conform-fields'
import { FieldErrors, FormErrors } from '~/components/ui/field'
import { FileInput } from '~/components/ui/input'
import { dbContext } from '~/context'
import { EmailChangeSchema, ProfileSchema } from '~/domain/account-schemas'
import { initialsOf } from '~/domain/post-content'
import { getAccount } from '~/models/users.server'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'
import { profileAction, type ProfileIntent } from './profile.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Perfil', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const account = await getAccount(context.get(dbContext), user.id)
  return {
    email: user.email,
    full_name: account?.full_name ?? user.full_name ?? '',
    phone: account?.phone ?? '',
    avatar: account?.avatar ?? null,
  }
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction(request, context)

type Result = SubmissionResult<string[]> | undefined
const resultFor = (actionData: { intent: ProfileIntent; result: unknown } | undefined, intent: ProfileIntent) =>
  actionData?.intent === intent ? (actionData.result as Result) : undefined

function ProfileForm({ values, result }: { values: { full_name: string; phone: string }; result: Result }) {
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: values,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="profile" />
      <TextField className="mb-4" meta={fields.full_name} label="Nome completo" autoComplete="name" required />
      <TextField className="mb-4" meta={fields.phone} label="Telefone" type="tel" inputMode="tel" autoComplete="tel" />
      <SubmitButton pendingText="Salvando…">Salvar perfil</SubmitButton>
    </Form>
  )
}

function EmailForm({ email, result }: { email: string; result: Result }) {
  const [form, fields] = useForm({
    id: 'email-change',
    lastResult: result,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <p className="mb-3 text-sm text-slate-700">
        E-mail atual: <strong>{email}</strong>. Enviaremos um link de confirmação para o novo endereço.
      </p>
      <input type="hidden" name="intent" value="email" />
      <TextField className="mb-4" meta={fields.email} label="Novo e-mail" type="email" autoComplete="email" />
      <SubmitButton variant="secondary" pendingText="Enviando…">
        Alterar e-mail
      </SubmitButton>
    </Form>
  )
}

function AvatarForm({ avatar, name, errors }: { avatar: string | null; name: string; errors?: string[] }) {
  return (
    <div className="mt-4 flex flex-wrap items-start gap-4">
      {avatar ? (
        <img
          src={avatar}
          alt="Sua foto de perfil"
          width={80}
          height={80}
          className="size-20 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-20 place-items-center rounded-full bg-brand-100 text-xl font-bold text-brand-800"
        >
          {initialsOf(name) || '?'}
        </span>
      )}
      <Form method="post" encType="multipart/form-data" className="min-w-0 flex-1">
        <input type="hidden" name="intent" value="avatar" />
        <label htmlFor="avatar" className="block text-sm font-medium text-slate-800">
          Nova foto
        </label>
        <FileInput
          id="avatar"
          name="avatar"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1"
          aria-describedby={errors ? 'avatar-error' : undefined}
        />
        <FieldErrors id="avatar-error" errors={errors} />
        <SubmitButton className="mt-3" variant="secondary" pendingText="Enviando…">
          Enviar foto
        </SubmitButton>
      </Form>
      {avatar ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-avatar" />
          <Button variant="ghost">Remover foto</Button>
        </Form>
      ) : null}
    </div>
  )
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const avatarResult = resultFor(actionData, 'avatar') as { error?: { avatar?: string[] } } | undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Perfil</h1>
      <Card as="section" className="mt-6" aria-labelledby="dados-pessoais">
        <h2 id="dados-pessoais" className="text-lg font-semibold">
          Dados pessoais
        </h2>
        <ProfileForm values={loaderData} result={resultFor(actionData, 'profile')} />
      </Card>
      <Card as="section" className="mt-6" aria-labelledby="foto">
        <h2 id="foto" className="text-lg font-semibold">
          Foto de perfil
        </h2>
        <AvatarForm avatar={loaderData.avatar} name={loaderData.full_name} errors={avatarResult?.error?.avatar} />
      </Card>
      <Card as="section" className="mt-6" aria-labelledby="email">
        <h2 id="email" className="text-lg font-semibold">
          E-mail
        </h2>
        <EmailForm email={loaderData.email} result={resultFor(actionData, 'email')} />
      </Card>
    </div>
  )
}
