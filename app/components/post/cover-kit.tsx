// Pieces the cover compositions share: the brand mark on the surface under it, a photo in any
// shape, a measured scrim, the title in the composition's display face, and the price in
// tabular figures. Flexbox and inline styles only: the page and Takumi draw them alike.
import type { CSSProperties } from 'react'
import type { BrandContent } from '~/domain/post-content'
import { contrastRatio, luminance, withAlpha } from '~/domain/post-theme'
import type { ThemeFont } from '~/domain/home'
import type { CoverPricing } from './cover-parts'
import { textWidthEm } from './fit'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { BrandBadge, FitText, LOGO_BOX, MIN_TEXT, PAD, safeInsets } from './parts'
import { TABULAR, tabularText, type Pairing } from './type-pairings'
import { lightestIn, logoLook, scrimFor, type Region } from './tone'

export const INK = '#111827'

/** A photo in an absolutely placed box of any shape (radius as CSS, in canvas px). */
export function PhotoBox(props: {
  kit: SlideKit
  src: string
  left: number
  top: number
  width: number
  height: number
  radius?: [number, number, number, number]
  style?: CSSProperties
}) {
  const { kit } = props
  const r = props.radius
  return (
    <img
      src={props.src}
      alt=""
      {...(kit.target === 'image'
        ? { width: props.width, height: props.height }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
      style={{
        position: 'absolute',
        left: kit.u(props.left),
        top: kit.u(props.top),
        width: kit.u(props.width),
        height: kit.u(props.height),
        objectFit: 'cover',
        borderRadius: r ? r.map((v) => kit.u(v)).join(' ') : 0,
        ...props.style,
      }}
    />
  )
}

/**
 * A black wash over part of a photo, as dark as the measured photo needs for white text to
 * read at 4.5:1 there, and none where it already does. `region` is where the text sits, as
 * fractions of the photo; the wash fades in from `fade` px above it.
 */
export function Scrim(props: {
  kit: SlideKit
  photo: string | null
  region: Region
  /** The photo's box on the canvas. */
  box: { left: number; top: number; width: number; height: number }
  /** Which way the wash fades out: towards the top (text at the bottom) or the bottom. */
  from: 'bottom' | 'top' | 'even'
  fade?: number
}) {
  const { kit, region, box } = props
  const alpha = scrimFor(lightestIn(kit.tone(props.photo), region))
  if (alpha <= 0) return null
  const fade = props.fade ?? 160
  const top = box.top + region.y * box.height - (props.from === 'bottom' ? fade : 0)
  const height = region.height * box.height + (props.from === 'even' ? 0 : fade)
  const a = alpha.toFixed(2)
  const gradient =
    props.from === 'bottom'
      ? `linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,${a}) ${Math.round((fade / height) * 100)}%, rgba(0,0,0,${a}) 100%)`
      : props.from === 'top'
        ? `linear-gradient(180deg, rgba(0,0,0,${a}) 0%, rgba(0,0,0,${a}) ${Math.round(100 - (fade / height) * 100)}%, rgba(0,0,0,0) 100%)`
        : `linear-gradient(180deg, rgba(0,0,0,${a}) 0%, rgba(0,0,0,${a}) 100%)`
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        left: kit.u(box.left + region.x * box.width),
        top: kit.u(Math.max(box.top, top)),
        width: kit.u(region.width * box.width),
        height: kit.u(Math.min(height, box.top + box.height - Math.max(box.top, top))),
        backgroundImage: gradient,
      }}
    />
  )
}

/** What lies under the brand mark: a flat colour, or a part of a photo (under a scrim, maybe). */
export type Surface = { colour: string } | { photo: string | null; region: Region; dim?: number }

function surfaceLuminance(kit: SlideKit, surface: Surface): number | null {
  if ('colour' in surface) return luminance(surface.colour)
  const tone = kit.tone(surface.photo)
  return tone ? lightestIn(tone, surface.region) * Math.pow(1 - (surface.dim ?? 0), 2.2) : null
}

/** The scrim a photo region gets for white text (0–1), as `Scrim` draws it. */
export function scrimOver(kit: SlideKit, photo: string | null, region: Region): number {
  return scrimFor(lightestIn(kit.tone(photo), region))
}

/**
 * The brand in a corner, on what lies under it. A logo whose background was removed is drawn
 * bare when it stands out from the surface (3:1, the ratio for graphics), else on a plate of
 * the opposite lightness; a logo with its own background is shown whole, its background its
 * plate. Without a logo, the agent's name in the text face. The page (no measurements) keeps
 * the white plate: it reads on anything.
 */
