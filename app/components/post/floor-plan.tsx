// Floor plan: the drawing whole (never cropped) and as large as the slide allows, on a white
// card, with the title and the property's area over it and the caption under it.
import type { FormatSize } from '~/domain/slides'
import { NUMBER_BOX } from './carousel-marks'
import { headingType } from './style'
import { Accent, BODY_FONT, BrandFooter, FitText, Frame, MIN_TEXT, PAD, Photo, safeInsets } from './parts'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'
import { postFormat } from './format'

const HEADER = 150
const MARGIN = 40
const CARD_PAD = 20

function planBox(size: FormatSize, options: { caption: boolean; numbered: boolean }) {
  const { top: safeTop, bottom: safeBottom } = postFormat(size).safe
  const top = safeTop + PAD + HEADER + (options.numbered ? NUMBER_BOX.height : 0)
  const bottom = size.height - safeBottom - PAD - 96 - 24 - (options.caption ? 64 : 0)
  return { left: MARGIN, top, width: size.width - 2 * MARGIN, height: bottom - top }
}

function planRef(props: Pick<LayoutProps, 'slide' | 'home'>) {
  return props.slide.image || props.home?.floorPlans[0] || null
}

export function floorPlanNeeds(props: Pick<LayoutProps, 'slide' | 'home' | 'position'>, size: FormatSize): ImageNeed[] {
  const ref = planRef(props)
  if (!ref) return []
  const box = planBox(size, { caption: Boolean(props.slide.caption?.trim()), numbered: Boolean(props.position) })
  return [{ ref, width: box.width - 2 * CARD_PAD, height: box.height - 2 * CARD_PAD, fit: 'contain' }]
}

export function FloorPlanSlide(props: LayoutProps) {
  const { kit, slide, brand, home } = props
  const { theme } = kit
  const src = kit.src(planRef(props))
  if (!src) return <TextSlide {...props} />
  const safe = safeInsets(kit)
  const caption = slide.caption?.trim() || ''
  const numbered = Boolean(props.position)
  const box = planBox(kit, { caption: Boolean(caption), numbered })
  const title = slide.title?.trim() || 'Planta'
  const area = home?.facts.find((fact) => fact.icon === 'area')?.value ?? null
  const areaWidth = area ? 400 : 0
  const width = kit.width - 2 * PAD
  const headerTop = safe.top + PAD + (numbered ? NUMBER_BOX.height : 0)
  const type = headingType(kit)
  return (
    <Frame kit={kit} background={theme.surface}>
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(headerTop),
          width: kit.u(width),
          height: kit.u(HEADER - 28),
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(16) }}>
          <Accent kit={kit} />
          <FitText
            kit={kit}
            text={title}
            font={type.font}
            weight={type.weight}
            uppercase={type.uppercase}
            width={width - areaWidth - 24}
            maxLines={1}
            max={64}
            min={40}
            color={theme.primary}
            lineHeight={1.08}
          />
        </div>
        {area ? (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
            <div
              style={{
                display: 'flex',
                fontFamily: BODY_FONT,
                fontWeight: 600,
                fontSize: kit.u(MIN_TEXT),
                letterSpacing: kit.u(2),
                textTransform: 'uppercase',
                color: theme.text,
              }}
            >
              Área
            </div>
            <FitText
              kit={kit}
              text={area}
              font={type.font}
              weight={800}
              width={areaWidth}
              maxLines={1}
              max={72}
              min={40}
              color={theme.primary}
              lineHeight={1}
              style={{ textAlign: 'right' }}
            />
          </div>
        ) : null}
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(box.left),
          top: kit.u(box.top),
          width: kit.u(box.width),
          height: kit.u(box.height),
          borderRadius: kit.u(24),
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
        <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(box.top + box.height + 18) }}>
          <FitText
            kit={kit}
            text={caption}
            font={BODY_FONT}
            weight={600}
            width={width}
            maxLines={1}
            max={34}
            min={MIN_TEXT}
            color={theme.text}
          />
        </div>
      ) : null}
      <BrandFooter kit={kit} brand={brand} top={kit.height - safe.bottom - PAD - 96} />
    </Frame>
  )
}
