// What every cover style draws about the property: the price (by the money rule, '/mês' once,
// the old price struck through on "Baixou o preço!"), the saving, the facts and the place.
import { imageMoneyText } from '~/domain/money'
import type { HomeContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import type { ThemeFont } from '~/domain/home'
import { textWidthEm } from './fit'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { Pill } from './labels'
import { BODY_FONT, FitText, MIN_TEXT } from './parts'

export type CoverPricing = {
  isPrice: boolean
  /** 'Valor de venda' / 'Aluguel', or the deal when the words are not a price. */
  label: string
  /** The amount (or the slide's own words) without '/mês'. */
  main: string
  suffix: string | null
  /** 'Condomínio R$ 2.100,00', 'IPTU R$ 650,50'. */
  side: string[]
  /** "Baixou o preço!": the old price and the saving. */
  drop: { was: string; saving: string } | null
}

/** A cover whose label says the deal is done ("Vendido!", "Alugado!"): it never offers the property. */
export function isClosedDeal(tag: string): boolean {
  return /\b(vendid[oa]s?|alugad[oa]s?)\b/i.test(tag)
}

/**
 * The price of a cover: the slide's words when it has them, else the property's price. A closed
 * deal names the property's kind only, never "à venda" or "para alugar".
 */
export function coverPricing(
  home: HomeContent | null,
  written: string,
  options: { closed?: boolean } = {},
): CoverPricing {
  const isPrice = /^R\$/.test(written)
  const monthly = /\/\s*m[eê]s\s*$/i.test(written)
  const kind = home ? (options.closed ? home.category : `${home.category} ${home.deal.toLowerCase()}`) : ''
  return {
    isPrice,
    label: isPrice ? (home?.priceLabel ?? 'Valor') : kind,
    // One money rule on images (ADR 151), whoever wrote the text; '/mês' drawn once, beside it.
    main: isPrice ? imageMoneyText(written).replace(/(\s*\/\s*m[eê]s)+\s*$/i, '') : written,
    suffix: isPrice && (home?.priceSuffix || monthly) ? '/mês' : null,
    side: isPrice ? (home?.otherPrices ?? []) : [],
    drop: isPrice ? (home?.drop ?? null) : null,
  }
}

/** The amount, big, with '/mês' beside it; the old price struck through above it on a price drop. */
export function PriceFigure(props: {
  kit: SlideKit
  pricing: CoverPricing
  width: number
  color: string
  font: ThemeFont
  max: number
  align?: 'left' | 'center'
}) {
  const { kit, pricing, width, color } = props
  const suffixWidth = pricing.suffix ? 110 : 0
  const fitWidth = Math.min(width - suffixWidth, textWidthEm(pricing.main, props.font, false, 800) * props.max + 6)
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: props.align === 'center' ? 'center' : 'flex-start',
        gap: kit.u(2),
      }}
    >
      {pricing.drop ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: kit.u(10),
            fontFamily: BODY_FONT,
            fontWeight: 600,
            fontSize: kit.u(30),
            color: withAlpha(color, 0.8),
          }}
        >
          <div style={{ display: 'flex' }}>De</div>
          <div style={{ display: 'flex', textDecoration: 'line-through' }}>{pricing.drop.was}</div>
          <div style={{ display: 'flex' }}>por</div>
        </div>
      ) : null}
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: kit.u(8) }}>
        <FitText
          kit={kit}
          text={pricing.main}
          font={props.font}
          weight={800}
          width={fitWidth}
          maxLines={pricing.isPrice ? 1 : 2}
          max={pricing.isPrice ? props.max : Math.min(props.max, 52)}
          min={30}
          color={color}
          lineHeight={1.1}
          align={props.align}
        />
        {pricing.suffix ? (
          <div
            style={{
              display: 'flex',
              fontWeight: 600,
              fontSize: kit.u(32),
              paddingBottom: kit.u(10),
              color: withAlpha(color, 0.8),
            }}
          >
            {pricing.suffix}
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** "Economia de R$ 600.000" on a price drop. */
export function SavingTag(props: {
  kit: SlideKit
  pricing: CoverPricing
  background: string
  color: string
  maxWidth: number
  radius?: number
  border?: string
}) {
  if (!props.pricing.drop) return null
  return (
    <Pill
      kit={props.kit}
      text={`Economia de ${props.pricing.drop.saving}`}
      background={props.background}
      color={props.color}
      size={32}
      maxWidth={props.maxWidth}
      radius={props.radius}
      border={props.border}
    />
  )
}

/** Width the side prices take at their size. */
export function sidePricesWidth(lines: string[]): number {
  return lines.length
    ? Math.ceil(Math.max(...lines.map((line) => textWidthEm(line, BODY_FONT, false, 500) * MIN_TEXT))) + 8
    : 0
}

/** Condomínio and IPTU, each on its own line (≥ 28 px). */
export function SidePrices(props: {
  kit: SlideKit
  lines: string[]
  color: string
  align?: 'left' | 'center' | 'right'
}) {
  const { kit } = props
  if (!props.lines.length) return null
  const align = props.align === 'right' ? 'flex-end' : props.align === 'center' ? 'center' : 'flex-start'
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: align, gap: kit.u(6) }}>
      {props.lines.map((line) => (
        <div
          key={line}
          style={{
            display: 'flex',
            fontFamily: BODY_FONT,
            fontWeight: 500,
            fontSize: kit.u(MIN_TEXT),
            color: props.color,
          }}
        >
          {line}
        </div>
      ))}
    </div>
  )
}

/** The place with a pin. */
export function PlaceLine(props: {
  kit: SlideKit
  text: string
  width: number
  color: string
  pin: string
  align?: 'left' | 'center'
}) {
  const { kit } = props
  if (!props.text) return null
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(12) }}>
      <Icon kit={kit} name="pin" size={36} color={props.pin} stroke={2.4} />
      <FitText
        kit={kit}
        text={props.text}
        font={BODY_FONT}
        weight={500}
        width={Math.min(props.width - 50, textWidthEm(props.text, BODY_FONT, false, 500) * 34 + 4)}
        maxLines={2}
        max={34}
        min={MIN_TEXT}
        color={props.color}
        lineHeight={1.2}
        align={props.align}
      />
    </div>
  )
}

/** Up to four facts (area, bedrooms, bathrooms, parking) as chips. */
export function FactChips(props: {
  kit: SlideKit
  home: HomeContent | null
  background: string
  border: string
  color: string
  radius: number
  max?: number
}) {
  const { kit } = props
  const facts = (props.home?.facts ?? []).filter((f) => f.icon !== 'suite').slice(0, props.max ?? 4)
  if (!facts.length) return null
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: kit.u(14) }}>
      {facts.map((fact) => (
        <div
          key={fact.icon}
          style={{
            display: 'flex',
            boxSizing: 'border-box',
            alignItems: 'center',
            gap: kit.u(10),
            padding: `${kit.u(12)} ${kit.u(18)}`,
            borderRadius: kit.u(props.radius),
            background: props.background,
            border: `${kit.u(2)} solid ${props.border}`,
          }}
        >
          <Icon kit={kit} name={fact.icon} size={32} color={props.color} stroke={2.2} />
          <div style={{ display: 'flex', fontWeight: 700, fontSize: kit.u(MIN_TEXT + 1), color: props.color }}>
            {fact.icon === 'area' ? fact.value : `${fact.value} ${fact.label.toLowerCase()}`}
          </div>
        </div>
      ))}
    </div>
  )
}
