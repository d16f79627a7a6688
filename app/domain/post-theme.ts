// The colours, font and logo a post is drawn with: the property's theme when it has one, field by
// field over the account's theme, over Vitrine's default (navy and gold, a classic of Brazilian
// real-estate marketing). Pure: used by the slide components in the browser and on the server.
import { effectiveTheme, themeFonts, type Theme, type ThemeFont } from './home'
import type { CompositionId } from './compositions'
import type { PostStyleId } from './post-style'

export type PostTheme = {
  /** Large areas: price band, text slides. */
  primary: string
  /** Accents: deal tag, icons, button. */
  secondary: string
  /** Body text on light backgrounds. */
  text: string
  /** Text drawn on the primary colour (white or near-black, whichever reads better). */
  onPrimary: string
  /** Text drawn on the secondary colour. */
  onSecondary: string
  /** Light background of the floor-plan and features slides, tinted with the primary colour. */
  surface: string
  /** Headings. Body text is always Inter, which reads best at small sizes. */
  font: ThemeFont
  /** The logo's stored URL ('/uploads/…'), or null. */
  logo: string | null
  /** The post's visual style (post-style.ts); absent = 'classico'. */
  style?: PostStyleId
  /** The cover's composition (compositions.ts); absent = the one the style drew. */
  cover?: CompositionId
  /** The brand chose its font pair: it wins over the composition's. */
  fontChosen?: boolean
}

export const DEFAULT_POST_THEME: PostTheme = {
  primary: '#14213D',
  secondary: '#C9A227',
  text: '#1F2937',
  onPrimary: '#FFFFFF',
  onSecondary: '#14213D',
  surface: '#F4F5F8',
  font: 'Montserrat',
  logo: null,
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** '#abc' / 'abc' / '#AABBCC' → '#AABBCC'; anything else → null. */
export function normalizeHex(value: string | null | undefined): string | null {
  const m = HEX.exec((value ?? '').trim())
  if (!m) return null
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  return `#${hex.toUpperCase()}`
}

export function hexToRgb(hex: string): [number, number, number] {
  const h = normalizeHex(hex) ?? '#000000'
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** White or a near-black, whichever contrasts more with the background. */
export function readableOn(background: string, dark = '#111827'): string {
  return contrastRatio(background, '#FFFFFF') >= contrastRatio(background, dark) ? '#FFFFFF' : dark
}

/** Mixes a colour with white: amount 0 = the colour, 1 = white. */
export function tint(hex: string, amount: number): string {
  const rgb = hexToRgb(hex).map((v) => Math.round(v + (255 - v) * amount))
  return `#${rgb
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`
}

/** Mixes a colour with black: amount 0 = the colour, 1 = black. */
export function shade(hex: string, amount: number): string {
  const rgb = hexToRgb(hex).map((v) => Math.round(v * (1 - amount)))
  return `#${rgb
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`
}

/** 'rgba(r, g, b, a)' of a hex colour. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex)
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

export function normalizeFont(value: string | null | undefined): ThemeFont | null {
  const wanted = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
  return themeFonts.find((font) => font.toLowerCase() === wanted) ?? null
}

/** The property's theme over the account's (effectiveTheme) over the default, field by field. */
export function resolvePostTheme(
  homeTheme: Theme | null | undefined,
  accountTheme: Theme | null | undefined,
): PostTheme {
  const brand = effectiveTheme(homeTheme, accountTheme)
  const primary = normalizeHex(brand.primary_color) ?? DEFAULT_POST_THEME.primary
  const secondary = normalizeHex(brand.secondary_color) ?? DEFAULT_POST_THEME.secondary
  let text = normalizeHex(brand.text_color) ?? DEFAULT_POST_THEME.text
  // Body text sits on light surfaces: a too-light text colour would vanish, so keep it dark.
  if (contrastRatio(text, '#FFFFFF') < 3) text = DEFAULT_POST_THEME.text
  return {
    primary,
    secondary,
    text,
    onPrimary: readableOn(primary),
    onSecondary: readableOn(secondary, '#111827'),
    surface: tint(primary, 0.94),
    font: normalizeFont(brand.font) ?? DEFAULT_POST_THEME.font,
    fontChosen: normalizeFont(brand.font) !== null,
    logo: typeof brand.logo === 'string' && brand.logo.trim() ? brand.logo.trim() : null,
  }
}
