// Text slide: a title, a paragraph and an optional button on the theme's primary colour, with
// quiet circles in the accent colour. Also the cover of a post that has no photo.
import { shade, withAlpha } from '~/domain/post-theme'
import { Accent, BODY_FONT, BrandFooter, ButtonPill, DecorCircle, FitText, Frame, PAD, Pill, safeInsets } from './parts'
import type { LayoutProps } from './types'

export function TextSlide(props: LayoutProps & { kicker?: string | null }) {
  const { kit, slide, home, brand } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const title = slide.title?.trim() || home?.name || ''
  const description = slide.description?.trim() || ''
  const button = slide.button?.trim() || ''
  const kicker = props.kicker?.trim() || ''
  const width = W - 2 * PAD - 40
  const footerTop = H - safe.bottom - PAD - 96
  const top = safe.top + PAD + 40
  const room = footerTop - top - 60
  const fixed = (kicker ? 90 : 0) + 40 + (button ? 150 : 0)
  const titleShare = description ? 0.5 : 1
  const titleHeight = Math.max(120, (room - fixed) * titleShare)
  const descHeight = Math.max(60, room - fixed - titleHeight - 40)
  const hasBrand = Boolean(brand.logo || brand.name || brand.phone)

  return (
    <Frame
      kit={kit}
      background={theme.primary}
      style={{ backgroundImage: `linear-gradient(135deg, ${theme.primary} 0%, ${shade(theme.primary, 0.35)} 100%)` }}
    >
      <DecorCircle kit={kit} right={-240} top={safe.top - 260} size={640} alpha={0.06} />
      <DecorCircle kit={kit} left={-180} bottom={safe.bottom - 160} size={460} alpha={0.05} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          position: 'absolute',
          left: kit.u(PAD + 8),
          top: kit.u(top),
          width: kit.u(width),
          height: kit.u(room),
          gap: kit.u(32),
        }}
      >
        {kicker ? (
          <div style={{ display: 'flex' }}>
            <Pill kit={kit} text={kicker} background={theme.secondary} color={theme.onSecondary} size={28} maxWidth={width} />
          </div>
        ) : (
          <Accent kit={kit} width={120} />
        )}
        {title ? (
          <FitText kit={kit} text={title} font={theme.font} weight={800} width={width} height={titleHeight} max={H > 1200 ? 104 : 92} min={44} color={theme.onPrimary} lineHeight={1.08} />
        ) : null}
        {description ? (
          <FitText kit={kit} text={description} font={BODY_FONT} weight={400} width={width} height={descHeight} max={42} min={26} color={withAlpha(theme.onPrimary, 0.86)} lineHeight={1.4} />
        ) : null}
        {button ? (
          <div style={{ display: 'flex', marginTop: kit.u(12) }}>
            <ButtonPill kit={kit} text={button} maxWidth={width} />
          </div>
        ) : null}
      </div>
      {hasBrand ? <BrandFooter kit={kit} brand={brand} top={footerTop} dark /> : null}
    </Frame>
  )
}
