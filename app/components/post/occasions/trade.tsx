// Dia do Corretor, Dia do Cliente and the generic art (dicas, institucional, depoimentos, any
// other date): drawn in the agent's brand colours, two compositions each.
import { contrastRatio, readableOn, shade, tint, withAlpha } from '~/domain/post-theme'
import type { SlideKit } from '../kit'
import { ArtSvg, heartPath, scatter, starPath, type ArtPalette, type Composition } from './shapes'

const M = 88

/** The brand colour as the ground, its accent for the drawing. */
function onBrand(kit: SlideKit): ArtPalette {
  const { theme } = kit
  const ink = theme.onPrimary
  // An accent too close to the ground (a gold brand on gold) falls back to the ink.
  const accent = contrastRatio(theme.secondary, theme.primary) >= 2 ? theme.secondary : ink
  return {
    background: theme.primary,
    ink,
    muted: withAlpha(ink, 0.82),
    accent,
    onAccent: readableOn(accent),
    dark: ink.toUpperCase() === '#FFFFFF',
  }
}

/** A light tint of the brand colour as the ground, the brand colour for the words. */
function onPaper(kit: SlideKit): ArtPalette {
  const { theme } = kit
  const background = tint(theme.primary, 0.93)
  const ink = contrastRatio(theme.primary, background) >= 4.5 ? theme.primary : shade(theme.primary, 0.5)
  const accent = contrastRatio(theme.secondary, background) >= 2 ? theme.secondary : ink
  return { background, ink, muted: theme.text, accent, onAccent: readableOn(accent), dark: false }
}

/** A big key whose bow is a house, across the lower right; "27 de agosto" above the words. */
export const corretorKey: Composition = (kit, c) => {
  const p = onBrand(kit)
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const x = 300
  const y = c.foot - 140 * s
  return {
    palette: p,
    drawing: (
      <ArtSvg kit={kit}>
        <circle cx={c.W - 60} cy={c.top + 80} r={230} fill={withAlpha(p.ink, 0.06)} />
        <circle cx={c.W - 60} cy={c.top + 80} r={150} fill={withAlpha(p.ink, 0.06)} />
        <g transform={`translate(${x} ${y}) rotate(-20) scale(${s * 0.92})`}>
          <circle cx={0} cy={0} r={150} fill={p.accent} />
          <path d="M-62 52 L-62 -14 L0 -70 L62 -14 L62 52 Z" fill={p.background} />
          <rect x={-16} y={12} width={32} height={40} fill={p.accent} />
          <rect x={140} y={-26} width={560} height={52} rx={10} fill={p.accent} />
          <rect x={560} y={20} width={44} height={78} rx={6} fill={p.accent} />
          <rect x={630} y={20} width={44} height={56} rx={6} fill={p.accent} />
          <rect x={170} y={-8} width={380} height={8} rx={4} fill={p.background} opacity={0.25} />
        </g>
      </ArtSvg>
    ),
    box: { left: M, top: c.top + 80, width: c.W - 2 * M - 40, height: area * 0.44 },
    align: 'left',
    kicker: '27 de agosto',
  }
}

