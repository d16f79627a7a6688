// The font pairings the cover compositions are set in: a display face for titles and figures,
// a text face for the rest. A composition names its pairing (domain/compositions.ts); a brand
// that chose its own font pair (any but the default one the brand step starts on) wins. ADR 246.
import { COMPOSITIONS, type CompositionId, type PairingId } from '~/domain/compositions'
import { FONT_PAIRS } from '~/domain/brand'
import { DEFAULT_POST_THEME } from '~/domain/post-theme'
import type { ThemeFont } from '~/domain/home'
import type { SlideKit } from './kit'

export type Pairing = {
  id: PairingId | 'marca'
  display: ThemeFont
  /** The display face's weight (DM Serif Display ships one). */
  displayWeight: number
  text: ThemeFont
  /** Titles in capitals, with a little tracking (condensed faces read better so). */
  uppercase: boolean
}

export const PAIRINGS: Record<PairingId, Pairing> = {
  classica: { id: 'classica', display: 'Montserrat', displayWeight: 800, text: 'Inter', uppercase: false },
  editorial: { id: 'editorial', display: 'Playfair Display', displayWeight: 700, text: 'Inter', uppercase: false },
  revista: { id: 'revista', display: 'DM Serif Display', displayWeight: 400, text: 'DM Sans', uppercase: false },
  impacto: { id: 'impacto', display: 'Oswald', displayWeight: 700, text: 'Inter', uppercase: true },
}

const SHIPPED_WEIGHT: Partial<Record<ThemeFont, number>> = { 'DM Serif Display': 400, Oswald: 700 }

/** The pairing a cover of this composition is set in, for this post's theme. */
export function coverPairing(kit: SlideKit, composition: CompositionId): Pairing {
  const theme = kit.theme
  if (theme.fontChosen && theme.font !== DEFAULT_POST_THEME.font) {
    const pair = FONT_PAIRS.find((p) => p.heading === theme.font)
    return {
      id: 'marca',
      display: theme.font,
      displayWeight: SHIPPED_WEIGHT[theme.font] ?? (theme.font === 'Playfair Display' ? 700 : 800),
      text: pair?.body ?? 'Inter',
      uppercase: theme.font === 'Oswald',
    }
  }
  return PAIRINGS[COMPOSITIONS[composition].pairing]
}

/** Figures of equal width, so prices line up and do not jump as they change. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const

/** Digits as the tabular figures draw them (all as wide as a '0'): what the fit measures. */
export function tabularText(text: string): string {
  return text.replace(/[0-9]/g, '0')
}
