// The visual styles a property post can take ("Estilo" in the template's form, kept in the
// post's fields like "Cor do post"). A style is more than colours: it picks the heading type, how
// the photo is treated, where the price sits and what the text slides are drawn on. Pure: the
// slide components read it from the theme in the browser and on the server. ADR 160.
import type { ThemeFont } from './home'

export const POST_STYLE_IDS = ['classico', 'elegante', 'moderno', 'minimalista', 'vibrante'] as const
export type PostStyleId = (typeof POST_STYLE_IDS)[number]

export const DEFAULT_POST_STYLE: PostStyleId = 'classico'

export type PostStyle = {
  id: PostStyleId
  label: string
  /** Heading font; null keeps the brand's font. */
  headingFont: ThemeFont | null
  headingWeight: 700 | 800
  /** Headings in capitals (with a little tracking). */
  uppercase: boolean
  /**
   * The cover's layout: `band` photo full-bleed over a price band; `split` photo above a solid
   * panel; `inset` photo framed by white with the words below; `centered` photo under a dark veil
   * with the words centred in a thin frame; `sticker` photo with a colour cast and the price on a
   * tilted sticker.
   */
  cover: 'band' | 'split' | 'inset' | 'centered' | 'sticker'
  /** What the text and closing slides are drawn on. */
  backdrop: 'circles' | 'stripes' | 'dots' | 'frame' | 'burst'
  /** Corner radius of cards and pills, in canvas px (0 = square). */
  radius: number
}

export const POST_STYLES: Record<PostStyleId, PostStyle> = {
  classico: {
    id: 'classico',
    label: 'Clássico',
    headingFont: null,
    headingWeight: 800,
    uppercase: false,
    cover: 'band',
    backdrop: 'circles',
    radius: 16,
  },
  elegante: {
    id: 'elegante',
    label: 'Elegante',
    headingFont: 'Playfair Display',
    headingWeight: 700,
    uppercase: false,
    cover: 'centered',
    backdrop: 'frame',
    radius: 0,
  },
  moderno: {
    id: 'moderno',
    label: 'Moderno',
    headingFont: 'Inter',
    headingWeight: 800,
    uppercase: true,
    cover: 'split',
    backdrop: 'stripes',
    radius: 4,
  },
  minimalista: {
    id: 'minimalista',
    label: 'Minimalista',
    headingFont: 'Inter',
    headingWeight: 700,
    uppercase: false,
    cover: 'inset',
    backdrop: 'dots',
    radius: 0,
  },
  vibrante: {
    id: 'vibrante',
    label: 'Vibrante',
    headingFont: 'Montserrat',
    headingWeight: 800,
    uppercase: true,
    cover: 'sticker',
    backdrop: 'burst',
    radius: 28,
  },
}

export function isPostStyleId(value: unknown): value is PostStyleId {
  return typeof value === 'string' && (POST_STYLE_IDS as readonly string[]).includes(value)
}

/** The style a stored value names; anything else is the default (the look posts always had). */
export function postStyle(value: unknown): PostStyle {
  return POST_STYLES[isPostStyleId(value) ? value : DEFAULT_POST_STYLE]
}

/** The name of the field that keeps a post's style. */
export const STYLE_FIELD_NAME = 'style'
