// HTML constraints of the guest auth forms, without zod: these pages validate on the server
// (Conform replies with the pt-BR messages), so the browser does not download a schema library
// and /login stays within its JavaScript budget (ADR 003).
export const PASSWORD_MIN = 6
/** Field name of the honeypot: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website'

type Constraint = { required?: boolean; minLength?: number; maxLength?: number }

const email: Constraint = { required: true }
export const loginConstraint: Record<string, Constraint> = {
  email,
  password: { required: true },
}
export const registerConstraint: Record<string, Constraint> = {
  full_name: { required: true, maxLength: 120 },
  email,
  phone: { required: true },
  password: { required: true, minLength: PASSWORD_MIN, maxLength: 72 },
  terms: { required: true },
}
export const forgotPasswordConstraint: Record<string, Constraint> = { email }
export const newPasswordConstraint: Record<string, Constraint> = {
  password: { required: true, minLength: PASSWORD_MIN, maxLength: 72 },
  confirmPassword: { required: true },
}
export const totpCodeConstraint: Record<string, Constraint> = {
  code: { required: true, minLength: 6, maxLength: 7 },
}

export const loginCodeEmailConstraint: Record<string, Constraint> = { email }
export const loginCodeConstraint: Record<string, Constraint> = {
  code: { required: true, minLength: 6, maxLength: 7 },
}

/** The shapes these forms post, for Conform's field metadata. */
export type LoginFields = { email: string; password: string; redirectTo?: string }
export type RegisterFields = {
  full_name: string
  email: string
  phone: string
  password: string
  terms: string
  redirectTo?: string
  lookupKey?: string
}
export type ForgotPasswordFields = { email: string }
export type NewPasswordFields = { password: string; confirmPassword: string; next?: string }
export type TotpCodeFields = { code: string; redirectTo?: string }
export type LoginCodeEmailFields = { email: string; redirectTo?: string }
export type LoginCodeFields = { email: string; code: string; redirectTo?: string }
/** "Salvar meu trabalho" asks what the registration asks (ADR 269). */
export const saveWorkConstraint = registerConstraint
export type SaveWorkFields = Omit<RegisterFields, 'lookupKey' | 'redirectTo'>
