// Floor plan: the drawing whole (never cropped) on a white card, with its title and caption.
import type { FormatSize } from '~/domain/slides'
import { headingType } from './style'
import { Accent, BODY_FONT, BrandFooter, FitText, Frame, PAD, Photo, safeInsets } from './parts'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

const HEADER = 200
const CARD_PAD = 32

function planBox(size: FormatSize, hasCaption: boolean) {
  const safeTop = size.height >= 1800 ? 210 : 0
  const safeBottom = size.height >= 1800 ? 250 : 0
  const top = safeTop + PAD + HEADER
  const bottom = size.height - safeBottom - PAD - 96 - 32 - (hasCaption ? 80 : 0)
  return { left: PAD, top, width: size.width - 2 * PAD, height: bottom - top }
}

function planRef(props: Pick<LayoutProps, 'slide' | 'home'>) {
  return props.slide.image || props.home?.floorPlans[0] || null
}

export function floorPlanNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = planRef(props)
  if (!ref) return []
  const box = planBox(size, Boolean(props.slide.caption?.trim()))
  return [{ ref, width: box.width - 2 * CARD_PAD, height: box.height - 2 * CARD_PAD, fit: 'contain' }]
}

export function FloorPlanSlide(props: LayoutProps) {
  const { kit, slide, brand } = props
  const { theme } = kit
  const src = kit.src(planRef(props))
  if (!src) return <TextSlide {...props} />
  const safe = safeInsets(kit)
  const caption = slide.caption?.trim() || ''
  const box = planBox(kit, Boolean(caption))
  const title = slide.title?.trim() || 'Planta'
  const width = kit.width - 2 * PAD
  return (
    <Frame kit={kit} background={theme.surface}>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(safe.top + PAD),
          width: kit.u(width),
          height: kit.u(HEADER - 20),
          gap: kit.u(18),
        }}
      >
        <FitText
          kit={kit}
          text={title}
          font={headingType(kit).font}
          weight={headingType(kit).weight}
          uppercase={headingType(kit).uppercase}
          width={width}
          maxLines={2}
          max={66}
          min={40}
          color={theme.primary}
          lineHeight={1.08}
        />
        <Accent kit={kit} />
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(box.left),
          top: kit.u(box.top),
          width: kit.u(box.width),
          height: kit.u(box.height),
          borderRadius: kit.u(28),
          background: '#FFFFFF',
          boxShadow: `0 ${kit.u(6)} ${kit.u(24)} rgba(15, 23, 42, 0.10)`,
        }}
      />
      <Photo
        kit={kit}
        src={src}
        left={box.left + CARD_PAD}
        top={box.top + CARD_PAD}
        width={box.width - 2 * CARD_PAD}
        height={box.height - 2 * CARD_PAD}
        fit="contain"
      />
      {caption ? (
        <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(box.top + box.height + 24) }}>
          <FitText
            kit={kit}
            text={caption}
            font={BODY_FONT}
            weight={600}
            width={width}
            maxLines={1}
            max={36}
            min={24}
            color={theme.text}
          />
        </div>
      ) : null}
      <BrandFooter kit={kit} brand={brand} top={kit.height - safe.bottom - PAD - 96} />
    </Frame>
  )
}
