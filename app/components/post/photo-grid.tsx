// Photo grid: a title band and up to three photos of the property, one large and two small.
import { withAlpha } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import { headingType } from './style'
import { Accent, BrandBadge, FitText, Frame, PAD, Photo, safeInsets } from './parts'
import { NUMBER_BOX } from './carousel-marks'
import { PhotoSlide } from './photo'
import type { ImageNeed, LayoutProps } from './types'

type Cell = { left: number; top: number; width: number; height: number }

const GAP = 16
const MARGIN = 40
const HEADER = 200

export function gridPhotos(props: Pick<LayoutProps, 'slide' | 'home'>): string[] {
  const first = props.slide.image || null
  const rest = (props.home?.photos ?? []).filter((url) => url !== first)
  return [first, ...rest].filter((url): url is string => Boolean(url)).slice(0, 3)
}

/** Where each photo goes: portrait and story stack a wide photo over two; feed puts one beside two. */
export function gridCells(size: FormatSize, count: number): Cell[] {
  const safeTop = size.height >= 1800 ? 210 : 0
  const safeBottom = size.height >= 1800 ? 250 : 0
  const top = safeTop + HEADER
  const left = MARGIN
  const width = size.width - 2 * MARGIN
  const height = size.height - top - MARGIN - safeBottom
  if (count <= 1) return [{ left, top, width, height }]
  const square = size.height <= size.width
  if (count === 2) {
    if (square) {
      const w = (width - GAP) / 2
      return [
        { left, top, width: w, height },
        { left: left + w + GAP, top, width: w, height },
      ]
    }
    const h = (height - GAP) / 2
    return [
      { left, top, width, height: h },
      { left, top: top + h + GAP, width, height: h },
    ]
  }
  if (square) {
    const big = Math.round(width * 0.6)
    const small = width - big - GAP
    const h = (height - GAP) / 2
    return [
      { left, top, width: big, height },
      { left: left + big + GAP, top, width: small, height: h },
      { left: left + big + GAP, top: top + h + GAP, width: small, height: h },
    ]
  }
  const bigH = Math.round(height * 0.56)
  const h = height - bigH - GAP
  const w = (width - GAP) / 2
  return [
    { left, top, width, height: bigH },
    { left, top: top + bigH + GAP, width: w, height: h },
    { left: left + w + GAP, top: top + bigH + GAP, width: w, height: h },
  ]
}

export function photoGridNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const photos = gridPhotos(props)
  const cells = gridCells(size, photos.length)
  return photos.map((ref, i) => ({
    ref,
    width: Math.round(cells[i]!.width),
    height: Math.round(cells[i]!.height),
    fit: 'cover' as const,
  }))
}

export function PhotoGridSlide(props: LayoutProps) {
  const { kit, slide, brand } = props
  const { theme } = kit
  const photos = gridPhotos(props)
    .map((ref) => kit.src(ref))
    .filter((src): src is string => Boolean(src))
  if (photos.length === 0) return <PhotoSlide {...props} />
  const cells = gridCells(kit, photos.length)
  const safe = safeInsets(kit)
  const title = slide.title?.trim() || slide.caption?.trim() || 'Conheça cada ambiente'
  const hasBadge = Boolean(brand.logo)
  // On a carousel the slide's number takes the top right corner.
  const numberRoom = props.position ? NUMBER_BOX.width + 16 : 0
  const titleWidth = kit.width - 2 * PAD - (hasBadge ? 280 : 0) - numberRoom
  return (
    <Frame kit={kit} background={theme.primary}>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(safe.top),
          width: kit.u(kit.width - 2 * PAD - numberRoom),
          height: kit.u(HEADER),
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(18) }}>
          <Accent kit={kit} width={80} />
          <FitText
            kit={kit}
            text={title}
            font={headingType(kit).font}
            weight={headingType(kit).weight}
            uppercase={headingType(kit).uppercase}
            width={titleWidth}
            maxLines={2}
            max={60}
            min={36}
            color={theme.onPrimary}
            lineHeight={1.1}
          />
        </div>
        {hasBadge ? <BrandBadge kit={kit} brand={brand} height={84} /> : null}
      </div>
      {photos.map((src, i) => (
        <Photo key={i} kit={kit} src={src} {...cells[i]!} radius={24} />
      ))}
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(cells[0]!.left),
          top: kit.u(cells[0]!.top),
          width: kit.u(cells[0]!.width),
          height: kit.u(cells[0]!.height),
          borderRadius: kit.u(24),
          border: `${kit.u(3)} solid ${withAlpha(theme.secondary, 0.9)}`,
        }}
      />
    </Frame>
  )
}
