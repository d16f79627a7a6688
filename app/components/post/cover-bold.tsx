// Cover styles "elegante" (centered: the photo under a dark veil, a fine frame, the words centred
// in a serif) and "vibrante" (sticker: the photo cast in the brand colour, capitals, the price
// on a tilted sticker in the accent colour).
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { FactChips, PlaceLine, PriceFigure, SavingTag, SidePrices } from './cover-parts'
import { Pill } from './labels'
import { FitText, Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { CornerBrand } from './cover-kit'
import { photoBackdrop } from './photo-backdrop'
import { headingType } from './style'
import { postFormat } from './format'

const box = (kit: CoverProps['kit'], left: number, top: number, width: number, height: number) => ({
  display: 'flex' as const,
  position: 'absolute' as const,
  left: kit.u(left),
  top: kit.u(top),
  width: kit.u(width),
  height: kit.u(height),
})

export function CenteredCover(props: CoverProps) {
  const { kit, brand, home, src, photo, tag, title, pricing } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const inset = 36
  const width = W - 2 * PAD - 80
  const type = headingType(kit)
  return (
    <Frame kit={kit} background="#111111">
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 300, alpha: 0.55 },
        bottom: {
          from: Math.round(H * 0.3),
          to: H,
          gradient: 'linear-gradient(180deg, rgba(0,0,0,0.05) 0%, rgba(0,0,0,0.7) 40%, rgba(0,0,0,0.9) 100%)',
        },
      })}
      <div
        style={{
          ...box(kit, inset, inset, W - 2 * inset, H - 2 * inset),
          boxSizing: 'border-box',
          border: `${kit.u(2)} solid rgba(255,255,255,0.7)`,
        }}
      />
      <div
        style={{
          display: 'flex',
          justifyContent: 'center',
          position: 'absolute',
          left: 0,
          width: kit.u(W),
          top: kit.u(safe.top + PAD + 8),
        }}
      >
        <CornerBrand
          kit={kit}
          brand={brand}
          maxWidth={700}
          surface={{ photo, region: { x: 0.2, y: 0, width: 0.6, height: 0.18 }, dim: 0.55 }}
        />
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: kit.u(20),
          position: 'absolute',
          left: kit.u(PAD + 40),
          width: kit.u(width),
          bottom: kit.u(safe.bottom + PAD + 40),
        }}
      >
        {tag ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(18) }}>
            <div style={{ display: 'flex', width: kit.u(48), height: kit.u(2), background: theme.secondary }} />
            <FitText
              kit={kit}
              text={tag}
              font="Inter"
              weight={600}
              uppercase
              letterSpacing={6}
              width={Math.min(width - 140, 600)}
              maxLines={1}
              max={30}
              min={MIN_TEXT}
              color="#FFFFFF"
              align="center"
            />
            <div style={{ display: 'flex', width: kit.u(48), height: kit.u(2), background: theme.secondary }} />
          </div>
        ) : null}
        <FitText
          kit={kit}
          text={title}
          font={type.font}
          weight={type.weight}
          width={width}
          maxLines={3}
          max={postFormat(kit).pick({ square: 76, portrait: 86, story: 86 })}
          min={44}
          color="#FFFFFF"
          lineHeight={1.1}
          align="center"
        />
        <PlaceLine
          kit={kit}
          text={home?.location ?? ''}
          width={width}
          color="rgba(255,255,255,0.9)"
          pin={theme.secondary}
          align="center"
        />
        <div
          style={{
            display: 'flex',
            width: kit.u(140),
            height: kit.u(2),
            background: theme.secondary,
            marginTop: kit.u(6),
          }}
        />
        <SavingTag
          kit={kit}
          pricing={pricing}
          background="rgba(0,0,0,0)"
          color="#FFFFFF"
          maxWidth={width}
          radius={0}
          border={`${kit.u(2)} solid ${theme.secondary}`}
        />
        <PriceFigure
          kit={kit}
          pricing={pricing}
          width={width}
          color="#FFFFFF"
          font={type.font}
          max={pricing.drop ? 64 : 72}
          align="center"
        />
        <SidePrices
          kit={kit}
          lines={pricing.side.length ? [pricing.side.join('  ·  ')] : []}
          color="rgba(255,255,255,0.86)"
          align="center"
        />
      </div>
    </Frame>
  )
}

