// Cover: the property's photo full-bleed, the headline and facts over a dark fade, and the price
// band in the theme's primary colour. Without a photo it becomes a bold typographic cover.
import type { HomeContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { Accent, BODY_FONT, BrandBadge, FitText, Frame, PAD, Pill, safeInsets } from './parts'
import { photoBackdrop } from './photo-backdrop'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

export function coverImage(props: Pick<LayoutProps, 'slide' | 'home'>): string | null {
  return props.slide.image || props.home?.photos[0] || null
}

export function coverNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = coverImage(props)
  return ref ? [{ ref, width: size.width, height: size.height, fit: 'cover' }] : []
}

/** Height of the price band (above the story's bottom safe area). */
export const PRICE_BAND = 210

export function priceBandTop(size: FormatSize): number {
  return size.height - (size.height >= 1800 ? 250 : 0) - PRICE_BAND
}

export function CoverSlide(props: LayoutProps) {
  const { kit, slide, home, brand } = props
  const { theme } = kit
  const src = kit.src(coverImage(props))
  if (!src) return <TextSlide {...props} kicker={slide.caption || home?.deal || null} />

  const H = kit.height
  const safe = safeInsets(kit)
  const bandTop = priceBandTop(kit)
  const tag = slide.caption?.trim() || home?.deal || ''

  return (
    <Frame kit={kit} background={theme.primary}>
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 260, alpha: 0.5 },
        bottom: {
          from: Math.round(H * 0.32),
          to: bandTop,
          gradient: 'linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,0.55) 45%, rgba(0,0,0,0.85) 100%)',
        },
      })}
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          right: kit.u(PAD),
          top: kit.u(safe.top + PAD - 8),
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <BrandBadge kit={kit} brand={brand} />
        {tag ? <Pill kit={kit} text={tag} background={theme.secondary} color={theme.onSecondary} size={30} maxWidth={520} /> : null}
      </div>
      <CoverHeadline kit={kit} title={slide.title?.trim() || home?.name || ''} home={home} bottom={H - bandTop + 44} />
      <PriceBand kit={kit} home={home} text={slide.description?.trim() || home?.price || 'Valor sob consulta'} top={bandTop} />
    </Frame>
  )
}

/** The title, the place and up to four facts, over the photo's fade. */
function CoverHeadline({ kit, title, home, bottom }: { kit: SlideKit; title: string; home: HomeContent | null; bottom: number }) {
  const { theme } = kit
  const textWidth = kit.width - 2 * PAD
  const facts = (home?.facts ?? []).filter((f) => f.icon !== 'suite').slice(0, 4)
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        position: 'absolute',
        left: kit.u(PAD),
        width: kit.u(textWidth),
        bottom: kit.u(bottom),
        gap: kit.u(22),
      }}
    >
      <Accent kit={kit} />
      <FitText
        kit={kit}
        text={title}
        font={theme.font}
        weight={800}
        width={textWidth}
        maxLines={3}
        max={kit.height > 1200 ? 92 : 80}
        min={48}
        color="#FFFFFF"
        lineHeight={1.08}
      />
      {home?.location ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(12) }}>
          <Icon kit={kit} name="pin" size={36} color={theme.secondary} stroke={2.4} />
          <FitText kit={kit} text={home.location} font={BODY_FONT} weight={500} width={textWidth - 50} maxLines={1} max={34} min={24} color="rgba(255,255,255,0.92)" />
        </div>
      ) : null}
      {facts.length ? (
        <div style={{ display: 'flex', gap: kit.u(16), marginTop: kit.u(8) }}>
          {facts.map((fact) => (
            <FactChip key={fact.icon} kit={kit} fact={fact} />
          ))}
        </div>
      ) : null}
    </div>
  )
}

function FactChip({ kit, fact }: { kit: SlideKit; fact: HomeContent['facts'][number] }) {
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        alignItems: 'center',
        gap: kit.u(12),
        padding: `${kit.u(12)} ${kit.u(20)}`,
        borderRadius: kit.u(16),
        background: 'rgba(255,255,255,0.16)',
        border: `${kit.u(2)} solid rgba(255,255,255,0.28)`,
      }}
    >
      <Icon kit={kit} name={fact.icon} size={34} color="#FFFFFF" stroke={2.2} />
      <div style={{ display: 'flex', fontWeight: 700, fontSize: kit.u(30), color: '#FFFFFF' }}>
        {fact.icon === 'area' ? fact.value : `${fact.value} ${fact.label.toLowerCase()}`}
      </div>
    </div>
  )
}

/** The band at the bottom: the price (or the slide's own words) and the other prices beside it. */
function PriceBand({ kit, home, text, top }: { kit: SlideKit; home: HomeContent | null; text: string; top: number }) {
  const { theme } = kit
  const W = kit.width
  const isPrice = /^R\$/.test(text)
  const label = isPrice ? (home?.priceLabel ?? 'Valor') : home ? `${home.category} ${home.deal.toLowerCase()}` : ''
  const side = isPrice ? (home?.otherPrices ?? []) : []
  const sideWidth = side.length ? 300 : 0
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        left: 0,
        top: kit.u(top),
        width: kit.u(W),
        height: kit.u(kit.height - top),
        background: theme.primary,
      }}
    >
      <div style={{ display: 'flex', width: kit.u(14), height: kit.u(PRICE_BAND), background: theme.secondary }} />
      <div
        style={{
          display: 'flex',
          boxSizing: 'border-box',
          alignItems: 'center',
          justifyContent: 'space-between',
          width: kit.u(W - 14),
          height: kit.u(PRICE_BAND),
          padding: `0 ${kit.u(PAD)} 0 ${kit.u(PAD - 14)}`,
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(6) }}>
          {label ? (
            <div
              style={{
                display: 'flex',
                fontWeight: 700,
                fontSize: kit.u(26),
                letterSpacing: kit.u(3),
                textTransform: 'uppercase',
                color: theme.secondary,
              }}
            >
              {label}
            </div>
          ) : null}
          <PriceLine kit={kit} home={home} text={text} isPrice={isPrice} width={W - 2 * PAD - sideWidth} />
        </div>
        {side.length ? (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: kit.u(8), width: kit.u(sideWidth) }}>
            {side.map((line) => (
              <div key={line} style={{ display: 'flex', fontWeight: 500, fontSize: kit.u(26), color: withAlpha(theme.onPrimary, 0.82) }}>
                {line}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  )
}

function PriceLine({ kit, home, text, isPrice, width }: { kit: SlideKit; home: HomeContent | null; text: string; isPrice: boolean; width: number }) {
  const { theme } = kit
  const suffix = isPrice ? home?.priceSuffix : null
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: kit.u(8) }}>
      <FitText
        kit={kit}
        text={text}
        font={theme.font}
        weight={800}
        width={width - (suffix ? 110 : 0)}
        maxLines={isPrice ? 1 : 2}
        max={isPrice ? 76 : 52}
        min={30}
        color={theme.onPrimary}
        lineHeight={1.1}
      />
      {suffix ? (
        <div style={{ display: 'flex', boxSizing: 'border-box', fontWeight: 600, fontSize: kit.u(32), paddingBottom: kit.u(10), color: withAlpha(theme.onPrimary, 0.8) }}>
          {suffix}
        </div>
      ) : null}
    </div>
  )
}
