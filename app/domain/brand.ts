// The account's brand (/minha-conta/marca): logo, primary and accent colours, a font pair, and
// the agent's professional details (CRECI, Instagram, WhatsApp). Kept in `users.theme` (ADR 130):
// the colour/logo/font keys are the Theme the renderer already reads, the rest ride beside them.
// `brandPostTheme` is the one door from the brand to the renderer's theme. Pure.
import { z } from './validation'
import type { Theme, ThemeFont } from './home'
import { normalizeHex, resolvePostTheme, type PostTheme } from './post-theme'

export type AccountBrand = Theme & {
  /** 'CRECI 12345-F' as the agent writes it. */
  creci?: string | null
  /** Instagram handle without the '@'. */
  instagram?: string | null
  /** WhatsApp number, digits only (with DDD). */
  whatsapp?: string | null
  /** Colours picked from the logo when it was sent: the editor offers them. */
  logo_colors?: string[] | null
}

/** Pairs of the shipped @fontsource fonts: the heading font and the body font. */
export const FONT_PAIRS = [
  { heading: 'Montserrat', body: 'Inter', label: 'Moderna — Montserrat e Inter' },
  { heading: 'Playfair Display', body: 'Inter', label: 'Clássica — Playfair Display e Inter' },
  { heading: 'Inter', body: 'Inter', label: 'Neutra — Inter' },
  { heading: 'DM Serif Display', body: 'DM Sans', label: 'Revista — DM Serif Display e DM Sans' },
  { heading: 'Oswald', body: 'Inter', label: 'Impacto — Oswald e Inter' },
] as const satisfies ReadonlyArray<{ heading: ThemeFont; body: ThemeFont; label: string }>

export type FontPair = (typeof FONT_PAIRS)[number]

export function fontPairOf(heading: string | null | undefined): FontPair {
  return FONT_PAIRS.find((pair) => pair.heading === heading) ?? FONT_PAIRS[0]
}

/**
 * The theme keys of a brand, the shape the renderer's `resolvePostTheme` reads (primary over
 * the accent, the font pair's heading font, the logo).
 */
export function brandTheme(brand: AccountBrand | null | undefined): Theme {
  return {
    logo: brand?.logo ?? null,
    primary_color: brand?.primary_color ?? null,
    secondary_color: brand?.secondary_color ?? null,
    text_color: brand?.text_color ?? null,
    font: brand?.font ?? null,
  }
}

/**
 * The renderer's theme of a post of this account: the property's own theme (when it has one)
 * field by field over the account's brand, over Vitrine's default. The one function every slide
 * gets its colours, font and logo from.
 */
export function brandPostTheme(brand: AccountBrand | null | undefined, homeTheme?: Theme | null): PostTheme {
  return resolvePostTheme(homeTheme, brandTheme(brand))
}

/** The professional details a slide may show beside the agent's name (only those given). */
export function brandContacts(brand: AccountBrand | null | undefined): {
  creci?: string
  instagram?: string
  whatsapp?: string
} {
  const out: { creci?: string; instagram?: string; whatsapp?: string } = {}
  const creci = creciLabel(brand?.creci)
  if (creci) out.creci = creci
  if (brand?.instagram) out.instagram = `@${brand.instagram}`
  if (brand?.whatsapp) out.whatsapp = formatWhatsapp(brand.whatsapp)
  return out
}

/**
 * The CRECI as a post shows it, with the word once however it was typed: '123456-F' →
 * 'CRECI 123456-F'; 'CRECI-SP 123456-F' and 'CRECI CRECI-SP 123456-F' → 'CRECI-SP 123456-F'.
 */
export function creciLabel(value: string | null | undefined): string | null {
  const text = dedupeCreci((value ?? '').trim().replace(/\s+/g, ' '))
  if (!text) return null
  return /^creci\b/i.test(text) ? text.replace(/^creci/i, 'CRECI') : `CRECI ${text}`
}

/** A text with 'CRECI' written twice in a row ('CRECI CRECI-SP 123456-F') says it once. */
export function dedupeCreci(text: string): string {
  return text.replace(/\bcreci[\s:.]+(?=creci\b)/gi, '')
}

/** '11987654321' → '(11) 98765-4321'; other lengths as typed. */
export function formatWhatsapp(digits: string): string {
  const d = digits.replace(/\D/g, '')
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  return d
}

const colour = z
  .string({ error: 'Obrigatório' })
  .trim()
  .transform((value, ctx) => {
    const hex = normalizeHex(value)
    if (!hex) ctx.addIssue({ code: 'custom', message: 'Use uma cor no formato #RRGGBB' })
    return hex ?? value
  })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `No máximo ${max} caracteres` })
    .optional()
    .transform((value) => value || null)

/** The brand form (logo travels apart, as a file). */
export const BrandSchema = z.object({
  primary_color: colour,
  secondary_color: colour,
  font: z.enum(FONT_PAIRS.map((pair) => pair.heading) as [ThemeFont, ...ThemeFont[]], {
    error: 'Escolha um par de fontes',
  }),
  creci: optionalText(30).refine((value) => !value || /\d{2,}/.test(value), {
    message: 'Informe o número do CRECI (ex.: 12345-F)',
  }),
  instagram: optionalText(31)
    .transform(
      (value) =>
        value
          ?.replace(/^@/, '')
          .replace(/^https?:\/\/(www\.)?instagram\.com\//, '')
          .replace(/\/$/, '') || null,
    )
    .refine((value) => !value || /^[a-zA-Z0-9._]{1,30}$/.test(value), {
      message: 'Use só letras, números, ponto e sublinhado',
    }),
  whatsapp: optionalText(20)
    .transform((value) => value?.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '') || null)
    .refine((value) => !value || /^\d{10,11}$/.test(value), {
      message: 'Informe o número com DDD (10 ou 11 dígitos)',
    }),
  remove_logo: z.string().optional(),
})

export type BrandInput = z.infer<typeof BrandSchema>
