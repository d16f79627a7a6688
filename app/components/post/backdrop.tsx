// What the text and closing slides (dicas, datas, institucional, the cover of a property without
// photos) are drawn on, by the post's style: never a flat square. Every texture is generated here
// from the brand's colours (gradients, a dot grid, stripes, rings), so nothing is downloaded.
import type { CSSProperties, ReactElement } from 'react'
import { readableOn, shade, tint, withAlpha } from '~/domain/post-theme'
import type { SlideKit } from './kit'
import { DecorCircle } from './parts'
import { styleOf } from './style'

export type Backdrop = {
  /** The frame's background and its style (gradients, textures). */
  background: string
  style: CSSProperties
  /** Decorations, to place first in the frame. */
  decor: ReactElement[]
  /** Text on the backdrop: headings, body, the accent (kicker, rules, icons). */
  ink: string
  muted: string
  accent: string
  /** The pill and button colours on this backdrop. */
  button: { background: string; color: string }
  /** Titles centred (elegante) or left. */
  align: 'left' | 'center'
  /** The brand footer is drawn dark-on-light (false) or light-on-dark (true). */
  dark: boolean
}

const abs = (kit: SlideKit, box: { left?: number; top?: number; width: number; height: number }): CSSProperties => ({
  display: 'flex',
  position: 'absolute',
  left: box.left === undefined ? undefined : kit.u(box.left),
  top: box.top === undefined ? undefined : kit.u(box.top),
  width: kit.u(box.width),
  height: kit.u(box.height),
})

export function slideBackdrop(kit: SlideKit): Backdrop {
  switch (styleOf(kit).backdrop) {
    case 'stripes':
      return stripes(kit)
    case 'dots':
      return dots(kit)
    case 'frame':
      return frame(kit)
    case 'burst':
      return burst(kit)
    default:
      return circles(kit)
  }
}

function stripes(kit: SlideKit): Backdrop {
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const light = { background: theme.secondary, color: theme.onSecondary }
  // Moderno: the brand colour with a band of diagonal stripes and a solid accent edge.
  return {
    background: theme.primary,
    style: {},
    decor: [
      <div
        key="stripes"
        style={{
          ...abs(kit, { left: W * 0.52, top: 0, width: W * 0.48, height: H }),
          backgroundImage: `repeating-linear-gradient(135deg, ${withAlpha(theme.onPrimary, 0.09)} 0px, ${withAlpha(theme.onPrimary, 0.09)} ${kit.u(18)}, rgba(0,0,0,0) ${kit.u(18)}, rgba(0,0,0,0) ${kit.u(48)})`,
        }}
      />,
      <div
        key="fade"
        style={{
          ...abs(kit, { left: W * 0.52, top: 0, width: W * 0.48, height: H }),
          backgroundImage: `linear-gradient(90deg, ${theme.primary} 0%, ${withAlpha(theme.primary, 0)} 60%)`,
        }}
      />,
      <div
        key="edge"
        style={{ ...abs(kit, { left: 0, top: 0, width: 22, height: H }), background: theme.secondary }}
      />,
    ],
    ink: theme.onPrimary,
    muted: withAlpha(theme.onPrimary, 0.86),
    accent: theme.secondary,
    button: light,
    align: 'left',
    dark: true,
  }
}

function dots(kit: SlideKit): Backdrop {
  const { theme } = kit
  const W = kit.width
  // Minimalista: warm paper with a quiet dot grid in the brand colour.
  const paper = '#F7F5F0'
  return {
    background: paper,
    style: {
      backgroundImage: `radial-gradient(circle, ${withAlpha(theme.primary, 0.16)} ${kit.u(3)}, rgba(0,0,0,0) ${kit.u(4)})`,
      backgroundSize: `${kit.u(36)} ${kit.u(36)}`,
      backgroundRepeat: 'repeat',
    },
    decor: [
      <div key="rule" style={{ ...abs(kit, { left: 0, top: 0, width: W, height: 12 }), background: theme.primary }} />,
    ],
    ink: readableOn(paper, theme.primary === '#FFFFFF' ? '#111827' : shade(theme.primary, 0.2)),
    muted: '#374151',
    accent: theme.primary,
    button: { background: theme.primary, color: theme.onPrimary },
    align: 'left',
    dark: false,
  }
}

