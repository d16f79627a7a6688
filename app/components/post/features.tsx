// Features: the property's facts and highlights as a grid of icon tiles (the numbers large), on a
// light surface.
import type { HomeContent } from '~/domain/post-content'
import { NUMBER_BOX } from './carousel-marks'
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

/** A fact's number apart from its words: "142 m² de área" → "142 m²" + "de área". */
export function splitFact(text: string): { value: string; label: string } | null {
  const match = /^(\d[\d.,]*(?:\s*m²|\s*m2)?)\s+(.+)$/iu.exec(text.trim()) ?? /^(\d[\d.,]*\s*m²)$/iu.exec(text.trim())
  if (!match) return null
  return { value: match[1]!.trim(), label: match[2]?.trim() ?? '' }
}

/** Tiles no shorter than this: an icon, a number and its words. */
const MIN_TILE = 220
const GAP = 20

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
  const listWidth = W - 2 * PAD
  const rowsMax = Math.max(1, Math.floor((room + GAP) / (MIN_TILE + GAP)))
  const columns = all.length <= 4 ? 2 : 3
  const items = all.slice(0, rowsMax * columns)
  const rows = Math.max(1, Math.ceil(items.length / columns))
  const tileHeight = Math.min(320, (room - GAP * (rows - 1)) / rows)
  const tileWidth = (listWidth - GAP * (columns - 1)) / columns
  // On a carousel the slide's number takes the top right corner.
  const headerWidth = props.position ? listWidth - NUMBER_BOX.width - 8 : listWidth

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
      <FeaturesHeader
        kit={kit}
        kicker={kicker}
        title={title}
        top={headerTop}
        height={headerHeight}
        width={headerWidth}
      />
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(listTop),
          width: kit.u(listWidth + 1),
          gap: kit.u(GAP),
        }}
      >
        {items.map((item, i) => (
          <FeatureTile key={i} kit={kit} item={item} width={tileWidth} height={tileHeight} />
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

/** One tile of the grid: the icon in a circle over the number and its words, or the words. */
function FeatureTile({ kit, item, width, height }: { kit: SlideKit; item: Item; width: number; height: number }) {
  const { theme } = kit
  const pad = 28
  const icon = Math.round(Math.min(80, height * 0.34))
  const inner = width - 2 * pad
  const fact = splitFact(item.text)
  const textRoom = height - 2 * pad - icon - 16
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        boxSizing: 'border-box',
        width: kit.u(width),
        height: kit.u(height),
        padding: kit.u(pad),
        justifyContent: 'space-between',
        borderRadius: kit.u(styleOf(kit).radius + 8),
        background: '#FFFFFF',
        boxShadow: `0 ${kit.u(4)} ${kit.u(14)} rgba(15, 23, 42, 0.08)`,
      }}
    >
      <IconCircle kit={kit} name={item.icon} size={icon} background={theme.primary} color={theme.secondary} />
      {fact ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(2) }}>
          <FitText
            kit={kit}
            text={fact.value}
            {...headingProps(kit)}
            uppercase={false}
            width={inner}
            maxLines={1}
            max={Math.min(64, Math.round(textRoom * 0.55))}
            min={36}
            color={theme.primary}
            lineHeight={1.05}
          />
          {fact.label ? (
            <FitText
              kit={kit}
              text={fact.label}
              font={BODY_FONT}
              weight={600}
              width={inner}
              maxLines={textRoom > 150 ? 2 : 1}
              max={30}
              min={MIN_TEXT}
              color={theme.text}
              lineHeight={1.15}
            />
          ) : null}
        </div>
      ) : (
        <FitText
          kit={kit}
          text={item.text}
          font={BODY_FONT}
          weight={600}
          width={inner}
          maxLines={textRoom > 150 ? 3 : 2}
          max={34}
          min={MIN_TEXT}
          color={theme.text}
          lineHeight={1.15}
        />
      )}
    </div>
  )
}

function headingProps(kit: SlideKit) {
  const type = headingType(kit)
  return { font: type.font, weight: type.weight, uppercase: type.uppercase, letterSpacing: type.letterSpacing }
}