export function StickerCover(props: CoverProps) {
  const { kit, brand, home, src, photo, tag, title, pricing } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const width = W - 2 * PAD
  const type = headingType(kit)
  const ink = theme.onPrimary
  return (
    <Frame kit={kit} background={theme.primary}>
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 240, alpha: 0.45 },
        bottom: {
          from: Math.round(H * 0.2),
          to: H,
          gradient: `linear-gradient(180deg, ${withAlpha(theme.primary, 0)} 0%, ${withAlpha(theme.primary, 0.75)} 35%, ${withAlpha(theme.primary, 0.96)} 70%, ${theme.primary} 100%)`,
        },
      })}
      <div style={{ ...box(kit, 0, 0, W, H), background: withAlpha(theme.primary, 0.12) }} />
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
          surface={{ photo, region: { x: 0, y: 0, width: 0.6, height: 0.16 }, dim: 0.45 }}
        />
        {tag ? (
          <Pill
            kit={kit}
            text={tag}
            background="#FFFFFF"
            color={theme.primary === '#FFFFFF' ? '#111827' : theme.primary}
            size={32}
            maxWidth={420}
          />
        ) : null}
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: kit.u(22),
          position: 'absolute',
          left: kit.u(PAD),
          width: kit.u(width),
          bottom: kit.u(safe.bottom + PAD),
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(20), flexWrap: 'wrap' }}>
          <Sticker {...props} width={width} />
          <SavingTag kit={kit} pricing={pricing} background="#FFFFFF" color="#111827" maxWidth={width} />
        </div>
        <FitText
          kit={kit}
          text={title}
          font={type.font}
          weight={type.weight}
          uppercase
          letterSpacing={1}
          width={width}
          maxLines={3}
          max={postFormat(kit).pick({ square: 70, portrait: 80, story: 80 })}
          min={42}
          color={ink}
          lineHeight={1.04}
        />
        <PlaceLine
          kit={kit}
          text={home?.location ?? ''}
          width={width}
          color={withAlpha(ink, 0.9)}
          pin={theme.secondary}
        />
        <FactChips kit={kit} home={home} background="#FFFFFF" border="#FFFFFF" color="#111827" radius={28} />
        <SidePrices
          kit={kit}
          lines={pricing.side.length ? [pricing.side.join('  ·  ')] : []}
          color={withAlpha(ink, 0.88)}
        />
      </div>
    </Frame>
  )
}

/** The price on a tilted card in the accent colour. */
function Sticker(props: CoverProps & { width: number }) {
  const { kit, pricing } = props
  const { theme } = kit
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        flexDirection: 'column',
        gap: kit.u(2),
        padding: `${kit.u(18)} ${kit.u(30)}`,
        borderRadius: kit.u(28),
        background: theme.secondary,
        transform: 'rotate(-3deg)',
        boxShadow: `0 ${kit.u(10)} ${kit.u(30)} rgba(0,0,0,0.35)`,
      }}
    >
      {pricing.label && !pricing.drop ? (
        <div
          style={{
            display: 'flex',
            fontWeight: 800,
            fontSize: kit.u(MIN_TEXT),
            letterSpacing: kit.u(3),
            textTransform: 'uppercase',
            color: theme.onSecondary,
          }}
        >
          {pricing.label}
        </div>
      ) : null}
      <PriceFigure
        kit={kit}
        pricing={pricing}
        width={props.width - 60}
        color={theme.onSecondary}
        font={headingType(kit).font}
        max={pricing.drop ? 60 : 68}
      />
    </div>
  )
}