function frame(kit: SlideKit): Backdrop {
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const light = { background: theme.secondary, color: theme.onSecondary }
  // Elegante: a deep shade of the brand colour, a fine double frame and corner marks in the accent.
  const deep = shade(theme.primary, 0.45)
  const inset = 40
  return {
    background: deep,
    style: { backgroundImage: `radial-gradient(circle at 50% 40%, ${shade(theme.primary, 0.15)} 0%, ${deep} 75%)` },
    decor: [
      <div
        key="outer"
        style={{
          ...abs(kit, { left: inset, top: inset, width: W - 2 * inset, height: H - 2 * inset }),
          boxSizing: 'border-box',
          border: `${kit.u(2)} solid ${withAlpha(theme.secondary, 0.7)}`,
        }}
      />,
      <div
        key="inner"
        style={{
          ...abs(kit, { left: inset + 14, top: inset + 14, width: W - 2 * inset - 28, height: H - 2 * inset - 28 }),
          boxSizing: 'border-box',
          border: `${kit.u(1)} solid ${withAlpha(theme.secondary, 0.45)}`,
        }}
      />,
      ...[0, 1, 2, 3].map((corner) => (
        <div
          key={`corner-${corner}`}
          style={{
            ...abs(kit, {
              left: corner % 2 ? W - inset - 18 : inset - 4,
              top: corner > 1 ? H - inset - 18 : inset - 4,
              width: 22,
              height: 22,
            }),
            background: theme.secondary,
            transform: 'rotate(45deg)',
          }}
        />
      )),
    ],
    ink: readableOn(deep),
    muted: withAlpha(readableOn(deep), 0.84),
    accent: theme.secondary,
    button: light,
    align: 'center',
    dark: true,
  }
}

function burst(kit: SlideKit): Backdrop {
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  // Vibrante: the accent colour with rings bursting from a corner and a band of the brand colour.
  const ink = theme.onSecondary
  return {
    background: theme.secondary,
    style: {
      backgroundImage: `linear-gradient(150deg, ${tint(theme.secondary, 0.12)} 0%, ${theme.secondary} 55%, ${shade(theme.secondary, 0.12)} 100%)`,
    },
    decor: [
      ...[1100, 820, 560].map((size, i) => (
        <div
          key={`ring-${size}`}
          style={{
            ...abs(kit, { left: W - size / 2 + 80, top: -size / 2 + 120, width: size, height: size }),
            boxSizing: 'border-box',
            borderRadius: kit.u(size),
            border: `${kit.u(36 - i * 8)} solid ${withAlpha(ink, 0.07 + i * 0.02)}`,
          }}
        />
      )),
      <div
        key="band"
        style={{ ...abs(kit, { left: 0, top: H - 28, width: W, height: 28 }), background: theme.primary }}
      />,
    ],
    ink,
    muted: withAlpha(ink, 0.86),
    accent: theme.primary,
    button: { background: theme.primary, color: theme.onPrimary },
    align: 'left',
    dark: readableOn(theme.secondary) === '#FFFFFF',
  }
}

function circles(kit: SlideKit): Backdrop {
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const light = { background: theme.secondary, color: theme.onSecondary }
  // Clássico: the brand colour in a soft diagonal, quiet circles and a fine linen of hairlines.
  return {
    background: theme.primary,
    style: { backgroundImage: `linear-gradient(135deg, ${theme.primary} 0%, ${shade(theme.primary, 0.35)} 100%)` },
    decor: [
      <DecorCircle key="c1" kit={kit} right={-240} top={-150} size={640} alpha={0.06} />,
      <DecorCircle key="c2" kit={kit} left={-180} bottom={-60} size={460} alpha={0.05} />,
      <div
        key="linen"
        style={{
          ...abs(kit, { left: 0, top: 0, width: W, height: H }),
          backgroundImage: `repeating-linear-gradient(45deg, ${withAlpha(theme.onPrimary, 0.035)} 0px, ${withAlpha(theme.onPrimary, 0.035)} ${kit.u(2)}, rgba(0,0,0,0) ${kit.u(2)}, rgba(0,0,0,0) ${kit.u(14)})`,
        }}
      />,
    ],
    ink: theme.onPrimary,
    muted: withAlpha(theme.onPrimary, 0.86),
    accent: theme.secondary,
    button: light,
    align: 'left',
    dark: true,
  }
}
