// Text slide: a kicker, a title, a paragraph and an optional button on the style's backdrop
// (backdrop.tsx: brand colour with a texture, never a flat square). Also the cover of a post
// that has no photo.
import { Accent, BODY_FONT, BrandFooter, FitText, Frame, PAD, safeInsets } from './parts'
import { slideBackdrop } from './backdrop'
import { ButtonPill, Pill } from './labels'
import { headingType, styleOf } from './style'
import type { LayoutProps } from './types'

export function TextSlide(props: LayoutProps & { kicker?: string | null }) {
  const { kit, slide, home, brand } = props
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const look = slideBackdrop(kit)
  const type = headingType(kit)
  const radius = styleOf(kit).radius
  const title = slide.title?.trim() || home?.name || ''
  const description = slide.description?.trim() || ''
  const button = slide.button?.trim() || ''
  const kicker = props.kicker?.trim() || ''
  const inset = look.align === 'center' ? 64 : 40
  const width = W - 2 * PAD - inset
  const footerTop = H - safe.bottom - PAD - 96
  const top = safe.top + PAD + 40
  const room = footerTop - top - 60
  const fixed = (kicker ? 110 : 0) + 40 + (button ? 170 : 0)
  const titleShare = description ? 0.5 : 1
  const titleHeight = Math.max(120, (room - fixed) * titleShare)
  const descHeight = Math.max(80, room - fixed - titleHeight - 40)
  const hasBrand = Boolean(brand.logo || brand.name || brand.phone)

  return (
    <Frame kit={kit} background={look.background} style={look.style}>
      {look.decor}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: look.align === 'center' ? 'center' : 'flex-start',
          position: 'absolute',
          left: kit.u(PAD + inset / 2 + (look.align === 'center' ? 0 : 8)),
          top: kit.u(top),
          width: kit.u(width),
          height: kit.u(room),
          gap: kit.u(32),
        }}
      >
        {kicker ? (
          <div style={{ display: 'flex' }}>
            <Pill
              kit={kit}
              text={kicker}
              background={look.button.background}
              color={look.button.color}
              size={30}
              maxWidth={width}
              radius={radius ? undefined : 0}
            />
          </div>
        ) : (
          <Accent kit={kit} width={120} color={look.accent} />
        )}
        {title ? (
          <FitText
            kit={kit}
            text={title}
            font={type.font}
            weight={type.weight}
            uppercase={type.uppercase}
            letterSpacing={type.letterSpacing}
            width={width}
            height={titleHeight}
            max={H > 1200 ? 104 : 92}
            min={44}
            color={look.ink}
            lineHeight={1.08}
            align={look.align}
          />
        ) : null}
        {description ? (
          <FitText
            kit={kit}
            text={description}
            font={BODY_FONT}
            weight={400}
            width={width}
            height={descHeight}
            max={42}
            min={28}
            color={look.muted}
            lineHeight={1.4}
            align={look.align}
          />
        ) : null}
        {button ? (
          <div style={{ display: 'flex', marginTop: kit.u(12) }}>
            <ButtonPill
              kit={kit}
              text={button}
              maxWidth={width}
              background={look.button.background}
              color={look.button.color}
              radius={radius ? undefined : 0}
            />
          </div>
        ) : null}
      </div>
      {hasBrand ? <BrandFooter kit={kit} brand={brand} top={footerTop} dark={look.dark} /> : null}
    </Frame>
  )
}
