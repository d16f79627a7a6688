// The new-password form of /redefinir-senha and /definir-senha (guest pages: no zod, ADR 003).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { newPasswordConstraint, type NewPasswordFields } from '~/domain/auth-constraints'
import { SubmitButton } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'

export function NewPasswordForm({
  lastResult,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
}) {
  // Guest page: validated on the server (ADR 003), the browser checks only the HTML constraints.
  const [form, fields] = useForm<NewPasswordFields>({ lastResult, constraint: newPasswordConstraint })
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        meta={fields.password}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 6 caracteres"
        className="mb-4"
      />
      <TextField
        meta={fields.confirmPassword}
        label="Confirme a nova senha"
        type="password"
        autoComplete="new-password"
        className="mb-4"
      />
      <SubmitButton size="lg" block pendingText="Salvando…">
        {submitLabel}
      </SubmitButton>
    </Form>
  )
}
