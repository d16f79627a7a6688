// The auth forms' schemas (sign-in: e-mail, password of at least 6, redirectTo; registration adds
// full_name and phone), shared by the page (inline validation) and the action.
import { isOneLine, NAME_CHARACTERS, z } from './validation'

import { PASSWORD_MIN } from './auth-constraints'

export { HONEYPOT_FIELD, PASSWORD_MIN } from './auth-constraints'

const email = z.string().trim().toLowerCase().pipe(z.email())
const newPassword = z.string().min(PASSWORD_MIN).max(72)

export const LoginSchema = z.object({
  email,
  password: z.string(),
  redirectTo: z.string().optional(),
})

/** Brazilian phone: DDD + number (10 or 11 digits), optionally with +55. */
export const phone = z
  .string()
  .trim()
  .refine((value) => {
    const digits = value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')
    return /^[1-9]{2}\d{8,9}$/.test(digits)
  }, 'Telefone inválido')

/**
 * A person's name, printed on their posts. Control characters cannot be typed, only sent: refused
 * with a message beside the field (a NUL never gets here: forms lose it where they are read, ADR 206).
 */
export const fullName = z.string().trim().min(1).max(120).refine(isOneLine, NAME_CHARACTERS)

export const RegisterSchema = z.object({
  full_name: fullName,
  email,
  phone,
  password: newPassword,
  /** The acceptance box (ADR 053): a checkbox sends "on" only when ticked. */
  terms: z.literal('on', {
    error: 'Aceite os Termos de uso e a Política de privacidade para criar a conta',
  }),
  redirectTo: z.string().optional(),
  lookupKey: z
    .string()
    .regex(/^[\w.-]{1,100}$/)
    .optional(),
})

export const ForgotPasswordSchema = z.object({ email })

export const NewPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string(),
    next: z.string().optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'As senhas não conferem',
    path: ['confirmPassword'],
  })

export const TotpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Digite os 6 números do aplicativo')),
  redirectTo: z.string().optional(),
})

/** "Entrar com código", first step: the address the code goes to. */
export const LoginCodeEmailSchema = z.object({ email, redirectTo: z.string().optional() })

/** "Entrar com código", second step: the six digits from the e-mail. */
export const LoginCodeSchema = z.object({
  email,
  code: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Digite os 6 números do e-mail')),
  redirectTo: z.string().optional(),
})

/** "Salvar meu trabalho" (ADR 269): what the registration asks, for the visitor's own user. */
export const SaveWorkSchema = RegisterSchema.pick({
  full_name: true,
  email: true,
  phone: true,
  password: true,
  terms: true,
})
