// The photo background of the cover and photo slides: the photo full-bleed, a dark fade at the
// top (under the brand) and, when text sits over the photo, a darker fade towards the bottom.
import { Photo } from './parts'
import type { SlideKit } from './kit'

export type PhotoBackdrop = {
  kit: SlideKit
  src: string
  /** Height of the top fade, and how dark it starts. */
  top: { height: number; alpha: number }
  /** The bottom fade: where it starts and ends, and its gradient. */
  bottom?: { from: number; to: number; gradient: string }
}

/**
 * The backdrop's elements, to place first in the slide's frame. A function rather than a
 * component: Satori would wrap a component's fragment in a box of its own.
 */
export function photoBackdrop({ kit, src, top, bottom }: PhotoBackdrop) {
  const W = kit.width
  return [
    <Photo key="photo" kit={kit} src={src} left={0} top={0} width={W} height={kit.height} />,
    <div
      key="top-fade"
      style={{
        display: 'flex',
        position: 'absolute',
        left: 0,
        top: 0,
        width: kit.u(W),
        height: kit.u(top.height),
        backgroundImage: `linear-gradient(180deg, rgba(0,0,0,${top.alpha}) 0%, rgba(0,0,0,0) 100%)`,
      }}
    />,
    bottom ? (
      <div
        key="bottom-fade"
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: kit.u(bottom.from),
          width: kit.u(W),
          height: kit.u(bottom.to - bottom.from),
          backgroundImage: bottom.gradient,
        }}
      />
    ) : null,
  ]
}
