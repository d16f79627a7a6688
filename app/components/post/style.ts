// The post's visual style as the slide layouts use it (app/domain/post-style.ts, ADR 160).
import { postStyle, type PostStyle } from '~/domain/post-style'
import type { ThemeFont } from '~/domain/home'
import type { SlideKit } from './kit'

export function styleOf(kit: SlideKit): PostStyle {
  return postStyle(kit.theme.style)
}

/** How headings are set in the post's style: font, weight, capitals and tracking. */
export function headingType(kit: SlideKit): {
  font: ThemeFont
  weight: number
  uppercase: boolean
  letterSpacing: number
} {
  const style = styleOf(kit)
  return {
    font: style.headingFont ?? kit.theme.font,
    weight: style.headingWeight,
    uppercase: style.uppercase,
    letterSpacing: style.uppercase ? 1 : 0,
  }
}