/** The date as the hero: "27" large under a roof line, the words below. */
export const corretorDate: Composition = (kit, c) => {
  const p = onPaper(kit)
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const numeralTop = c.top + 70 * s
  const size = 330 * s
  return {
    palette: p,
    drawing: (
      <>
        <ArtSvg kit={kit}>
          <path
            d={`M${M - 10} ${numeralTop + 40 * s} L${M + 250 * s} ${numeralTop - 70 * s} L${M + 510 * s} ${numeralTop + 40 * s}`}
            fill="none"
            stroke={p.accent}
            strokeWidth={22 * s}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          {[
            { x: c.W - 200, w: 200, h: 0.78 },
            { x: c.W - 330, w: 120, h: 0.5 },
          ].map((b, i) => {
            const top = c.foot - 10 - (c.foot - c.top) * b.h
            return (
              <g key={i}>
                <rect x={b.x} y={top} width={b.w} height={c.foot - 10 - top} fill={withAlpha(p.ink, i ? 0.07 : 0.1)} />
                {Array.from({ length: Math.floor((c.foot - 40 - top) / 70) }, (_, r) =>
                  Array.from({ length: Math.floor(b.w / 60) }, (_, k) => (
                    <rect
                      key={`${r}-${k}`}
                      x={b.x + 24 + k * 56}
                      y={top + 30 + r * 70}
                      width={30}
                      height={36}
                      fill={p.background}
                      opacity={0.9}
                    />
                  )),
                )}
              </g>
            )
          })}
          <rect x={c.W - 360} y={c.foot - 12} width={360} height={4} fill={withAlpha(p.ink, 0.25)} />
        </ArtSvg>
        <div
          style={{
            display: 'flex',
            alignItems: 'flex-end',
            position: 'absolute',
            left: kit.u(M - 12),
            top: kit.u(numeralTop + 20 * s),
            gap: kit.u(22),
          }}
        >
          <div
            style={{
              display: 'flex',
              fontFamily: 'Montserrat',
              fontWeight: 800,
              fontSize: kit.u(size),
              lineHeight: 1,
              letterSpacing: kit.u(-10 * s),
              color: p.ink,
            }}
          >
            27
          </div>
          <div
            style={{
              display: 'flex',
              flexDirection: 'column',
              paddingBottom: kit.u(46 * s),
              fontFamily: 'Montserrat',
              fontWeight: 700,
              fontSize: kit.u(44 * s),
              lineHeight: 1.05,
              color: p.accent === p.ink ? p.muted : p.accent,
            }}
          >
            <div style={{ display: 'flex' }}>de</div>
            <div style={{ display: 'flex' }}>agosto</div>
          </div>
        </div>
      </>
    ),
    box: {
      left: M,
      top: numeralTop + size + 60 * s,
      width: c.W - 2 * M - 300,
      height: c.foot - 30 - (numeralTop + size + 60 * s),
    },
    align: 'left',
  }
}

/** Five stars as a rating over the words; "15 de setembro" as the kicker. */
export const clienteStars: Composition = (kit, c) => {
  const p = onBrand(kit)
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const y = c.top + 150 * s
  const sparkle = scatter(22, { x: 40, y: c.top + 20, w: c.W - 80, h: area - 40 }, 15)
  return {
    palette: p,
    drawing: (
      <ArtSvg kit={kit}>
        {sparkle.map((q, i) => (
          <circle key={i} cx={q.x} cy={q.y} r={2 + q.t * 4} fill={p.ink} opacity={0.12} />
        ))}
        {[-2, -1, 0, 1, 2].map((i) => (
          <path
            key={i}
            d={starPath(c.W / 2 + i * 150 * s, y + Math.abs(i) * 14 * s, (i === 0 ? 74 : 60) * s)}
            fill={p.accent}
          />
        ))}
        <rect x={c.W / 2 - 60} y={y + 120 * s} width={120} height={6} rx={3} fill={withAlpha(p.ink, 0.35)} />
      </ArtSvg>
    ),
    box: { left: M, top: y + 170 * s, width: c.W - 2 * M, height: c.foot - 40 - (y + 170 * s) },
    align: 'center',
    kicker: '15 de setembro',
  }
}

