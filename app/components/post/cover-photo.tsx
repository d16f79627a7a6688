// Cover compositions led by the photos: a collage of the property's photos, and a magazine
// cover (the title at the top in display type, over the photo).
import type { FormatSize } from '~/domain/slides'
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { accentOn, BrandMark, Kicker, PhotoBox, Price, Scrim, scrimOver, Title } from './cover-kit'
import { PlaceLine } from './cover-parts'
import { textWidthEm } from './fit'
import { Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { coverPairing, tabularText } from './type-pairings'
import type { ImageNeed } from './types'
import { postFormat } from './format'

type Box = { left: number; top: number; width: number; height: number }

// ------------------------------------------------------------------ collage

const GUTTER = 10

function collagePanel(size: FormatSize): number {
  return postFormat(size).pick({ story: 420, portrait: 390, square: 350 })
}

/** The photo cells of a collage of n photos (1–4) over the area above the panel. */
export function collageBoxes(size: FormatSize, n: number): Box[] {
  const W = size.width
  const safe = safeInsets(size)
  const areaH = size.height - safe.bottom - collagePanel(size) - GUTTER
  const g = GUTTER
  if (n <= 1) return [{ left: 0, top: 0, width: W, height: areaH }]
  if (n === 2) {
    const w = (W - g) / 2
    return [
      { left: 0, top: 0, width: w, height: areaH },
      { left: w + g, top: 0, width: w, height: areaH },
    ]
  }
  if (n === 3) {
    const big = Math.round(W * 0.62)
    const h = (areaH - g) / 2
    return [
      { left: 0, top: 0, width: big, height: areaH },
      { left: big + g, top: 0, width: W - big - g, height: h },
      { left: big + g, top: h + g, width: W - big - g, height: h },
    ]
  }
  const topH = Math.round(areaH * 0.58)
  const w = (W - 2 * g) / 3
  const h = areaH - topH - g
  return [
    { left: 0, top: 0, width: W, height: topH },
    ...[0, 1, 2].map((i) => ({ left: i * (w + g), top: topH + g, width: w, height: h })),
  ]
}

/** The photos a collage shows: the cover first, then the property's next ones (up to 4). */
export function collagePhotos(props: Pick<CoverProps, 'photo' | 'home'>): string[] {
  const rest = (props.home?.photos ?? []).filter((ref) => ref !== props.photo)
  return [props.photo, ...rest].slice(0, 4)
}

export function collageNeeds(cover: string, home: CoverProps['home'], size: FormatSize): ImageNeed[] {
  const refs = collagePhotos({ photo: cover, home })
  const boxes = collageBoxes(size, refs.length)
  return refs.map((ref, i) => ({ ref, width: boxes[i]!.width, height: boxes[i]!.height, fit: 'cover' }))
}

export function CollageCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'collage')
  const refs = collagePhotos(props).filter((ref) => kit.src(ref))
  const boxes = collageBoxes(kit, refs.length)
  const safe = safeInsets(kit)
  const panelH = collagePanel(kit)
  const panelTop = kit.height - safe.bottom - panelH
  const width = kit.width - 2 * PAD
  const accent = accentOn(theme.primary, theme.secondary)
  const priceW = pricing.isPrice
    ? Math.min(
        560,
        textWidthEm(tabularText(pricing.main), pairing.display, false, 800) * 60 + (pricing.suffix ? 90 : 0) + 12,
      )
    : Math.min(400, textWidthEm(pricing.main, pairing.text, false, 600) * 44 + 12)
  return (
    <Frame kit={kit} background={theme.primary}>
      {refs.map((ref, i) => (
        <PhotoBox key={ref} kit={kit} src={kit.src(ref)!} {...boxes[i]!} />
      ))}
      <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD - 16), top: kit.u(safe.top + PAD - 24) }}>
        <BrandMark
          kit={kit}
          brand={brand}
          font={pairing.text}
          colour="#FFFFFF"
          surface={{ photo: refs[0] ?? null, region: { x: 0, y: 0, width: 0.5, height: 0.2 } }}
        />
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(panelTop + 40),
          width: kit.u(width),
          height: kit.u(panelH - 80),
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(14) }}>
          <Kicker kit={kit} text={tag} colour={accent} font={pairing.text} size={28} />
          <Title
            kit={kit}
            text={title}
            pairing={pairing}
            width={width}
            maxLines={3}
            max={postFormat(kit).pick({ square: 58, portrait: 66, story: 66 })}
            min={36}
            colour={theme.onPrimary}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: kit.u(24) }}>
          <PlaceLine
            kit={kit}
            text={home?.location ?? ''}
            width={width - priceW - 24}
            color={withAlpha(theme.onPrimary, 0.88)}
            pin={accent}
          />
          <div style={{ display: 'flex', flexShrink: 0 }}>
            <Price kit={kit} pricing={pricing} pairing={pairing} width={priceW} max={60} colour={theme.onPrimary} />
          </div>
        </div>
      </div>
    </Frame>
  )
}

