// Labels that hold any words: the deal tag, the kicker and the call-to-action button. Their size
// is chosen by measurement (fit.ts) and, when the words are too long even at the smallest size,
// they wrap onto a second line: a label is never cut mid-word with an ellipsis.
import { countLines, textWidthEm } from './fit'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { BODY_FONT, FitText, MIN_TEXT } from './parts'

/** The font size (≤ `size`, ≥ MIN_TEXT) and lines at which a pill's words fit `maxWidth`. */
export function pillFit(text: string, size: number, maxWidth: number): { size: number; lines: number } {
  const start = Math.max(MIN_TEXT, size)
  for (let s = start; s >= MIN_TEXT; s -= 2) {
    const width = textWidthEm(text, BODY_FONT, true, 800) * s + [...text].length * s * 0.08 + 2 * s * 0.9
    if (width <= maxWidth) return { size: s, lines: 1 }
  }
  const inner = maxWidth - 2 * MIN_TEXT * 0.9
  return {
    size: MIN_TEXT,
    lines: countLines(text, {
      font: BODY_FONT,
      weight: 800,
      size: MIN_TEXT,
      width: inner,
      uppercase: true,
      letterSpacing: MIN_TEXT * 0.08,
    }),
  }
}

/** A rounded label: deal tag, kicker. */
export function Pill(props: {
  kit: SlideKit
  text: string
  background: string
  color: string
  size?: number
  maxWidth?: number
  /** Corner radius in canvas px; default: fully round. */
  radius?: number
  border?: string
}) {
  const { kit } = props
  const fit = pillFit(props.text, props.size ?? 30, props.maxWidth ?? kit.width)
  const size = fit.size
  const round = props.radius ?? size * 2
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        alignItems: 'center',
        padding: `${kit.u(size * 0.42)} ${kit.u(size * 0.9)}`,
        borderRadius: kit.u(fit.lines > 1 ? Math.min(round, size * 0.7) : round),
        background: props.background,
        border: props.border,
        color: props.color,
        fontFamily: BODY_FONT,
        fontWeight: 800,
        fontSize: kit.u(size),
        lineHeight: 1.2,
        letterSpacing: kit.u(size * 0.08),
        textTransform: 'uppercase',
        maxWidth: props.maxWidth ? kit.u(props.maxWidth) : undefined,
        whiteSpace: fit.lines > 1 ? 'normal' : 'nowrap',
      }}
    >
      {props.text}
    </div>
  )
}

/** A call to action drawn as a button; long words wrap onto a second line at a smaller size. */
export function ButtonPill(props: {
  kit: SlideKit
  text: string
  maxWidth: number
  size?: number
  radius?: number
  background?: string
  color?: string
}) {
  const { kit } = props
  const background = props.background ?? kit.theme.secondary
  const color = props.color ?? kit.theme.onSecondary
  const size = props.size ?? 38
  const padX = size * 1.2
  const icon = size * 1.1
  const textWidth = props.maxWidth - 2 * padX - icon - 18
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        alignItems: 'center',
        gap: kit.u(18),
        padding: `${kit.u(size * 0.62)} ${kit.u(padX)}`,
        borderRadius: kit.u(props.radius ?? size * 2),
        background,
        color,
        maxWidth: kit.u(props.maxWidth),
      }}
    >
      <FitText
        kit={kit}
        text={props.text}
        font={BODY_FONT}
        weight={800}
        width={Math.min(textWidth, textWidthEm(props.text, BODY_FONT, false, 800) * size + 4)}
        maxLines={2}
        max={size}
        min={MIN_TEXT}
        color={color}
        lineHeight={1.15}
      />
      <Icon kit={kit} name="arrow" size={icon} color={color} stroke={2.6} />
    </div>
  )
}
