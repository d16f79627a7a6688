// Fiscal data (/dados-fiscais; spec §5): CPF and CNPJ checked by their check digits, and the
// masks shown while typing. No zod here, so the page's browser code stays small; the form's
// schema is in fiscal-schema.ts. Plain digits are accepted; masks only help.
import { applyMask } from './fields/values'

export const DOCUMENT_REQUIRED_MESSAGE = 'CPF/CNPJ é obrigatório.'
export const CPF_INVALID_MESSAGE = 'CPF Inválido'
export const CNPJ_INVALID_MESSAGE = 'CNPJ Inválido'

export const onlyDigits = (value: string) => value.replace(/\D/g, '')

/** Check digit of a weighted modulo-11 sum (the rule CPF and CNPJ share). */
function mod11Digit(digits: readonly number[], weights: readonly number[]): number {
  const sum = digits.reduce((total, digit, i) => total + digit * weights[i]!, 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2]
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/** The two check digits that follow a CPF's first nine digits. */
export function cpfCheckDigits(nine: string): string {
  const digits = [...nine].map(Number)
  const first = mod11Digit(digits, CPF_WEIGHTS_1)
  const second = mod11Digit([...digits, first], CPF_WEIGHTS_2)
  return `${first}${second}`
}

/** The two check digits that follow a CNPJ's first twelve digits. */
export function cnpjCheckDigits(twelve: string): string {
  const digits = [...twelve].map(Number)
  const first = mod11Digit(digits, CNPJ_WEIGHTS_1)
  const second = mod11Digit([...digits, first], CNPJ_WEIGHTS_2)
  return `${first}${second}`
}

const repeated = (digits: string) => /^(\d)\1*$/.test(digits)

/** Spec §5: the 11-digit pattern, not one repeated digit, both check digits. Masks allowed. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value.trim())) return false
  const digits = onlyDigits(value)
  if (repeated(digits)) return false
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9)
}

/** Spec §5: the 14-digit pattern, not one repeated digit, both check digits. Masks allowed. */
export function isValidCnpj(value: string): boolean {
  if (!/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(value.trim())) return false
  const digits = onlyDigits(value)
  if (repeated(digits)) return false
  return cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12)
}

export type DocumentType = 'cpf' | 'cnpj'

export const CPF_MASK = '000.000.000-00'
export const CNPJ_MASK = '00.000.000/0000-00'
export const CEP_MASK = '00000-000'

export function formatCpf(digits: string) {
  return applyMask(CPF_MASK, digits)
}
export function formatCnpj(digits: string) {
  return applyMask(CNPJ_MASK, digits)
}

/** The mask while typing: CPF up to 11 digits, CNPJ from the 12th on. */
export function maskDocument(input: string): string {
  const digits = onlyDigits(input).slice(0, 14)
  return digits.length <= 11 ? formatCpf(digits) : formatCnpj(digits)
}

export function maskCep(input: string): string {
  return applyMask(CEP_MASK, onlyDigits(input).slice(0, 8))
}

/** The document as people read it: 123.456.789-09 or 11.222.333/0001-81. */
export function formatDocument(type: DocumentType, digits: string): string {
  return type === 'cnpj' ? formatCnpj(digits) : formatCpf(digits)
}
