// The fiscal data form's schema (/dados-fiscais; ADR 085): CPF/CNPJ required and checked by
// length, name or razão social, the address with its CEP, and the invoice e-mail.
import { brazilianStates } from './home'
import { zipcodeField } from './home-schema'
import {
  CNPJ_INVALID_MESSAGE,
  CPF_INVALID_MESSAGE,
  DOCUMENT_REQUIRED_MESSAGE,
  cnpjCharacters,
  hasLetters,
  isValidCnpj,
  isValidCpf,
  onlyDigits,
} from './fiscal'
import { z } from './validation'

/** A CPF or CNPJ, as typed → { type, digits } ('CPF/CNPJ é obrigatório.', 'CPF Inválido', 'CNPJ Inválido'). */
export const documentField = z
  .string({ error: DOCUMENT_REQUIRED_MESSAGE })
  .trim()
  .min(1, DOCUMENT_REQUIRED_MESSAGE)
  .transform((value, ctx) => {
    const digits = onlyDigits(value)
    if (digits.length === 14 || hasLetters(value)) {
      if (isValidCnpj(value)) return { type: 'cnpj' as const, digits: cnpjCharacters(value) }
      ctx.addIssue({ code: 'custom', message: CNPJ_INVALID_MESSAGE })
      return z.NEVER
    }
    if (isValidCpf(value)) return { type: 'cpf' as const, digits }
    // Up to 11 digits is read as a CPF attempt, 12 or more as a CNPJ one.
    ctx.addIssue({ code: 'custom', message: digits.length > 11 ? CNPJ_INVALID_MESSAGE : CPF_INVALID_MESSAGE })
    return z.NEVER
  })

const text = (max: number) => z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(max)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null)

export const FiscalDataSchema = z.object({
  document: documentField,
  name: text(160),
  zipcode: zipcodeField,
  street: text(200),
  street_number: text(20),
  complement: optionalText(120),
  neighborhood: text(120),
  city: text(120),
  state: z.enum(brazilianStates, { error: 'Escolha o estado' }),
  invoice_email: z.email().max(254),
})

export type FiscalDataInput = z.output<typeof FiscalDataSchema>
