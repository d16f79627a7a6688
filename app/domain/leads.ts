// From post to lead (ADR 223–225): the public page's handle, the lead form, the statuses of a lead,
// the WhatsApp message of a tracked contact. Pure.
import { RESERVED_HANDLES } from './reserved-handles'
import { isOneLine, NAME_CHARACTERS, z } from './validation'

export const LEAD_STATUSES = ['novo', 'em_contato', 'visitou', 'fechado'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  novo: 'Novo',
  em_contato: 'Em contato',
  visitou: 'Visitou',
  fechado: 'Fechado',
}

/** What a listing event counts: a page view, or a click on a channel. */
export const LISTING_EVENT_KINDS = ['view', 'whatsapp', 'phone', 'form'] as const
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number]
export const CHANNEL_LABELS: Record<Exclude<ListingEventKind, 'view'>, string> = {
  whatsapp: 'WhatsApp',
  phone: 'Telefone',
  form: 'Formulário',
}

/** A handle as typed: trimmed, lower case, accents dropped, spaces as hyphens. */
export function normalizeHandle(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
}

export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/

export const HandleSchema = z.object({
  handle: z
    .string({ error: 'Escolha um endereço' })
    .transform(normalizeHandle)
    .refine((value) => value.length >= 3 && value.length <= 30, { message: 'Use de 3 a 30 caracteres' })
    .refine((value) => HANDLE_PATTERN.test(value) && !value.includes('--'), {
      message: 'Use só letras, números e hífens (sem hífen no começo ou no fim)',
    })
    .refine((value) => !RESERVED_HANDLES.has(value), { message: 'Este endereço é reservado. Escolha outro.' }),
  noindex: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
})

export const HANDLE_TAKEN = 'Este endereço já está em uso. Escolha outro.'

/** A property's slug in its public address: its name in ASCII words, then its id. */
export function listingSlug(home: { id: number; name: string }): string {
  const words = normalizeHandle(home.name)
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '')
  return words ? `${words}-${home.id}` : String(home.id)
}

/** The id at the end of a slug ('apartamento-no-itaim-12' → 12), or null. */
export function idOfSlug(slug: string): number | null {
  const match = /(?:^|-)(\d{1,9})$/.exec(slug)
  return match ? Number(match[1]) : null
}

/** The share image's size (Open Graph's landscape card), drawn by the post renderer. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const

export const publicPagePath = (handle: string) => `/c/${handle}`
export const listingPath = (handle: string, home: { id: number; name: string }) => `/c/${handle}/${listingSlug(home)}`

/** The property's code as the message names it ('Cód. 12'). */
export const homeCode = (id: number) => `Cód. ${id}`

/** The WhatsApp message a tracked contact opens with. */
export function whatsappText(home: { id: number; name: string }): string {
  return `Olá! Vi o imóvel "${home.name}" (${homeCode(home.id)}) e gostaria de mais informações.`
}

/** https://wa.me/55{DDD}{number}?text=… for a Brazilian number of 10 or 11 digits. */
export function whatsappUrl(digits: string, text: string): string | null {
  const d = digits.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')
  if (!/^\d{10,11}$/.test(d)) return null
  return `https://wa.me/55${d}?text=${encodeURIComponent(text)}`
}

const required = (message: string) => z.string({ error: message }).trim().min(1, { message })

export const LeadSchema = z.object({
  // Printed in the agent's e-mail: one line, as registration takes a name.
  name: required('Informe seu nome').pipe(
    z.string().max(120, { message: 'No máximo 120 caracteres' }).refine(isOneLine, NAME_CHARACTERS),
  ),
  phone: required('Informe seu telefone com DDD').refine(
    (value) => /^\d{10,11}$/.test(value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')),
    { message: 'Informe o telefone com DDD (10 ou 11 dígitos)' },
  ),
  message: z
    .string()
    .trim()
    .max(1000, { message: 'No máximo 1000 caracteres' })
    .optional()
    .transform((value) => value ?? ''),
  consent: z.literal('on', { error: 'Para enviar, autorize o uso dos seus dados para este contato' }),
  de: z.string().optional(),
})

export const LeadUpdateSchema = z.object({
  id: z.coerce.number().int().positive(),
  status: z.enum(LEAD_STATUSES, { error: 'Escolha um status' }),
  note: z
    .string()
    .trim()
    .max(2000, { message: 'No máximo 2000 caracteres' })
    .optional()
    .transform((v) => v ?? ''),
})

/**
 * The LGPD notice beside the lead form's box, word for word what is stored with the lead: who
 * receives the data (the page's agent or agency), what for, and that it can be deleted.
 */
export function leadConsentText(agentName: string, homeName: string): string {
  return (
    `Autorizo ${agentName} a usar meu nome, telefone e mensagem para falar comigo sobre “${homeName}”. ` +
    `Os dados ficam com ${agentName}, não são repassados a terceiros e podem ser excluídos quando eu pedir.`
  )
}

/** How long an account may keep its leads, in months (LGPD: no longer than needed). */
export const LEAD_RETENTION_MONTHS = [6, 12, 24, 36] as const
export const DEFAULT_LEAD_RETENTION_MONTHS = 24

export const LeadRetentionSchema = z.object({
  months: z.coerce
    .number({ error: 'Escolha por quanto tempo guardar os leads' })
    .refine((value) => (LEAD_RETENTION_MONTHS as readonly number[]).includes(value), {
      message: 'Escolha 6, 12, 24 ou 36 meses',
    }),
})

export const LeadDeletionSchema = z.object({
  confirm: z.literal('on', { error: 'Marque a confirmação para excluir os dados deste contato' }),
})

/** The moment before which an account's leads are past their retention: `months` back, the
 * day kept where the month has it (31 March less one month is 28 or 29 February, not 3 March). */
export function leadRetentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCDate(1)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate()
  cutoff.setUTCDate(Math.min(now.getUTCDate(), lastDay))
  return cutoff
}

/** One CSV field: quoted when needed, and a leading = + - @ neutralised (spreadsheet formulas). */
export function csvField(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line as Excel in pt-BR reads it: its list separator is ';' (',' is the decimal sign). */
export function csvRow(values: Array<string | number | null | undefined>): string {
  return values.map(csvField).join(';')
}

type ChannelCounts = { view: number; whatsapp: number; phone: number; form: number }

/** What "Resultados" on /imoveis/{id} shows. */
export type ListingResults = {
  totals: ChannelCounts
  weeks: Array<ChannelCounts & { label: string }>
  sources: Array<ChannelCounts & { label: string; href: string | null }>
  insights: Array<{
    label: string
    permalink: string | null
    day: string
    reach: number
    saved: number
    shares: number
  }>
  publicPath: string | null
  shortPath: string | null
  /** The short link in full (https://…/l/{code}), as the agent pastes it anywhere. */
  shortUrl: string | null
}
