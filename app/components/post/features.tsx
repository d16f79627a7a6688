// Features: the property's facts and highlights as a list with icons, on a light surface.
import type { HomeContent } from '~/domain/post-content'
import { Accent, BODY_FONT, BrandFooter, FitText, Frame, IconCircle, MIN_TEXT, PAD, safeInsets } from './parts'
import { headingType, styleOf } from './style'
import type { IconName } from './icons'
import type { SlideKit } from './kit'
import type { LayoutProps } from './types'

type Item = { icon: IconName; text: string }

const KEYWORDS: Array<[RegExp, IconName]> = [
  [/m²|m2|metros/i, 'area'],
  [/su[ií]te/i, 'suite'],
  [/quarto|dormit/i, 'bed'],
  [/banheiro|lavabo/i, 'bath'],
  [/vaga|garagem/i, 'car'],
  [/planta/i, 'plan'],
  [/bairro|localiza|perto|metr[ôo]/i, 'pin'],
  [/lazer|piscina|academia|gourmet|churrasqueira/i, 'star'],
]

export function iconFor(text: string): IconName {
  return KEYWORDS.find(([re]) => re.test(text))?.[1] ?? 'check'
}

/** The list: the slide's own lines when it has them, else the property's facts and highlights. */
export function featureItems(description: string | null | undefined, home: HomeContent | null): Item[] {
  const lines = (description ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*([-•*✔✅]|\d+[.)])\s*/u, '').trim())
    .filter(Boolean)
  if (lines.length) return lines.map((text) => ({ icon: iconFor(text), text }))
  if (!home) return []
  return [
    ...home.facts.map((fact) => ({
      icon: fact.icon,
      text: fact.icon === 'area' ? `${fact.value} de área` : `${fact.value} ${fact.label.toLowerCase()}`,
    })),
    ...home.highlights.map((text) => ({ icon: iconFor(text), text })),
  ]
}

export function FeaturesSlide(props: LayoutProps) {
  const { kit, slide, home, brand } = props
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const title = slide.title?.trim() || 'Destaques do imóvel'
  const kicker = home ? `${home.category} ${home.deal.toLowerCase()}` : 'Características'
  const headerTop = safe.top + PAD
  const headerHeight = 230
  const footerTop = H - safe.bottom - PAD - 96
  const listTop = headerTop + headerHeight
  const room = footerTop - listTop - 32
  const all = featureItems(slide.description, home)
  const rowsMax = Math.max(3, Math.floor((room + 18) / 104))
  const columns = all.length > rowsMax ? 2 : 1
  const items = all.slice(0, rowsMax * columns)
  const rows = Math.max(1, Math.ceil(items.length / columns))
  const gap = 18
  const rowHeight = Math.min(124, (room - gap * (rows - 1)) / rows)
  const listWidth = W - 2 * PAD
  const colWidth = columns === 2 ? (listWidth - 24) / 2 : listWidth
  const icon = Math.round(Math.min(72, rowHeight * 0.66))

  return (
    <Frame kit={kit} background={theme.surface}>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: 0,
          width: kit.u(W),
          height: kit.u(14),
          background: theme.secondary,
        }}
      />
      <FeaturesHeader kit={kit} kicker={kicker} title={title} top={headerTop} height={headerHeight} width={listWidth} />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(listTop),
          width: kit.u(listWidth),
          gap: kit.u(24),
        }}
      >
        {Array.from({ length: columns }, (_, c) => items.slice(c * rows, (c + 1) * rows)).map((column, c) => (
          <div key={c} style={{ display: 'flex', flexDirection: 'column', width: kit.u(colWidth), gap: kit.u(gap) }}>
            {column.map((item, i) => (
              <FeatureRow key={i} kit={kit} item={item} width={colWidth} height={rowHeight} icon={icon} />
            ))}
          </div>
        ))}
      </div>
      <BrandFooter kit={kit} brand={brand} top={footerTop} />
    </Frame>
  )
}

function FeaturesHeader(props: {
  kit: SlideKit
  kicker: string
  title: string
  top: number
  height: number
  width: number
}) {
  const { kit } = props
  const { theme } = kit
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        position: 'absolute',
        left: kit.u(PAD),
        top: kit.u(props.top),
        width: kit.u(props.width),
        height: kit.u(props.height),
        justifyContent: 'center',
        gap: kit.u(14),
      }}
    >
      <div
        style={{
          display: 'flex',
          fontWeight: 700,
          fontSize: kit.u(MIN_TEXT),
          letterSpacing: kit.u(3),
          textTransform: 'uppercase',
          color: theme.primary,
          opacity: 0.75,
        }}
      >
        {props.kicker}
      </div>
      <FitText
        kit={kit}
        text={props.title}
        {...headingProps(kit)}
        width={props.width}
        maxLines={2}
        max={68}
        min={40}
        color={theme.primary}
        lineHeight={1.08}
      />
      <Accent kit={kit} />
    </div>
  )
}

/** One line of the list: the icon in a circle and the text, on a white card. */
function FeatureRow({
  kit,
  item,
  width,
  height,
  icon,
}: {
  kit: SlideKit
  item: Item
  width: number
  height: number
  icon: number
}) {
  const { theme } = kit
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        alignItems: 'center',
        gap: kit.u(24),
        width: kit.u(width),
        height: kit.u(height),
        padding: `0 ${kit.u(24)}`,
        borderRadius: kit.u(styleOf(kit).radius + 4),
        background: '#FFFFFF',
        boxShadow: `0 ${kit.u(4)} ${kit.u(14)} rgba(15, 23, 42, 0.08)`,
      }}
    >
      <IconCircle kit={kit} name={item.icon} size={icon} background={theme.primary} color={theme.secondary} />
      <FitText
        kit={kit}
        text={item.text}
        font={BODY_FONT}
        weight={600}
        width={width - icon - 24 - 48}
        maxLines={2}
        max={Math.min(38, Math.round(height * 0.34))}
        min={MIN_TEXT}
        color={theme.text}
        lineHeight={1.15}
      />
    </div>
  )
}

function headingProps(kit: SlideKit) {
  const type = headingType(kit)
  return { font: type.font, weight: type.weight, uppercase: type.uppercase, letterSpacing: type.letterSpacing }
}
