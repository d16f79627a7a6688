// Cover compositions that frame the photo on a plain surface: the photo in an arch beside the
// words, and the minimal one (the photo and one line).
import type { FormatSize } from '~/domain/slides'
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { accentOn, BrandMark, INK, Kicker, PhotoBox, Price, Title } from './cover-kit'
import { PlaceLine } from './cover-parts'
import { textWidthEm } from './fit'
import type { SlideKit } from './kit'
import { postFormat, SPACE } from './format'
import { Frame, PAD, safeInsets } from './parts'
import { coverPairing } from './type-pairings'

type Box = { left: number; top: number; width: number; height: number }

// ------------------------------------------------------------------ arch

/** The arch's box: beside the words in the feed and portrait, above them in a story. */
export function archBox(size: FormatSize): Box {
  const format = postFormat(size)
  if (format.id === 'story') {
    // The arch takes a little under half the usable height: the words below it keep room for a
    // three-line title, the place and the price above the reply box.
    const width = size.width - 2 * PAD - 200
    return {
      left: (size.width - width) / 2,
      top: format.safe.top + SPACE.md,
      width,
      height: Math.round(format.usable * 0.46),
    }
  }
  const width = Math.round(size.width * 0.46)
  return { left: size.width - PAD - width, top: PAD, width, height: size.height - 2 * PAD }
}

export function ArchCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing, src } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'arch')
  const box = archBox(kit)
  const story = postFormat(kit).id === 'story'
  const background = theme.surface
  const ink = theme.text === '#1F2937' ? theme.primary : theme.text
  const accent = accentOn(background, theme.secondary)
  const column = story ? kit.width - 2 * PAD : box.left - 2 * PAD + 8
  const align = story ? 'center' : 'left'
  const safe = safeInsets(kit)
  const words = (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: story ? 'center' : 'flex-start',
        gap: kit.u(22),
        width: kit.u(column),
      }}
    >
      <Kicker kit={kit} text={tag} colour={accent} font={pairing.text} size={28} />
      <div style={{ display: 'flex', width: kit.u(story ? 72 : 56), height: kit.u(4), background: accent }} />
      <Title
        kit={kit}
        text={title}
        pairing={pairing}
        width={column}
        maxLines={story ? 3 : 5}
        max={postFormat(kit).pick({ square: 60, portrait: 68, story: 60 })}
        min={38}
        colour={ink}
        align={align}
      />
      <PlaceLine
        kit={kit}
        text={home?.neighborhood || home?.location || ''}
        width={column}
        color={withAlpha(ink, 0.8)}
        pin={accent}
        align={align}
      />
    </div>
  )
  return (
    <Frame kit={kit} background={background}>
      <PhotoBox kit={kit} src={src} {...box} radius={[box.width / 2, box.width / 2, 0, 0]} />
      {story ? (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            position: 'absolute',
            left: kit.u(PAD),
            width: kit.u(kit.width - 2 * PAD),
            top: kit.u(box.top + box.height + 48),
            height: kit.u(kit.height - safe.bottom - SPACE.md - box.top - box.height - 48),
            justifyContent: 'space-between',
          }}
        >
          {words}
          <Price
            kit={kit}
            pricing={pricing}
            pairing={pairing}
            width={kit.width - 2 * PAD}
            max={64}
            colour={ink}
            align="center"
          />
        </div>
      ) : (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            position: 'absolute',
            left: kit.u(PAD),
            top: kit.u(PAD),
            width: kit.u(column),
            height: kit.u(kit.height - 2 * PAD),
            justifyContent: 'space-between',
          }}
        >
          <BrandMark
            kit={kit}
            brand={brand}
            font={pairing.text}
            colour={ink}
            height={72}
            maxWidth={column}
            surface={{ colour: background }}
          />
          {words}
          <Price kit={kit} pricing={pricing} pairing={pairing} width={column} max={58} colour={ink} />
        </div>
      )}
      {story ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: kit.u(box.left + 28),
            top: kit.u(box.top + box.height - 100),
          }}
        >
          <BrandMark
            kit={kit}
            brand={brand}
            font={pairing.text}
            colour="#FFFFFF"
            height={72}
            surface={{ photo: props.photo, region: { x: 0, y: 0.85, width: 0.6, height: 0.15 } }}
          />
        </div>
      ) : null}
    </Frame>
  )
}

// ------------------------------------------------------------------ minimal

function minimalLine(size: FormatSize): number {
  return postFormat(size).id === 'story' ? 240 : 200
}

export function minimalBox(size: FormatSize): Box {
  const safe = safeInsets(size)
  const top = safe.top ? safe.top - 40 : PAD
  return { left: PAD, top, width: size.width - 2 * PAD, height: size.height - safe.bottom - minimalLine(size) - top }
}

export function MinimalCover(props: CoverProps) {
  const { kit, title, pricing, src } = props
  const pairing = coverPairing(kit, 'minimal')
  const box = minimalBox(kit)
  const ink = INK
  const width = kit.width - 2 * PAD
  const priceW = pricing.isPrice ? Math.min(400, textWidthEm(pricing.main, pairing.text, false, 600) * 40 + 90) : 0
  return (
    <Frame kit={kit} background="#FFFFFF">
      <PhotoBox kit={kit} src={src} {...box} />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(box.top + box.height),
          width: kit.u(width),
          height: kit.u(minimalLine(kit)),
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: kit.u(32),
        }}
      >
        <Title
          kit={kit}
          text={title}
          pairing={pairing}
          width={width - priceW - (priceW ? 32 : 0)}
          maxLines={2}
          max={56}
          min={34}
          colour={ink}
        />
        {priceW ? (
          <div style={{ display: 'flex', flexShrink: 0 }}>
            <Price
              kit={kit}
              pricing={pricing}
              pairing={{ ...pairing, display: pairing.text, displayWeight: 600 }}
              width={priceW}
              max={40}
              colour={withAlpha(ink, 0.8)}
            />
          </div>
        ) : null}
      </div>
    </Frame>
  )
}

/** A box at the canvas size (the full-bleed covers). */
export function fullBox(kit: Pick<SlideKit, 'width' | 'height'>): Box {
  return { left: 0, top: 0, width: kit.width, height: kit.height }
}
