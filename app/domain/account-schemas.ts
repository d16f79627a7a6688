// The forms of /minha-conta (profile, e-mail, deletion), shared by the page and the action.
import { fullName, phone } from './auth-schemas'
import { z } from './validation'

export const ProfileSchema = z.object({
  full_name: fullName,
  phone: z.string().trim().optional().pipe(phone.optional()),
})

export const EmailChangeSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
})

/** The words typed to confirm the account's deletion. */
export const DELETE_CONFIRMATION = 'EXCLUIR'

export const DeleteAccountSchema = z.object({
  password: z.string().min(1),
  confirmation: z
    .string()
    .trim()
    .refine((value) => value.toUpperCase() === DELETE_CONFIRMATION, `Digite ${DELETE_CONFIRMATION} para confirmar`),
  /** The owner of an agency with a team: 'delete' says the agency goes too (ADR 218). */
  agency: z.literal('delete').optional(),
})
