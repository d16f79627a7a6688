// What every slide layout draws with: the canvas size, the theme, a length function and an image
// source function. The layouts are written once against this kit; the renderer (Takumi) gets
// pixel numbers and image keys, the HTML post view gets container-relative lengths and links.
import type { PostTheme } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import type { ImageTone } from './tone'

export type RenderTarget = 'image' | 'html'

export type SlideKit = {
  target: RenderTarget
  width: number
  height: number
  theme: PostTheme
  /** A length on the 1080-wide design canvas: px for the renderer, cqw for the page. */
  u(px: number): string
  /** Source of a stored image for the element drawing it, or null when it cannot be shown. */
  src(ref: string | null | undefined): string | null
  /** What the renderer measured of a stored image (tone.ts); null when it did not (the page). */
  tone(ref: string | null | undefined): ImageTone | null
}

/** Lengths of the design canvas (1080 wide) as a share of the slide's container width. */
export function htmlLength(px: number): string {
  return `${+(px / 10.8).toFixed(4)}cqw`
}

export function makeKit(options: {
  target: RenderTarget
  size: FormatSize
  theme: PostTheme
  src: (ref: string) => string | null
  tone?: (ref: string) => ImageTone | null
}): SlideKit {
  const { target, size, theme } = options
  return {
    target,
    width: size.width,
    height: size.height,
    theme,
    u: target === 'image' ? (px) => `${+px.toFixed(2)}px` : htmlLength,
    src: (ref) => (ref ? options.src(ref) : null),
    tone: (ref) => (ref && options.tone ? options.tone(ref) : null),
  }
}