export function BrandMark(props: {
  kit: SlideKit
  brand: BrandContent
  surface: Surface
  font: ThemeFont
  height?: number
  maxWidth?: number
  /** The text colour of the name when there is no logo. */
  colour: string
}) {
  const { kit, brand } = props
  const height = props.height ?? 84
  const logoRef = brand.logo
  const logo = kit.src(logoRef)
  if (logo) {
    const look = logoLook(kit.tone(logoRef))
    const under = surfaceLuminance(kit, props.surface)
    const lum = (l: number) => (l + 0.05) / 0.05
    let plate: string | null = '#FFFFFF'
    if (look && under !== null) {
      if (!look.transparent) plate = null
      else {
        const ratio = Math.max(lum(look.luminance), lum(under)) / Math.min(lum(look.luminance), lum(under))
        plate = ratio >= 3 ? null : look.luminance > 0.4 ? INK : '#FFFFFF'
      }
    }
    const inner = height - (plate ? 20 : 0)
    return (
      <div
        style={{
          display: 'flex',
          boxSizing: 'border-box',
          alignItems: 'center',
          height: kit.u(height),
          padding: plate ? `${kit.u(10)} ${kit.u(18)}` : 0,
          borderRadius: kit.u(plate ? 18 : look && !look.transparent ? 12 : 0),
          background: plate ?? undefined,
          overflow: 'hidden',
        }}
      >
        <img
          src={logo}
          alt=""
          {...(kit.target === 'image' ? { width: LOGO_BOX.width, height: inner } : {})}
          style={{
            width: kit.u(LOGO_BOX.width),
            height: kit.u(inner),
            objectFit: 'contain',
            objectPosition: 'left center',
          }}
        />
      </div>
    )
  }
  if (!brand.name) return null
  const size = 32
  // The name in the colour asked when it reads at 4.5:1 on what is under it; else on a plate.
  const under = surfaceLuminance(kit, props.surface)
  const colourLum = luminance(props.colour)
  const ratio = under === null ? 1 : (Math.max(colourLum, under) + 0.05) / (Math.min(colourLum, under) + 0.05)
  const plate = ratio >= 5 ? null : colourLum > 0.5 ? 'rgba(17,24,39,0.74)' : 'rgba(255,255,255,0.85)'
  const width = Math.min(props.maxWidth ?? 520, textWidthEm(brand.name, props.font, false, 600) * size + 4)
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: kit.u(12),
        ...(plate
          ? {
              padding: `${kit.u(10)} ${kit.u(22)} ${kit.u(10)} ${kit.u(16)}`,
              borderRadius: kit.u(40),
              background: plate,
            }
          : {}),
      }}
    >
      <Icon kit={kit} name="home" size={38} color={props.colour} stroke={2.4} />
      <FitText
        kit={kit}
        text={brand.name}
        font={props.font}
        weight={600}
        width={width}
        maxLines={1}
        max={size}
        min={MIN_TEXT}
        color={props.colour}
      />
    </div>
  )
}

/**
 * The brand in the top-left corner over a photo (the message and occasion covers), in the
 * pairing's text face, white when it is the name; measured against the photo's `region` there.
 */
export function PhotoCornerMark(props: {
  kit: SlideKit
  brand: BrandContent
  font: ThemeFont
  photo: string | null
  region: Region
}) {
  const { kit } = props
  const safe = safeInsets(kit)
  return (
    <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD - 12), top: kit.u(safe.top + PAD - 24) }}>
      <BrandMark
        kit={kit}
        brand={props.brand}
        font={props.font}
        colour="#FFFFFF"
        surface={{ photo: props.photo, region: props.region }}
      />
    </div>
  )
}

/**
 * The brand in the corner of the style-drawn covers (full-bleed, split, framed, centred,
 * sticker): the logo measured against the photo under it, as BrandMark does, so a logo whose
 * background was removed is never put back on a white pill over a dark photo; without a logo,
 * the name as those covers always set it.
 */
export function CornerBrand(props: {
  kit: SlideKit
  brand: BrandContent
  surface: Surface
  height?: number
  maxWidth?: number
}) {
  const { kit, brand } = props
  if (!kit.src(brand.logo))
    return <BrandBadge kit={kit} brand={brand} height={props.height} maxWidth={props.maxWidth} />
  return (
    <BrandMark
      kit={kit}
      brand={brand}
      surface={props.surface}
      font={kit.theme.font}
      colour="#FFFFFF"
      height={props.height ? props.height - 12 : 84}
    />
  )
}

