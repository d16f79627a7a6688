// The auth forms' honeypot (ADR 013): a field people never see and bots fill in.
import { HONEYPOT_FIELD } from '~/domain/auth-schemas'

export const FORM_REJECTED = 'Não foi possível enviar o formulário. Recarregue a página e tente de novo.'

export function honeypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}
