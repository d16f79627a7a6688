// How a plan is paid (ADR 309): card, Pix or boleto, their pt-BR names and notes, what the
// subscription row keeps of the payment (the method, a card's last digits, a boleto or Pix
// awaiting payment), the receipt's line ("Pago com Pix", "Cartão final 4242") and the demo's
// boleto line and Pix copia-e-cola, made to the published formats.
import { SAO_PAULO } from './dates'

export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito',
  pix: 'Pix',
  boleto: 'Boleto',
}

/** Said beside each choice on /plano/contratar. */
export const PAYMENT_METHOD_NOTES: Record<PaymentMethod, string> = {
  card: 'Renova sozinho no cartão; o plano começa na hora.',
  pix: 'Pix Automático: você paga o primeiro Pix e autoriza as renovações uma vez no app do banco. O plano começa quando o Pix é confirmado.',
  boleto:
    'O boleto vence em 3 dias e cada renovação vem em um boleto novo. O plano começa quando o pagamento é confirmado (até 3 dias úteis).',
}

/** Days a boleto may be paid in (Stripe's `expires_after_days`, the demo's due date). */
export const BOLETO_DAYS = 3
/** Hours a Pix code may be paid in. */
export const PIX_HOURS = 24

/** A payment waiting to be made: the boleto's line or the Pix code, until when, where to see it. */
export type PendingPayment = {
  /** ISO 8601. */
  dueAt: string
  /** The boleto's linha digitável, or the Pix copia-e-cola; null when only the provider's page has it. */
  code: string | null
  /** The provider's page of the boleto or invoice. */
  url: string | null
}

/** What the subscription row keeps of how it is paid (column `subscriptions.payment`). */
export type SubscriptionPayment = {
  method: PaymentMethod
  /** A card's last four digits. */
  last4: string | null
  /** The last payment made: when (ISO 8601) and how much (cents). */
  paidAt: string | null
  amount: number | null
  pending: PendingPayment | null
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value)
}

/** "Cartão final 4242", "Pago com Pix", "Pago com boleto". */
export function paidWithText(payment: Pick<SubscriptionPayment, 'method' | 'last4'>): string {
  if (payment.method === 'card') return payment.last4 ? `Cartão final ${payment.last4}` : 'Pago com cartão'
  return payment.method === 'pix' ? 'Pago com Pix' : 'Pago com boleto'
}

/**
 * A payment that arrived settles what was pending; a pending one stays only while the
 * subscription is not live yet.
 */
export function settledPayment(payment: SubscriptionPayment | null, live: boolean): SubscriptionPayment | null {
  if (!payment || !live || !payment.pending) return payment
  return { ...payment, pending: null }
}

/** Whether a payment awaited is past its due date. */
export function isOverdue(payment: SubscriptionPayment | null | undefined, now = new Date()): boolean {
  return Boolean(payment?.pending && new Date(payment.pending.dueAt) < now)
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000)
}

const dayParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** A boleto's due date: the end of the day, São Paulo time, `days` after `from` (like Stripe's). */
export function boletoDueDate(from: Date, days = BOLETO_DAYS): Date {
  const day = dayParts.format(addDays(from, days)) // 2026-12-06
  // 23:59:59 in São Paulo (UTC−3, no daylight saving since 2019).
  return new Date(`${day}T23:59:59-03:00`)
}

// ---- The demo's boleto line (FEBRABAN "linha digitável") and Pix BR Code ------------------------

function mod10(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const n = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1)
    sum += n > 9 ? n - 9 : n
  }
  return (10 - (sum % 10)) % 10
}

function mod11(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const rest = 11 - (sum % 11)
  return rest === 0 || rest === 10 || rest === 11 ? 1 : rest
}

/** Days since 07/10/1997, restarting at 1000 after 9999 (FEBRABAN, from 22/02/2025). */
function dueFactor(due: Date): string {
  const days = Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - Date.UTC(1997, 9, 7)) / 86_400_000,
  )
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0')
}

/**
 * A boleto's 47-digit line with its check digits, for the demo: bank 000 (no bank), the amount,
 * the due date and 25 free digits from `seed`. 00090.00000 00000.000000 … as banks print it.
 */
export function demoBoletoLine(seed: string, due: Date, amountCents: number): string {
  const free = (seed.replace(/\D/g, '') + '0'.repeat(25)).slice(0, 25)
  const bank = '0009'
  const factorAndAmount = dueFactor(due) + String(Math.max(0, Math.round(amountCents))).padStart(10, '0')
  const barcodeWithoutDv = bank + factorAndAmount + free
  const dv = mod11(barcodeWithoutDv)
  const f1 = bank + free.slice(0, 5)
  const f2 = free.slice(5, 15)
  const f3 = free.slice(15, 25)
  const field = (digits: string, split: number) => `${digits.slice(0, split)}.${digits.slice(split)}${mod10(digits)}`
  return `${field(f1, 5)} ${field(f2, 5)} ${field(f3, 5)} ${dv} ${factorAndAmount}`
}

function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`

/** A static Pix BR Code (copia e cola) for `amountCents` to the demo's random key, with its CRC. */
export function demoPixCode(key: string, amountCents: number, txid: string): string {
  const payload =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', (amountCents / 100).toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', 'VITRINE DEMO') +
    tlv('60', 'SAO PAULO') +
    tlv('62', tlv('05', txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***')) +
    '6304'
  return payload + crc16(payload)
}