/** The cover's title in the pairing's display face: shrinks, then wraps; never overflows. */
export function Title(props: {
  kit: SlideKit
  text: string
  pairing: Pairing
  width: number
  maxLines: number
  max: number
  min?: number
  colour: string
  align?: 'left' | 'center'
  lineHeight?: number
}) {
  const { pairing } = props
  return (
    <FitText
      kit={props.kit}
      text={props.text}
      font={pairing.display}
      weight={pairing.displayWeight}
      width={props.width}
      maxLines={props.maxLines}
      max={props.max}
      min={props.min ?? 40}
      color={props.colour}
      uppercase={pairing.uppercase}
      letterSpacing={pairing.uppercase ? 1 : 0}
      lineHeight={props.lineHeight ?? (pairing.uppercase ? 1.05 : 1.08)}
      align={props.align}
    />
  )
}

/** A small line in capitals with tracking: the kicker above a title. */
export function Kicker(props: { kit: SlideKit; text: string; colour: string; font: ThemeFont; size?: number }) {
  const { kit } = props
  if (!props.text) return null
  const size = props.size ?? 30
  return (
    <div
      style={{
        display: 'flex',
        fontFamily: props.font,
        fontWeight: 700,
        fontSize: kit.u(size),
        letterSpacing: kit.u(size * 0.16),
        textTransform: 'uppercase',
        color: props.colour,
      }}
    >
      {props.text}
    </div>
  )
}

/**
 * The price in the display face's tabular figures, '/mês' once beside it, the old price struck
 * through above it on a price drop. Words that are not a price ("Valor sob consulta") are set
 * in the text face, smaller.
 */
export function Price(props: {
  kit: SlideKit
  pricing: CoverPricing
  pairing: Pairing
  width: number
  max: number
  colour: string
  align?: 'left' | 'center'
  /** The old price's colour (default: the figure's, lighter). */
  muted?: string
}) {
  const { kit, pricing, pairing, colour } = props
  const muted = props.muted ?? withAlpha(colour, 0.75)
  const suffix = pricing.suffix ? Math.round(props.max * 0.42) : 0
  const suffixWidth = pricing.suffix ? textWidthEm('/mês', pairing.text, false, 600) * suffix + 10 : 0
  const font = pricing.isPrice ? pairing.display : pairing.text
  const weight = pricing.isPrice ? pairing.displayWeight : 600
  const max = pricing.isPrice ? props.max : Math.min(props.max, 48)
  const width = props.width - suffixWidth
  const natural = textWidthEm(tabularText(pricing.main), font, false, weight) * max + 6
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: props.align === 'center' ? 'center' : 'flex-start',
        gap: kit.u(4),
      }}
    >
      {pricing.drop ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: kit.u(10),
            fontFamily: pairing.text,
            fontWeight: 600,
            fontSize: kit.u(Math.max(MIN_TEXT, Math.round(props.max * 0.34))),
            color: muted,
            ...TABULAR,
          }}
        >
          <div style={{ display: 'flex' }}>De</div>
          <div style={{ display: 'flex', textDecoration: 'line-through' }}>{pricing.drop.was}</div>
          <div style={{ display: 'flex' }}>por</div>
        </div>
      ) : null}
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: kit.u(8) }}>
        {pricing.isPrice ? (
          <div
            style={{
              display: 'flex',
              fontFamily: font,
              fontWeight: weight,
              // Sized from the tabular figures' width, so the amount always holds on one line.
              fontSize: kit.u(Math.max(MIN_TEXT + 2, Math.min(max, Math.floor((width - 6) / (natural / max))))),
              lineHeight: 1.05,
              whiteSpace: 'nowrap',
              color: colour,
              ...TABULAR,
            }}
          >
            {pricing.main}
          </div>
        ) : (
          <FitText
            kit={kit}
            text={pricing.main}
            font={font}
            weight={weight}
            width={Math.min(width, natural)}
            maxLines={2}
            max={max}
            min={MIN_TEXT + 2}
            color={colour}
            lineHeight={1.1}
            align={props.align}
          />
        )}
        {pricing.suffix ? (
          <div
            style={{
              display: 'flex',
              fontFamily: pairing.text,
              fontWeight: 600,
              fontSize: kit.u(Math.max(MIN_TEXT, suffix)),
              paddingBottom: kit.u(Math.round(props.max * 0.1)),
              color: muted,
            }}
          >
            {pricing.suffix}
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** A colour for accents on this background: the brand's accent when it reads (3:1), else white or ink. */
export function accentOn(background: string, accent: string): string {
  if (contrastRatio(accent, background) >= 3) return accent
  return contrastRatio('#FFFFFF', background) >= contrastRatio(INK, background) ? '#FFFFFF' : INK
}