// ------------------------------------------------------------------ magazine

export function MagazineCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing, src, photo } = props
  const pairing = coverPairing(kit, 'magazine')
  const safe = safeInsets(kit)
  const W = kit.width
  const H = kit.height
  const width = W - 2 * PAD
  const full = { left: 0, top: 0, width: W, height: H }
  const titleTop = safe.top + PAD + 96
  const titleMax = postFormat(kit).pick({ square: 104, portrait: 116, story: 124 })
  const bottomH = pricing.side.length ? 250 : 210
  const bottomTop = H - safe.bottom - bottomH
  const topRegion = { x: 0, y: 0, width: 1, height: (titleTop + titleMax * 3.2) / H }
  const facts = (home?.facts ?? [])
    .filter((f) => f.icon !== 'suite')
    .slice(0, 3)
    .map((f) => (f.icon === 'area' ? f.value : `${f.value} ${f.label.toLowerCase()}`))
    .join('  ·  ')
  return (
    <Frame kit={kit} background={kit.theme.primary}>
      <PhotoBox kit={kit} src={src} {...full} />
      <Scrim kit={kit} photo={photo} box={full} from="top" fade={220} region={topRegion} />
      <Scrim
        kit={kit}
        photo={photo}
        box={full}
        from="bottom"
        fade={200}
        region={{ x: 0, y: (bottomTop - 20) / H, width: 1, height: 1 - (bottomTop - 20) / H }}
      />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          right: kit.u(PAD),
          top: kit.u(safe.top + PAD - 12),
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingBottom: kit.u(14),
          borderBottom: `${kit.u(2)} solid rgba(255,255,255,0.7)`,
        }}
      >
        <Kicker kit={kit} text={tag} colour="#FFFFFF" font={pairing.text} size={28} />
        <BrandMark
          kit={kit}
          brand={brand}
          font={pairing.text}
          colour="#FFFFFF"
          height={60}
          maxWidth={420}
          surface={{
            photo,
            region: { x: 0.6, y: 0, width: 0.4, height: 0.12 },
            dim: scrimOver(kit, photo, topRegion),
          }}
        />
      </div>
      <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(titleTop) }}>
        <Title
          kit={kit}
          text={title}
          pairing={pairing}
          width={width}
          maxLines={3}
          max={titleMax}
          min={52}
          colour="#FFFFFF"
          lineHeight={1.0}
        />
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(bottomTop),
          width: kit.u(width),
          height: kit.u(bottomH - PAD + 16),
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: kit.u(24),
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(10), width: kit.u(width * 0.5) }}>
          {home?.location ? (
            <Kicker
              kit={kit}
              text={home.neighborhood || home.location}
              colour="#FFFFFF"
              font={pairing.text}
              size={28}
            />
          ) : null}
          {facts ? (
            <div
              style={{
                display: 'flex',
                fontFamily: pairing.text,
                fontWeight: 500,
                fontSize: kit.u(MIN_TEXT),
                color: '#FFFFFF',
              }}
            >
              {facts}
            </div>
          ) : null}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: kit.u(6) }}>
          <Price
            kit={kit}
            pricing={pricing}
            pairing={pairing}
            width={width * 0.5}
            max={64}
            colour="#FFFFFF"
            muted="#FFFFFF"
          />
          {pricing.side.map((line) => (
            <div
              key={line}
              style={{
                display: 'flex',
                fontFamily: pairing.text,
                fontWeight: 500,
                fontSize: kit.u(MIN_TEXT),
                color: '#FFFFFF',
              }}
            >
              {line}
            </div>
          ))}
        </div>
      </div>
    </Frame>
  )
}
