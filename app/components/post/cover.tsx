// Cover: the property's photo and price in the post's style (post-style.ts): `band` (the classic
// look: photo full-bleed, headline over a dark fade, the price band in the brand colour) here,
// the others in cover-styles.tsx. Without a photo it becomes a bold typographic cover.
import { legacyComposition, type CompositionId } from '~/domain/compositions'
import type { HomeContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import {
  coverPricing,
  isClosedDeal,
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
import { FactsCover, factsBoxes, PriceCover, priceBox } from './cover-message'
import { DateCover, dateBox, NeighborhoodCover, StampCover } from './cover-occasion'
import { ArchCover, archBox, MinimalCover, minimalBox } from './cover-frames'
import { CollageCover, collageNeeds, MagazineCover } from './cover-photo'
import type { SlideKit } from './kit'
import { Pill } from './labels'
import { Accent, FitText, Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { CornerBrand } from './cover-kit'
import { photoBackdrop } from './photo-backdrop'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'
import { postFormat } from './format'

export function coverImage(props: Pick<LayoutProps, 'slide' | 'home'>): string | null {
  return props.slide.image || props.home?.photos[0] || null
}

/** The images a cover draws, each at the box its composition gives it. */
export function coverNeeds(
  props: Pick<LayoutProps, 'slide' | 'home'>,
  size: FormatSize,
  composition: CompositionId = 'full-bleed',
): ImageNeed[] {
  const ref = coverImage(props)
  if (!ref) return []
  const box = (b: { width: number; height: number }): ImageNeed[] => [
    { ref, width: b.width, height: b.height, fit: 'cover' },
  ]
  switch (composition) {
    case 'collage':
      return collageNeeds(ref, props.home, size)
    case 'arch':
      return box(archBox(size))
    case 'minimal':
      return box(minimalBox(size))
    case 'price':
      return box(priceBox(size))
    case 'date':
      return box(dateBox(size))
    case 'facts': {
      const plan = props.home?.floorPlans[0]
      const boxes = factsBoxes(size, Boolean(plan))
      return [
        ...box(boxes.photo),
        ...(plan && boxes.plan
          ? [{ ref: plan, width: boxes.plan.width, height: boxes.plan.height, fit: 'contain' as const }]
          : []),
      ]
    }
    default:
      return box(size)
  }
}

/** Height of the price band. */
export const PRICE_BAND = 210

/** Top of the price band: at the bottom of the feed and portrait, above a story's reply box. */
export function priceBandTop(size: FormatSize): number {
  return size.height - safeInsets(size).bottom - PRICE_BAND
}

/** What the cover styles receive. */
export type CoverProps = LayoutProps & {
  /** The cover photo's stored URL (what `kit.tone` knows it by) and its source. */
  photo: string
  src: string
  tag: string
  title: string
  pricing: CoverPricing
}

export function CoverSlide(props: LayoutProps) {
  const { kit, slide, home } = props
  const photo = coverImage(props)
  const src = kit.src(photo)
  if (!src || !photo) return <TextSlide {...props} kicker={slide.caption || home?.deal || null} />
  const composition = coverComposition(kit)
  const tag = slide.caption?.trim() || (composition === 'neighborhood' ? 'Guia do bairro' : home?.deal) || ''
  const cover: CoverProps = {
    ...props,
    photo,
    src,
    tag,
    title: slide.title?.trim() || home?.name || '',
    pricing: coverPricing(home, slide.description?.trim() || home?.price || 'Valor sob consulta', {
      closed: isClosedDeal(tag),
    }),
  }
  const Composition = COVERS[composition]
  return <Composition {...cover} />
}

/** The composition a cover is drawn with: the post's, else the one its style drew. */
export function coverComposition(kit: SlideKit): CompositionId {
  return kit.theme.cover ?? legacyComposition(kit.theme.style)
}

/** Each composition's component. */
const COVERS: Record<CompositionId, (props: CoverProps) => React.ReactElement> = {
  'full-bleed': BandCover,
  split: SplitCover,
  framed: InsetCover,
  collage: CollageCover,
  price: PriceCover,
  magazine: MagazineCover,
  arch: ArchCover,
  minimal: MinimalCover,
  facts: FactsCover,
  stamp: StampCover,
  date: DateCover,
  neighborhood: NeighborhoodCover,
  centered: CenteredCover,
  sticker: StickerCover,
}

function BandCover(props: CoverProps) {
  const { kit, brand, home, src, photo, tag, title, pricing } = props
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
          from: Math.round(H * postFormat(kit).pick({ square: 0.22, portrait: 0.32, story: 0.32 })),
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
        <CornerBrand
          kit={kit}
          brand={brand}
          maxWidth={tag ? 460 : 820}
          surface={{ photo, region: { x: 0, y: 0, width: 0.6, height: 0.16 }, dim: 0.5 }}
        />
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
        max={postFormat(kit).pick({ square: 80, portrait: 92, story: 92 })}
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
