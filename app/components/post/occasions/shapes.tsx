// The drawing kit of the occasion art: the canvas an artwork is composed on, and the shapes the
// artworks share (stars, hearts, sparkles, eggs, flowers, bursts), as SVG path data so Takumi
// (through resvg) and the browser draw them the same.
import type { ReactElement, ReactNode } from 'react'
import type { ThemeFont } from '~/domain/home'
import type { SlideKit } from '../kit'
import { PAD, safeInsets } from '../parts'

/** Where an artwork may draw and where its words go, on the 1080-wide canvas. */
export type ArtCanvas = {
  W: number
  H: number
  /** Top of the area clear of Instagram's bars (0 outside stories). */
  top: number
  /** Top of the brand footer: the words end above it. */
  foot: number
}

export function artCanvas(kit: SlideKit): ArtCanvas {
  const safe = safeInsets(kit)
  return { W: kit.width, H: kit.height, top: safe.top, foot: kit.height - safe.bottom - PAD - 96 }
}

/** The colours of an artwork, and the words' colours on it. */
export type ArtPalette = {
  background: string
  ink: string
  muted: string
  accent: string
  onAccent: string
  /** The footer is drawn light on dark. */
  dark: boolean
}

/** One composition: the palette, the drawing (first in the frame) and the box of the words. */
export type ArtLayout = {
  palette: ArtPalette
  drawing: ReactElement
  box: { left: number; top: number; width: number; height: number }
  align: 'left' | 'center'
  /** A small label above the title ("27 de agosto"). */
  kicker?: string
  /** The title's font when the occasion asks for one (Playfair for Dia das Mães). */
  font?: ThemeFont
}

export type Composition = (kit: SlideKit, c: ArtCanvas) => ArtLayout

/** The whole canvas as one SVG, in canvas units. */
export function ArtSvg(props: { kit: SlideKit; children: ReactNode }) {
  const { kit } = props
  const dims = kit.target === 'image' ? { width: kit.width, height: kit.height } : {}
  return (
    <svg
      {...dims}
      viewBox={`0 0 ${kit.width} ${kit.height}`}
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: kit.u(kit.width),
        height: kit.u(kit.height),
      }}
    >
      {props.children}
    </svg>
  )
}

const f = (n: number) => +n.toFixed(1)

/** A five-pointed star of outer radius r. */
export function starPath(cx: number, cy: number, r: number, inner = 0.45): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    const radius = i % 2 === 0 ? r : r * inner
    return `${f(cx + radius * Math.cos(angle))} ${f(cy + radius * Math.sin(angle))}`
  })
  return `M${points.join(' L')} Z`
}

/** A four-pointed sparkle of radius r. */
export function sparklePath(cx: number, cy: number, r: number): string {
  const k = r * 0.22
  return `M${f(cx)} ${f(cy - r)} Q${f(cx + k)} ${f(cy - k)} ${f(cx + r)} ${f(cy)} Q${f(cx + k)} ${f(cy + k)} ${f(cx)} ${f(cy + r)} Q${f(cx - k)} ${f(cy + k)} ${f(cx - r)} ${f(cy)} Q${f(cx - k)} ${f(cy - k)} ${f(cx)} ${f(cy - r)} Z`
}

/** A heart whose width is s, its notch at (cx, cy - s/4). */
export function heartPath(cx: number, cy: number, s: number): string {
  const h = s / 2
  return `M${f(cx)} ${f(cy + h * 0.95)} C${f(cx - h * 0.2)} ${f(cy + h * 0.7)} ${f(cx - h * 1.02)} ${f(cy + h * 0.2)} ${f(cx - h)} ${f(cy - h * 0.3)} C${f(cx - h * 0.98)} ${f(cy - h * 0.8)} ${f(cx - h * 0.45)} ${f(cy - h * 1.02)} ${f(cx)} ${f(cy - h * 0.5)} C${f(cx + h * 0.45)} ${f(cy - h * 1.02)} ${f(cx + h * 0.98)} ${f(cy - h * 0.8)} ${f(cx + h)} ${f(cy - h * 0.3)} C${f(cx + h * 1.02)} ${f(cy + h * 0.2)} ${f(cx + h * 0.2)} ${f(cy + h * 0.7)} ${f(cx)} ${f(cy + h * 0.95)} Z`
}

