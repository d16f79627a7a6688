// Google Tag Manager container id (ADR 052): "GTM-" followed by letters and digits.
// A wrong id is a deploy mistake, so it stops start-up, and the message says what was meant.
import { z } from 'zod'

export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/

export function isValidGtmId(value: string): boolean {
  return GTM_ID_PATTERN.test(value)
}

/**
 * The id the person most likely meant: blanks trimmed, upper case, the "GTM" prefix with exactly
 * one hyphen, anything that is not a letter or digit dropped. Undefined when nothing is left
 * to suggest (e.g. 'GTM-').
 *   ' gtm-abc12 ' → 'GTM-ABC12', 'gtm-12ab' → 'GTM-12AB', 'GTM_5XK9' → 'GTM-5XK9', 'ABC12' → 'GTM-ABC12'
 */
export function suggestGtmId(raw: string): string | undefined {
  const cleaned = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
  const body = cleaned.startsWith('GTM') ? cleaned.slice(3) : cleaned
  return body === '' ? undefined : `GTM-${body}`
}

export function invalidGtmIdMessage(raw: string): string {
  const suggestion = suggestGtmId(raw)
  const expected =
    'deve ser "GTM-" seguido de letras maiúsculas e dígitos / must be "GTM-" followed by capital letters and digits'
  const hint = suggestion ? `; você quis dizer / did you mean "${suggestion}"?` : ''
  return `GTM_ID ${JSON.stringify(raw)} inválido / invalid: ${expected}${hint}`
}

export class InvalidGtmIdError extends Error {
  readonly suggestion: string | undefined
  constructor(raw: string) {
    super(invalidGtmIdMessage(raw))
    this.name = 'InvalidGtmIdError'
    this.suggestion = suggestGtmId(raw)
  }
}

/** Unset or blank means "no tag manager". Anything else must already be a valid id. */
export function parseGtmId(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  if (!isValidGtmId(raw)) throw new InvalidGtmIdError(raw)
  return raw
}

/** The same rule for the environment schema (app/env.server.ts). */
export const GtmIdSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    try {
      return parseGtmId(raw)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message })
      return z.NEVER
    }
  })
