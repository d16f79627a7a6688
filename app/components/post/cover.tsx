// Cover: the property's photo and price in the post's style (post-style.ts): `band` (the classic
// look: photo full-bleed, headline over a dark fade, the price band in the brand colour) here,
// the others in cover-styles.tsx. Without a photo it becomes a bold typographic cover.
import type { HomeContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import {
  coverPricing,
  FactChips,
  PlaceLine,
  PriceFigure,
  SavingTag,
  SidePrices,
  sidePricesWidth,
  type CoverPricing,
} from './cover-parts'
import { CenteredCover, StickerCover } from './cover-bold'
import { InsetCover, SplitCover } from './cover-modern'
import type { SlideKit } from './kit'
import { Pill } from './labels'
import { Accent, BrandBadge, FitText, Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { photoBackdrop } from './photo-backdrop'
import { styleOf } from './style'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

export function coverImage(props: Pick<LayoutProps, 'slide' | 'home'>): string | null {
  return props.slide.image || props.home?.photos[0] || null
}

export function coverNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = coverImage(props)
  return ref ? [{ ref, width: size.width, height: size.height, fit: 'cover' }] : []
}

/** Height of the price band. */
export const PRICE_BAND = 210

/** Top of the price band: at the bottom of the feed and portrait, above a story's reply box. */
export function priceBandTop(size: FormatSize): number {
  return size.height - safeInsets(size).bottom - PRICE_BAND
}

/** What the cover styles receive. */
export type CoverProps = LayoutProps & { src: string; tag: string; title: string; pricing: CoverPricing }

export function CoverSlide(props: LayoutProps) {
  const { kit, slide, home } = props
  const src = kit.src(coverImage(props))
  if (!src) return <TextSlide {...props} kicker={slide.caption || home?.deal || null} />
  const cover: CoverProps = {
    ...props,
    src,
    tag: slide.caption?.trim() || home?.deal || '',
    title: slide.title?.trim() || home?.name || '',
    pricing: coverPricing(home, slide.description?.trim() || home?.price || 'Valor sob consulta'),
  }
  switch (styleOf(kit).cover) {
    case 'split':
      return <SplitCover {...cover} />
    case 'inset':
      return <InsetCover {...cover} />
    case 'centered':
      return <CenteredCover {...cover} />
    case 'sticker':
      return <StickerCover {...cover} />
    default:
      return <BandCover {...cover} />
  }
}

function BandCover(props: CoverProps) {
  const { kit, brand, home, src, tag, title, pricing } = props
  const { theme } = kit
  const H = kit.height
  const safe = safeInsets(kit)
  const bandTop = priceBandTop(kit)
  return (
    <Frame kit={kit} background={theme.primary}>
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 260, alpha: 0.5 },
        bottom: {
          // Dark enough under the whole headline, even on a light photo (WCAG AA; ADR 151).
          from: Math.round(H * (H > 1200 ? 0.32 : 0.22)),
          to: H,
          gradient:
            'linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,0.62) 30%, rgba(0,0,0,0.88) 70%, rgba(0,0,0,0.6) 100%)',
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
          gap: kit.u(24),
        }}
      >
        <BrandBadge kit={kit} brand={brand} maxWidth={tag ? 460 : 820} />
        {tag ? (
          <Pill kit={kit} text={tag} background={theme.secondary} color={theme.onSecondary} size={30} maxWidth={420} />
        ) : null}
      </div>
      <BandHeadline kit={kit} title={title} home={home} pricing={pricing} bottom={H - bandTop + 44} />
      <PriceBand kit={kit} pricing={pricing} top={bandTop} />
    </Frame>
  )
}

/** The title, the place and up to four facts, over the photo's fade. */
function BandHeadline({
  kit,
  title,
  home,
  pricing,
  bottom,
}: {
  kit: SlideKit
  title: string
  home: HomeContent | null
  pricing: CoverPricing
  bottom: number
}) {
  const { theme } = kit
  const textWidth = kit.width - 2 * PAD
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
      {pricing.drop ? (
        <div style={{ display: 'flex' }}>
          <SavingTag
            kit={kit}
            pricing={pricing}
            background={theme.secondary}
            color={theme.onSecondary}
            maxWidth={textWidth}
          />
        </div>
      ) : (
        <Accent kit={kit} />
      )}
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
      <PlaceLine
        kit={kit}
        text={home?.location ?? ''}
        width={textWidth}
        color="rgba(255,255,255,0.92)"
        pin={theme.secondary}
      />
      <FactChips
        kit={kit}
        home={home}
        background="rgba(255,255,255,0.16)"
        border="rgba(255,255,255,0.28)"
        color="#FFFFFF"
        radius={16}
      />
    </div>
  )
}

/** The band: the price (or the slide's own words), the old price on a drop, and condomínio/IPTU. */
function PriceBand({ kit, pricing, top }: { kit: SlideKit; pricing: CoverPricing; top: number }) {
  const { theme } = kit
  const W = kit.width
  const sideWidth = sidePricesWidth(pricing.side)
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        left: 0,
        top: kit.u(top),
        width: kit.u(W),
        height: kit.u(PRICE_BAND),
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
          gap: kit.u(24),
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(6) }}>
          {pricing.label && !pricing.drop ? (
            <div
              style={{
                display: 'flex',
                fontWeight: 700,
                fontSize: kit.u(MIN_TEXT),
                letterSpacing: kit.u(3),
                textTransform: 'uppercase',
                color: theme.secondary,
              }}
            >
              {pricing.label}
            </div>
          ) : null}
          <PriceFigure
            kit={kit}
            pricing={pricing}
            width={W - 2 * PAD - sideWidth - (sideWidth ? 24 : 0)}
            color={theme.onPrimary}
            font={theme.font}
            max={pricing.drop ? 68 : 76}
          />
        </div>
        <SidePrices kit={kit} lines={pricing.side} color={withAlpha(theme.onPrimary, 0.86)} align="right" />
      </div>
    </div>
  )
}