/** An egg w wide and h tall, standing on its wide end. */
export function eggPath(cx: number, cy: number, w: number, h: number): string {
  const rx = w / 2
  const top = cy - h / 2
  const bottom = cy + h / 2
  const belly = cy + h * 0.12
  return `M${f(cx)} ${f(top)} C${f(cx + rx * 0.75)} ${f(top)} ${f(cx + rx)} ${f(belly - h * 0.25)} ${f(cx + rx)} ${f(belly)} C${f(cx + rx)} ${f(bottom - h * 0.05)} ${f(cx + rx * 0.55)} ${f(bottom)} ${f(cx)} ${f(bottom)} C${f(cx - rx * 0.55)} ${f(bottom)} ${f(cx - rx)} ${f(bottom - h * 0.05)} ${f(cx - rx)} ${f(belly)} C${f(cx - rx)} ${f(belly - h * 0.25)} ${f(cx - rx * 0.75)} ${f(top)} ${f(cx)} ${f(top)} Z`
}

/** A flower: `petals` ellipses round a centre. */
export function Flower(props: {
  cx: number
  cy: number
  r: number
  petals?: number
  colour: string
  centre: string
  turn?: number
}) {
  const { cx, cy, r } = props
  const n = props.petals ?? 6
  return (
    <g>
      {Array.from({ length: n }, (_, i) => (
        <ellipse
          key={i}
          cx={cx}
          cy={f(cy - r * 0.55)}
          rx={f(r * 0.36)}
          ry={f(r * 0.55)}
          fill={props.colour}
          transform={`rotate(${f((props.turn ?? 0) + (i * 360) / n)} ${cx} ${cy})`}
        />
      ))}
      <circle cx={cx} cy={cy} r={f(r * 0.28)} fill={props.centre} />
    </g>
  )
}

/** A leaf: a pointed ellipse from (x, y) at `angle` degrees, `length` long. */
export function Leaf(props: { x: number; y: number; length: number; angle: number; colour: string }) {
  const { x, y, length: l } = props
  const w = l * 0.32
  return (
    <path
      d={`M${x} ${y} Q${f(x + l / 2)} ${f(y - w)} ${f(x + l)} ${y} Q${f(x + l / 2)} ${f(y + w)} ${x} ${y} Z`}
      fill={props.colour}
      transform={`rotate(${props.angle} ${x} ${y})`}
    />
  )
}

/** A firework: rays from a centre, each ending in a dot. */
export function Burst(props: { cx: number; cy: number; r: number; rays: number; colour: string; width?: number }) {
  const { cx, cy, r, rays } = props
  return (
    <g>
      {Array.from({ length: rays }, (_, i) => {
        const a = (i * 2 * Math.PI) / rays
        const x1 = cx + r * 0.32 * Math.cos(a)
        const y1 = cy + r * 0.32 * Math.sin(a)
        const x2 = cx + r * 0.86 * Math.cos(a)
        const y2 = cy + r * 0.86 * Math.sin(a)
        return (
          <g key={i}>
            <line
              x1={f(x1)}
              y1={f(y1)}
              x2={f(x2)}
              y2={f(y2)}
              stroke={props.colour}
              strokeWidth={props.width ?? 5}
              strokeLinecap="round"
            />
            <circle
              cx={f(cx + r * Math.cos(a))}
              cy={f(cy + r * Math.sin(a))}
              r={(props.width ?? 5) * 1.1}
              fill={props.colour}
            />
          </g>
        )
      })}
    </g>
  )
}

/** A deterministic scatter of n points in a box (the same picture on every render). */
export function scatter(n: number, box: { x: number; y: number; w: number; h: number }, seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 4294967296
  }
  return Array.from({ length: n }, () => ({ x: f(box.x + next() * box.w), y: f(box.y + next() * box.h), t: next() }))
}
