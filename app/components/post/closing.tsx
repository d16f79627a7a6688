// Closing: the call to visit and the agent's contact: avatar (logo or initials), name, phone,
// and a button.
import type { BrandContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import { slideBackdrop, type Backdrop } from './backdrop'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { ButtonPill } from './labels'
import { BODY_FONT, FitText, Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { headingType, styleOf } from './style'
import type { LayoutProps } from './types'

const AVATAR = 220

export function ClosingSlide(props: LayoutProps) {
  const { kit, slide, brand } = props
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
  const look = slideBackdrop(kit)
  const type = headingType(kit)
  const radius = styleOf(kit).radius
  return (
    <Frame kit={kit} background={look.background} style={look.style}>
      {look.decor}
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
        {showAvatar ? (
          <Avatar kit={kit} brand={brand} logo={logo} size={avatar} compact={compact} ring={look.ink} />
        ) : null}
        <FitText
          kit={kit}
          text={title}
          font={type.font}
          weight={type.weight}
          uppercase={type.uppercase}
          letterSpacing={type.letterSpacing}
          width={width}
          maxLines={3}
          max={compact ? 80 : 96}
          min={44}
          color={look.ink}
          lineHeight={1.08}
          align="center"
        />
        {description ? (
          <FitText
            kit={kit}
            text={description}
            font={BODY_FONT}
            weight={500}
            width={width}
            maxLines={compact ? 3 : 4}
            max={38}
            min={MIN_TEXT}
            color={look.muted}
            lineHeight={1.35}
            align="center"
          />
        ) : null}
        {brand.name || brand.phone || brand.creci ? (
          <ContactCard kit={kit} brand={brand} width={width} look={look} radius={radius} />
        ) : null}
        {button ? (
          <ButtonPill
            kit={kit}
            text={button}
            maxWidth={width}
            size={40}
            background={look.button.background}
            color={look.button.color}
            radius={radius ? undefined : 0}
          />
        ) : null}
      </div>
    </Frame>
  )
}

/** The agent's logo on a white disc, else their initials on the accent colour. */
function Avatar({
  kit,
  brand,
  logo,
  size,
  compact,
  ring,
}: {
  kit: SlideKit
  brand: BrandContent
  logo: string | null
  size: number
  compact: boolean
  ring: string
}) {
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
        border: `${kit.u(8)} solid ${withAlpha(ring, 0.9)}`,
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
        <div
          style={{
            display: 'flex',
            fontFamily: theme.font,
            fontWeight: 800,
            fontSize: kit.u(compact ? 72 : 88),
            color: theme.onSecondary,
          }}
        >
          {brand.initials}
        </div>
      )}
    </div>
  )
}

/** The agent's name, phone, CRECI and Instagram in a frosted card. */
function ContactCard({
  kit,
  brand,
  width,
  look,
  radius,
}: {
  kit: SlideKit
  brand: BrandContent
  width: number
  look: Backdrop
  radius: number
}) {
  const { theme } = kit
  const phone = brand.phone || brand.whatsapp
  const line = [brand.creci, brand.instagram].filter(Boolean).join('  ·  ')
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        flexDirection: 'column',
        alignItems: 'center',
        gap: kit.u(10),
        padding: `${kit.u(22)} ${kit.u(40)}`,
        borderRadius: kit.u(radius ? 24 : 0),
        background: withAlpha(look.ink, 0.08),
        border: `${kit.u(2)} solid ${withAlpha(look.ink, 0.18)}`,
        maxWidth: kit.u(width),
      }}
    >
      {brand.name ? (
        <FitText
          kit={kit}
          text={brand.name}
          font={theme.font}
          weight={700}
          width={width - 80}
          maxLines={2}
          max={36}
          min={MIN_TEXT}
          color={look.ink}
          align="center"
          lineHeight={1.15}
        />
      ) : null}
      {phone ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(14) }}>
          <Icon kit={kit} name="phone" size={36} color={look.accent} stroke={2.2} />
          <div style={{ display: 'flex', fontWeight: 700, fontSize: kit.u(40), color: look.ink }}>{phone}</div>
        </div>
      ) : null}
      {line ? (
        <FitText
          kit={kit}
          text={line}
          font={BODY_FONT}
          weight={600}
          width={width - 80}
          maxLines={2}
          max={30}
          min={MIN_TEXT}
          color={look.muted}
          align="center"
        />
      ) : null}
    </div>
  )
}
