// Fiscal data (/dados-fiscais; ADR 085): CPF and CNPJ checked by their check digits, and the
// masks shown while typing. No zod here, so the page's browser code stays small; the form's
// schema is in fiscal-schema.ts. Plain digits are accepted; masks only help. From July 2026 the
// Receita Federal also issues CNPJs whose first twelve characters may be letters (IN RFB
// 2.229/2024): each character counts as its ASCII code minus 48, so digits keep their value.
import { applyMask } from './fields/values'

export const DOCUMENT_REQUIRED_MESSAGE = 'CPF/CNPJ é obrigatório.'
export const CPF_INVALID_MESSAGE = 'CPF Inválido'
export const CNPJ_INVALID_MESSAGE = 'CNPJ Inválido'

export const onlyDigits = (value: string) => value.replace(/\D/g, '')

/** The letters and digits of a CNPJ as typed, upper-cased (the Receita writes them upper-case). */
export const cnpjCharacters = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '')

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

/** The two check digits that follow a CNPJ's first twelve characters (digits or letters). */
export function cnpjCheckDigits(twelve: string): string {
  const digits = [...twelve.toUpperCase()].map((char) => char.charCodeAt(0) - 48)
  const first = mod11Digit(digits, CNPJ_WEIGHTS_1)
  const second = mod11Digit([...digits, first], CNPJ_WEIGHTS_2)
  return `${first}${second}`
}

const repeated = (digits: string) => /^(.)\1*$/.test(digits)

/** The 11-digit pattern, not one repeated digit, both check digits. Masks allowed. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value.trim())) return false
  const digits = onlyDigits(value)
  if (repeated(digits)) return false
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9)
}

/** Twelve letters or digits and two check digits, not one repeated digit. Masks allowed. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/i.test(value.trim())) return false
  const characters = cnpjCharacters(value)
  if (repeated(characters)) return false
  return cnpjCheckDigits(characters.slice(0, 12)) === characters.slice(12)
}

/** Whether what was typed holds a letter, so it can only be a CNPJ. */
export const hasLetters = (value: string) => /[A-Z]/.test(cnpjCharacters(value))

export type DocumentType = 'cpf' | 'cnpj'

export const CPF_MASK = '000.000.000-00'
export const CNPJ_MASK = '**.***.***/****-00'
export const CEP_MASK = '00000-000'

export function formatCpf(digits: string) {
  return applyMask(CPF_MASK, digits)
}
export function formatCnpj(characters: string) {
  return applyMask(CNPJ_MASK, cnpjCharacters(characters))
}

/** The mask while typing: CPF up to 11 digits, CNPJ from the 12th on or from the first letter. */
export function maskDocument(input: string): string {
  if (hasLetters(input)) {
    // Letters only in the first twelve places; the two check characters are always digits.
    const characters = cnpjCharacters(input)
    return formatCnpj(characters.slice(0, 12) + onlyDigits(characters.slice(12)).slice(0, 2))
  }
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