/** A speech balloon with a heart, in the brand colour, on a light ground. */
export const clienteBalloon: Composition = (kit, c) => {
  const p = onPaper(kit)
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const b = { x: c.W - M - 430 * s, y: c.top + 70 * s, w: 430 * s, h: 300 * s }
  return {
    palette: p,
    drawing: (
      <ArtSvg kit={kit}>
        <circle cx={M + 60} cy={c.top + 150 * s} r={90 * s} fill={withAlpha(p.ink, 0.08)} />
        <circle cx={M + 190} cy={c.top + 250 * s} r={40 * s} fill={withAlpha(p.accent, 0.35)} />
        <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={70 * s} fill={p.ink} />
        <path
          d={`M${b.x + 70 * s} ${b.y + b.h - 10} L${b.x + 40 * s} ${b.y + b.h + 80 * s} L${b.x + 160 * s} ${b.y + b.h - 10} Z`}
          fill={p.ink}
        />
        <path
          d={heartPath(b.x + b.w / 2, b.y + b.h / 2 + 8 * s, 150 * s)}
          fill={p.accent === p.ink ? p.background : p.accent}
        />
      </ArtSvg>
    ),
    box: { left: M, top: b.y + b.h + 120 * s, width: c.W - 2 * M, height: c.foot - 30 - (b.y + b.h + 120 * s) },
    align: 'left',
    kicker: '15 de setembro',
  }
}

/** Geometry in the brand colours in the upper right (a quarter disc, a half disc, a dot grid). */
export const genericShapes: Composition = (kit, c) => {
  const p = onBrand(kit)
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const R = 380 * s
  return {
    palette: p,
    drawing: (
      <ArtSvg kit={kit}>
        <path d={`M${c.W} ${c.top} L${c.W - R} ${c.top} A${R} ${R} 0 0 0 ${c.W} ${c.top + R} Z`} fill={p.accent} />
        <path
          d={`M${c.W - R - 40} ${c.top + R + 40} A${R * 0.5} ${R * 0.5} 0 0 1 ${c.W - 40 - R * 0} ${c.top + R + 40} Z`}
          fill={withAlpha(p.ink, 0.14)}
        />
        <circle
          cx={c.W - R - 120 * s}
          cy={c.top + 110 * s}
          r={44 * s}
          fill="none"
          stroke={p.ink}
          strokeWidth={6}
          opacity={0.45}
        />
        {Array.from({ length: 5 }, (_, i) =>
          Array.from({ length: 4 }, (_, j) => (
            <circle key={`${i}-${j}`} cx={M + 8 + i * 40} cy={c.top + 90 + j * 40} r={6} fill={p.ink} opacity={0.3} />
          )),
        )}
      </ArtSvg>
    ),
    box: { left: M, top: c.top + area * 0.44, width: c.W - 2 * M, height: area * 0.56 - 40 },
    align: 'left',
  }
}

/** A thin frame on a light ground with the brand's corners; the words centred in it. */
export const genericFrame: Composition = (kit, c) => {
  const p = onPaper(kit)
  const inset = 56
  const f = { x: inset, y: c.top + inset, w: c.W - 2 * inset, h: c.foot - 30 - (c.top + inset) }
  const corner = 90
  return {
    palette: p,
    drawing: (
      <ArtSvg kit={kit}>
        <rect x={f.x} y={f.y} width={f.w} height={f.h} fill="none" stroke={p.ink} strokeWidth={4} />
        <rect
          x={f.x + 16}
          y={f.y + 16}
          width={f.w - 32}
          height={f.h - 32}
          fill="none"
          stroke={p.ink}
          strokeWidth={1.5}
          opacity={0.4}
        />
        {[
          [f.x, f.y, 0],
          [f.x + f.w, f.y, 90],
          [f.x + f.w, f.y + f.h, 180],
          [f.x, f.y + f.h, 270],
        ].map(([x, y, r]) => (
          <path
            key={r}
            d={`M${x! - 14} ${y! - 14} L${x! + corner} ${y! - 14} L${x! + corner} ${y! + 10} L${x! + 10} ${y! + 10} L${x! + 10} ${y! + corner} L${x! - 14} ${y! + corner} Z`}
            fill={p.accent}
            transform={`rotate(${r} ${x} ${y})`}
          />
        ))}
      </ArtSvg>
    ),
    box: { left: f.x + 90, top: f.y + 130, width: f.w - 180, height: f.h - 230 },
    align: 'center',
  }
}
