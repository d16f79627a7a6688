// Cover styles "moderno" (split: the photo above a solid panel of the brand colour, headings in
// capitals) and "minimalista" (inset: the photo framed by white, quiet type below it).
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { FactChips, PlaceLine, PriceFigure, SavingTag, SidePrices, sidePricesWidth } from './cover-parts'
import { Pill } from './labels'
import { BODY_FONT, FitText, Frame, MIN_TEXT, PAD, Photo, safeInsets } from './parts'
import { CornerBrand } from './cover-kit'
import { photoBackdrop } from './photo-backdrop'
import { headingType } from './style'
import { postFormat } from './format'

const fade = (kit: CoverProps['kit'], top: number, height: number, gradient: string) => (
  <div
    key={`fade-${top}`}
    style={{
      display: 'flex',
      position: 'absolute',
      left: 0,
      top: kit.u(top),
      width: kit.u(kit.width),
      height: kit.u(height),
      backgroundImage: gradient,
    }}
  />
)

/** Where a corner brand sits on the photo: its top left. */
const TOP_LEFT = { x: 0, y: 0, width: 0.6, height: 0.16 }

export function SplitCover(props: CoverProps) {
  const { kit, brand, home, src, photo, tag, title, pricing } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const panelH = postFormat(kit).pick({ square: 440, portrait: 500, story: 560 })
  const panelTop = H - safe.bottom - panelH
  const type = headingType(kit)
  const width = W - 2 * PAD
  const sideWidth = sidePricesWidth(pricing.side)
  return (
    <Frame kit={kit} background={theme.primary}>
      {photoBackdrop({ kit, src, top: { height: safe.top + 240, alpha: 0.5 } })}
      {fade(kit, panelTop - 260, 260, 'linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,0.55) 100%)')}
      {safe.bottom
        ? fade(
            kit,
            panelTop + panelH,
            safe.bottom,
            'linear-gradient(180deg, rgba(0,0,0,0.7) 0%, rgba(0,0,0,0.35) 100%)',
          )
        : null}
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
        <CornerBrand kit={kit} brand={brand} maxWidth={tag ? 460 : 820} surface={{ photo, region: TOP_LEFT }} />
        {tag ? (
          <Pill
            kit={kit}
            text={tag}
            background={theme.secondary}
            color={theme.onSecondary}
            size={30}
            maxWidth={420}
            radius={4}
          />
        ) : null}
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: kit.u(16),
          position: 'absolute',
          left: kit.u(PAD),
          bottom: kit.u(H - panelTop + 28),
          width: kit.u(width),
        }}
      >
        <SavingTag
          kit={kit}
          pricing={pricing}
          background={theme.secondary}
          color={theme.onSecondary}
          maxWidth={width}
          radius={4}
        />
        <FactChips kit={kit} home={home} background="#FFFFFF" border="#FFFFFF" color="#111827" radius={4} />
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: kit.u(panelTop),
          width: kit.u(W),
          height: kit.u(panelH),
          background: theme.primary,
        }}
      />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: kit.u(panelTop - 12),
          width: kit.u(W * 0.42),
          height: kit.u(24),
          background: theme.secondary,
        }}
      />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(panelTop + 48),
          width: kit.u(width),
          height: kit.u(panelH - 88),
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(14) }}>
          <FitText
            kit={kit}
            text={title}
            font={type.font}
            weight={type.weight}
            uppercase
            letterSpacing={1}
            width={width}
            maxLines={2}
            max={postFormat(kit).pick({ square: 58, portrait: 64, story: 64 })}
            min={40}
            color={theme.onPrimary}
            lineHeight={1.06}
          />
          <PlaceLine
            kit={kit}
            text={home?.location ?? ''}
            width={width}
            color={withAlpha(theme.onPrimary, 0.88)}
            pin={theme.secondary}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: kit.u(24) }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(4) }}>
            {pricing.label && !pricing.drop ? (
              <div
                style={{
                  display: 'flex',
                  fontWeight: 800,
                  fontSize: kit.u(MIN_TEXT),
                  letterSpacing: kit.u(4),
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
              width={width - sideWidth - (sideWidth ? 24 : 0)}
              color={theme.onPrimary}
              font={BODY_FONT}
              max={pricing.drop ? 62 : 70}
            />
          </div>
          <SidePrices kit={kit} lines={pricing.side} color={withAlpha(theme.onPrimary, 0.86)} align="right" />
        </div>
      </div>
    </Frame>
  )
}

const INK = '#111827'
const GREY = '#4B5563'

export function InsetCover(props: CoverProps) {
  const { kit, brand, home, src, photo, tag, title, pricing } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const story = postFormat(kit).id === 'story'
  const M = 48
  const textH = postFormat(kit).pick({ square: 400, portrait: 430, story: 520 })
  const textTop = H - safe.bottom - textH - (story ? M : 0)
  const width = W - 2 * PAD - (story ? 2 * M : 0)
  const left = PAD + (story ? M : 0)
  const sideWidth = sidePricesWidth(pricing.side)
  const kicker = [tag, home?.category].filter(Boolean).join(' · ')
  return (
    <Frame kit={kit} background="#FFFFFF">
      {story ? (
        photoBackdrop({ kit, src, top: { height: safe.top + 200, alpha: 0.4 } })
      ) : (
        <Photo kit={kit} src={src} left={M} top={M} width={W - 2 * M} height={textTop - M} />
      )}
      {story ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: kit.u(M),
            top: kit.u(textTop),
            width: kit.u(W - 2 * M),
            height: kit.u(textH),
            background: '#FFFFFF',
          }}
        />
      ) : null}
      <div style={{ display: 'flex', position: 'absolute', left: kit.u(M + 28), top: kit.u(safe.top + M + 28) }}>
        <CornerBrand
          kit={kit}
          brand={brand}
          height={84}
          maxWidth={600}
          surface={{ photo, region: { x: 0, y: 0, width: 0.6, height: 0.18 } }}
        />
      </div>
      {pricing.drop ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            right: kit.u(M + 28),
            top: kit.u(textTop - (story ? 28 : 0) - 100),
          }}
        >
          <SavingTag
            kit={kit}
            pricing={pricing}
            background="#FFFFFF"
            color={INK}
            maxWidth={W - 2 * M - 56}
            radius={0}
          />
        </div>
      ) : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: kit.u(14),
          position: 'absolute',
          left: kit.u(left),
          top: kit.u(textTop + 8),
          width: kit.u(width),
          height: kit.u(textH - 24),
        }}
      >
        {kicker ? (
          <FitText
            kit={kit}
            text={kicker}
            font={BODY_FONT}
            weight={700}
            uppercase
            letterSpacing={4}
            width={width}
            maxLines={1}
            max={MIN_TEXT}
            min={MIN_TEXT}
            color={theme.primary}
          />
        ) : null}
        <FitText
          kit={kit}
          text={title}
          font={headingType(kit).font}
          weight={700}
          width={width}
          maxLines={2}
          max={story ? 60 : 54}
          min={36}
          color={INK}
          lineHeight={1.1}
        />
        <PlaceLine kit={kit} text={home?.location ?? ''} width={width} color={GREY} pin={theme.primary} />
        <div
          style={{
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: kit.u(24),
            marginTop: kit.u(8),
            paddingTop: kit.u(16),
            borderTop: `${kit.u(2)} solid #E5E7EB`,
          }}
        >
          <PriceFigure
            kit={kit}
            pricing={pricing}
            width={width - sideWidth - (sideWidth ? 24 : 0)}
            color={INK}
            font={BODY_FONT}
            max={pricing.drop ? 52 : 60}
          />
          <SidePrices kit={kit} lines={pricing.side} color={GREY} align="right" />
        </div>
      </div>
    </Frame>
  )
}
