// What a new account is asked for: name, e-mail, phone, password and the terms. The registration
// and "Salvar meu trabalho" (the trial becoming an account, ADR 269) ask the same, the same way.
import type { FieldMetadata } from '@conform-to/react'
import { AcceptTermsField } from '~/components/legal/accept-terms'
import { TextField } from '~/components/ui/conform-fields'
import type { SaveWorkFields } from '~/domain/auth-constraints'

type AccountFieldMetas = { [K in keyof SaveWorkFields]: FieldMetadata<SaveWorkFields[K] | undefined> }

export function AccountFields({ fields }: { fields: AccountFieldMetas }) {
  return (
    <>
      <TextField meta={fields.full_name} label="Nome completo" autoComplete="name" className="mb-4" />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" className="mb-4" />
      <TextField
        meta={fields.phone}
        label="Telefone"
        type="tel"
        autoComplete="tel"
        hint="Com DDD, por exemplo (11) 98765-4321"
        className="mb-4"
      />
      <TextField
        meta={fields.password}
        label="Senha"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 6 caracteres"
        className="mb-4"
      />
      <AcceptTermsField meta={fields.terms} />
    </>
  )
}
