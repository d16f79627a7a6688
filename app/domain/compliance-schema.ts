// The forms of a property's "Documentação" page (issue 65): the owner's authorisation (the signed
// document is checked by the workflow, which reads its bytes) and a launch's registration.
import { z } from './validation'

const day = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), 'Data inválida')

export const AuthorizationSchema = z
  .object({
    owner_name: z
      .string({ error: 'Informe o nome do proprietário, como está no documento.' })
      .trim()
      .min(3, 'Informe o nome do proprietário, como está no documento.')
      .max(160),
    starts_on: day('Informe desde quando vale.'),
    ends_on: day('Informe até quando vale.'),
    exclusive: z.boolean().default(false),
  })
  .refine((form) => form.ends_on >= form.starts_on, {
    path: ['ends_on'],
    message: 'A validade termina antes do início.',
  })

export type AuthorizationForm = z.output<typeof AuthorizationSchema>

export const IncorporationSchema = z.object({
  incorporation_registry: z
    .string({ error: 'Informe o número do registro de incorporação (R.I.).' })
    .trim()
    .min(3, 'Informe o número do registro de incorporação (R.I.).')
    .max(160)
    .regex(/\d/, 'O registro de incorporação leva o número da matrícula ou do registro (R.I.).'),
  developer_name: z
    .string()
    .trim()
    .max(160)
    .optional()
    .transform((value) => value || null),
})

export const DOCUMENT_REQUIRED_MESSAGE = 'Envie o documento assinado (PDF ou foto).'

/** The largest signed document accepted: a phone's photo of the pages, or a scanned PDF. */
export const AUTHORIZATION_MAX_BYTES = 10 * 1024 * 1024
