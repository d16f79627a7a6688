// Closing: the call to visit and the agent's contact: avatar (logo or initials), name, phone,
// and a button.
import type { BrandContent } from '~/domain/post-content'
import { shade, withAlpha } from '~/domain/post-theme'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { BODY_FONT, ButtonPill, DecorCircle, FitText, Frame, PAD, safeInsets } from './parts'
import type { LayoutProps } from './types'

const AVATAR = 220

export function ClosingSlide(props: LayoutProps) {
  const { kit, slide, brand } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const width = W - 2 * PAD - 40
  const title = slide.title?.trim() || 'Agende sua visita'
  const description = slide.description?.trim() || ''
  const button = slide.button?.trim() || ''
  const logo = kit.src(brand.logo)
  const showAvatar = slide.showAvatar && Boolean(logo || brand.initials)
  const room = H - safe.top - safe.bottom - 2 * PAD
  const compact = room < 1000
  const avatar = compact ? 180 : AVATAR
  return (
    <Frame
      kit={kit}
      background={theme.primary}
      style={{ backgroundImage: `linear-gradient(160deg, ${theme.primary} 0%, ${shade(theme.primary, 0.4)} 100%)` }}
    >
      <DecorCircle kit={kit} left={-200} top={-200} size={560} alpha={0.06} />
      <DecorCircle kit={kit} right={-160} bottom={-160} size={480} alpha={0.05} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'absolute',
          left: kit.u(PAD + 20),
          top: kit.u(safe.top + PAD),
          width: kit.u(width),
          height: kit.u(room),
          gap: kit.u(compact ? 26 : 40),
        }}
      >
        {showAvatar ? <Avatar kit={kit} brand={brand} logo={logo} size={avatar} compact={compact} /> : null}
        <FitText kit={kit} text={title} font={theme.font} weight={800} width={width} maxLines={3} max={compact ? 80 : 96} min={44} color={theme.onPrimary} lineHeight={1.08} align="center" />
        {description ? (
          <FitText kit={kit} text={description} font={BODY_FONT} weight={500} width={width} maxLines={compact ? 3 : 4} max={38} min={26} color={withAlpha(theme.onPrimary, 0.86)} lineHeight={1.35} align="center" />
        ) : null}
        {brand.name || brand.phone ? <ContactCard kit={kit} brand={brand} width={width} /> : null}
        {button ? <ButtonPill kit={kit} text={button} maxWidth={width} size={40} /> : null}
      </div>
    </Frame>
  )
}

/** The agent's logo on a white disc, else their initials on the accent colour. */
function Avatar({ kit, brand, logo, size, compact }: { kit: SlideKit; brand: BrandContent; logo: string | null; size: number; compact: boolean }) {
  const { theme } = kit
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: kit.u(size),
        height: kit.u(size),
        borderRadius: kit.u(size),
        background: logo ? '#FFFFFF' : theme.secondary,
        border: `${kit.u(8)} solid ${withAlpha(theme.onPrimary, 0.9)}`,
      }}
    >
      {logo ? (
        <img
          src={logo}
          alt=""
          {...(kit.target === 'image' ? { width: size - 70, height: size - 70 } : {})}
          style={{ width: kit.u(size - 70), height: kit.u(size - 70), objectFit: 'contain' }}
        />
      ) : (
        <div style={{ display: 'flex', fontFamily: theme.font, fontWeight: 800, fontSize: kit.u(compact ? 72 : 88), color: theme.onSecondary }}>
          {brand.initials}
        </div>
      )}
    </div>
  )
}

/** The agent's name and phone in a frosted card. */
function ContactCard({ kit, brand, width }: { kit: SlideKit; brand: BrandContent; width: number }) {
  const { theme } = kit
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        flexDirection: 'column',
        alignItems: 'center',
        gap: kit.u(10),
        padding: `${kit.u(22)} ${kit.u(40)}`,
        borderRadius: kit.u(24),
        background: withAlpha(theme.onPrimary, 0.08),
        border: `${kit.u(2)} solid ${withAlpha(theme.onPrimary, 0.18)}`,
        maxWidth: kit.u(width),
      }}
    >
      {brand.name ? (
        <div style={{ display: 'flex', fontFamily: theme.font, fontWeight: 700, fontSize: kit.u(36), color: theme.onPrimary }}>{brand.name}</div>
      ) : null}
      {brand.phone ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(14) }}>
          <Icon kit={kit} name="phone" size={36} color={theme.secondary} stroke={2.2} />
          <div style={{ display: 'flex', fontWeight: 700, fontSize: kit.u(40), color: theme.onPrimary }}>{brand.phone}</div>
        </div>
      ) : null}
    </div>
  )
}
