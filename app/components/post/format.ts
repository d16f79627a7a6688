// The post design's tokens and formats (ADR 300): one place for the numbers a composition places
// content by. A composition asks its format for the safe area and the region heights instead of
// branching on the canvas height; it takes spacing, type sizes, radii and alphas from the scales
// here. Lengths are px on the 1080-wide design canvas (kit.u turns them into the target's units).
import type { PostTheme } from '~/domain/post-theme'
import type { SlideKit } from './kit'

/** Instagram's Story chrome at 1080×1920: the profile bar on top, the reply box below. */
export const STORY_SAFE = { top: 250, bottom: 340 } as const

export type FormatId = 'square' | 'portrait' | 'story'

export type PostFormat = {
  id: FormatId
  width: number
  height: number
  /** Where nothing but photo may be drawn: Instagram's chrome on a Story, none elsewhere. */
  safe: { top: number; bottom: number }
  /** The canvas height a composition may set text in (height minus the safe insets). */
  usable: number
  /**
   * Picks a value by format, for the few sizes that follow the canvas shape rather than the usable
   * height (a panel taller on a Story, a title a step larger on a portrait).
   */
  pick<T>(values: { square: T; portrait: T; story: T }): T
}

export function postFormat(kit: Pick<SlideKit, 'width' | 'height'>): PostFormat {
  const ratio = kit.height / kit.width
  const id: FormatId = ratio >= 1.6 ? 'story' : ratio > 1.1 ? 'portrait' : 'square'
  const safe = id === 'story' ? { ...STORY_SAFE } : { top: 0, bottom: 0 }
  return {
    id,
    width: kit.width,
    height: kit.height,
    safe,
    usable: kit.height - safe.top - safe.bottom,
    pick: (values) => values[id],
  }
}

/** Spacing steps: gaps between pieces and insets from the canvas edge. */
export const SPACE = { xs: 8, sm: 16, md: 24, lg: 40, xl: 64, xxl: 96 } as const

/** The type scale (px at 1080 wide). `min` is the smallest text on a slide: ≈ 10 px on a phone. */
export const TYPE = { min: 28, small: 32, body: 38, lead: 46, title: 80, display: 124, figure: 150 } as const

export const RADIUS = { sm: 12, md: 24, lg: 40, pill: 999 } as const

/** Scrim and tint strengths. */
export const ALPHA = { faint: 0.12, soft: 0.35, scrim: 0.55, strong: 0.78 } as const

/** The semantic colours a composition paints with, from the post's theme. */
export function postColours(theme: PostTheme) {
  return {
    /** Text set directly on a photo (under a scrim). */
    onPhoto: '#FFFFFF',
    accent: theme.secondary,
    /** Text on the brand's surface. */
    ink: theme.text,
    surface: theme.surface,
  }
}
