// Photo slide: one photo full-bleed with its caption over a dark fade at the bottom.
import type { FormatSize } from '~/domain/slides'
import { headingType } from './style'
import { Accent, BrandBadge, FitText, Frame, PAD, safeInsets } from './parts'
import { photoBackdrop } from './photo-backdrop'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

export function photoNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = props.slide.image || props.home?.photos[0]
  return ref ? [{ ref, width: size.width, height: size.height, fit: 'cover' }] : []
}

export function PhotoSlide(props: LayoutProps) {
  const { kit, slide, home, brand } = props
  const src = kit.src(slide.image || home?.photos[0])
  if (!src) return <TextSlide {...props} />
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const caption = slide.caption?.trim() || slide.title?.trim() || ''
  const width = W - 2 * PAD
  return (
    <Frame kit={kit} background={kit.theme.primary}>
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 220, alpha: 0.42 },
        bottom: caption
          ? {
              from: Math.round(H * 0.55),
              to: H,
              gradient: 'linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,0.78) 100%)',
            }
          : undefined,
      })}
      <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(safe.top + PAD - 8) }}>
        <BrandBadge kit={kit} brand={brand} height={84} />
      </div>
      {caption ? (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            position: 'absolute',
            left: kit.u(PAD),
            width: kit.u(width),
            bottom: kit.u(safe.bottom + PAD + 8),
            gap: kit.u(22),
          }}
        >
          <Accent kit={kit} />
          <FitText
            kit={kit}
            text={caption}
            font={headingType(kit).font}
            weight={headingType(kit).weight}
            uppercase={headingType(kit).uppercase}
            width={width}
            maxLines={3}
            max={60}
            min={36}
            color="#FFFFFF"
            lineHeight={1.15}
          />
        </div>
      ) : null}
    </Frame>
  )
}
