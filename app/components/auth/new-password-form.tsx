// The new-password form of /redefinir-senha and /definir-senha.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { NewPasswordSchema } from '~/domain/auth-schemas'
import { Field, FormErrors, SubmitButton } from './form'

export function NewPasswordForm({
  lastResult,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(NewPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.password}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 6 caracteres"
      />
      <Field
        meta={fields.confirmPassword}
        label="Confirme a nova senha"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton pendingText="Salvando…">{submitLabel}</SubmitButton>
    </Form>
  )
}
