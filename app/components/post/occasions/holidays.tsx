// Natal, Ano Novo and Páscoa: two compositions each, in the occasion's own colours.
import { Burst, eggPath, scatter, sparklePath, starPath, type Composition } from './shapes'
import { ArtSvg } from './shapes'

const M = 88

/** A wreath with the words inside it, on pine green under falling snow. */
export const natalWreath: Composition = (kit, c) => {
  const area = c.foot - c.top
  const cx = c.W / 2
  const cy = c.top + area / 2
  const R = Math.min(400, area / 2 - 40)
  const k = R / 400
  const snow = scatter(46, { x: 0, y: 0, w: c.W, h: c.H }, 7)
  const berries = [20, 75, 140, 200, 255, 320]
  return {
    palette: {
      background: '#0F3B2C',
      ink: '#FFF8E7',
      muted: '#D9E4DA',
      accent: '#E9C46A',
      onAccent: '#0F3B2C',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {snow.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={2 + p.t * 5} fill="#FFFFFF" opacity={0.12 + p.t * 0.2} />
        ))}
        {Array.from({ length: 40 }, (_, i) => (
          <ellipse
            key={`a${i}`}
            cx={cx}
            cy={cy - R}
            rx={24 * k}
            ry={64 * k}
            fill="#1D6B45"
            transform={`rotate(${i * 9 + 25} ${cx} ${cy}) rotate(28 ${cx} ${cy - R})`}
          />
        ))}
        {Array.from({ length: 40 }, (_, i) => (
          <ellipse
            key={`b${i}`}
            cx={cx}
            cy={cy - R + 6 * k}
            rx={18 * k}
            ry={50 * k}
            fill="#2F9461"
            transform={`rotate(${i * 9 + 29.5} ${cx} ${cy}) rotate(-24 ${cx} ${cy - R + 6 * k})`}
          />
        ))}
        {berries.map((angle) => (
          <g key={angle} transform={`rotate(${angle} ${cx} ${cy})`}>
            <circle cx={cx - 14 * k} cy={cy - R - 6 * k} r={15 * k} fill="#D7263D" />
            <circle cx={cx + 12 * k} cy={cy - R - 14 * k} r={13 * k} fill="#B5172F" />
            <circle cx={cx + 4 * k} cy={cy - R + 12 * k} r={12 * k} fill="#E8475A" />
          </g>
        ))}
        <g>
          <ellipse
            cx={cx - 62 * k}
            cy={cy + R - 8 * k}
            rx={66 * k}
            ry={36 * k}
            fill="#C8102E"
            transform={`rotate(-22 ${cx - 62 * k} ${cy + R - 8 * k})`}
          />
          <ellipse
            cx={cx + 62 * k}
            cy={cy + R - 8 * k}
            rx={66 * k}
            ry={36 * k}
            fill="#C8102E"
            transform={`rotate(22 ${cx + 62 * k} ${cy + R - 8 * k})`}
          />
          <path
            d={`M${cx - 14 * k} ${cy + R + 10 * k} L${cx - 70 * k} ${cy + R + 110 * k} L${cx - 36 * k} ${cy + R + 98 * k} L${cx - 20 * k} ${cy + R + 128 * k} Z`}
            fill="#A00D25"
          />
          <path
            d={`M${cx + 14 * k} ${cy + R + 10 * k} L${cx + 70 * k} ${cy + R + 110 * k} L${cx + 36 * k} ${cy + R + 98 * k} L${cx + 20 * k} ${cy + R + 128 * k} Z`}
            fill="#A00D25"
          />
          <circle cx={cx} cy={cy + R} r={26 * k} fill="#E23A4E" />
        </g>
        <path d={starPath(cx, cy - R - 4 * k, 34 * k)} fill="#E9C46A" />
      </ArtSvg>
    ),
    box: { left: cx - R * 0.74, top: cy - R * 0.6, width: R * 1.48, height: R * 1.2 },
    align: 'center',
  }
}

/** Baubles hanging from the top edge over cream paper; the words below them. */
export const natalBaubles: Composition = (kit, c) => {
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const balls = [
    { x: 138, len: 150, r: 58, colour: '#C8102E' },
    { x: 318, len: 280, r: 78, colour: '#1D6B45' },
    { x: 540, len: 180, r: 54, colour: '#D9A21B' },
    { x: 752, len: 320, r: 88, colour: '#C8102E' },
    { x: 948, len: 170, r: 62, colour: '#1D6B45' },
  ]
  const sparkles = scatter(9, { x: 60, y: c.top + 40, w: c.W - 120, h: 380 * s }, 3)
  const lowest = Math.max(...balls.map((b) => b.len * s + b.r * s * 2))
  return {
    palette: {
      background: '#FBF5E9',
      ink: '#123B2A',
      muted: '#4D5F55',
      accent: '#C8102E',
      onAccent: '#FFFFFF',
      dark: false,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {sparkles.map((p, i) => (
          <path key={i} d={sparklePath(p.x, p.y, 10 + p.t * 14)} fill="#D9A21B" opacity={0.7} />
        ))}
        {balls.map((b, i) => {
          const r = b.r * s
          const cy = c.top + b.len * s + r
          return (
            <g key={i}>
              <line x1={b.x} y1={c.top} x2={b.x} y2={cy - r - 16 * s} stroke="#8C7B5A" strokeWidth={3} />
              <rect x={b.x - r * 0.24} y={cy - r - 20 * s} width={r * 0.48} height={26 * s} rx={5} fill="#D9A21B" />
              <circle cx={b.x} cy={cy} r={r} fill={b.colour} />
              <ellipse cx={b.x} cy={cy + r * 0.08} rx={r * 0.99} ry={r * 0.2} fill="#FFFFFF" opacity={0.22} />
              <ellipse cx={b.x} cy={cy + r * 0.08} rx={r * 0.99} ry={r * 0.06} fill="#FFFFFF" opacity={0.45} />
              <ellipse
                cx={b.x - r * 0.38}
                cy={cy - r * 0.42}
                rx={r * 0.2}
                ry={r * 0.12}
                fill="#FFFFFF"
                opacity={0.55}
                transform={`rotate(-40 ${b.x - r * 0.38} ${cy - r * 0.42})`}
              />
            </g>
          )
        })}
      </ArtSvg>
    ),
    box: { left: M, top: c.top + lowest + 50, width: c.W - 2 * M, height: c.foot - 30 - (c.top + lowest + 50) },
    align: 'left',
  }
}

/** Fireworks over a night sky; the words at the foot of the sky. */
export const anoNovoFireworks: Composition = (kit, c) => {
  const area = c.foot - c.top
  const sky = area * 0.46
  const stars = scatter(60, { x: 0, y: 0, w: c.W, h: c.top + sky + 120 }, 11)
  return {
    palette: {
      background: '#0B1026',
      ink: '#FFFFFF',
      muted: '#C9C6E0',
      accent: '#F2C14E',
      onAccent: '#14213D',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        <defs>
          <linearGradient id="art-ano-novo-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0B1026" />
            <stop offset="1" stopColor="#2A1B4E" />
          </linearGradient>
        </defs>
        <rect x={0} y={0} width={c.W} height={c.H} fill="url(#art-ano-novo-sky)" />
        {stars.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={1.5 + p.t * 2.5} fill="#FFFFFF" opacity={0.25 + p.t * 0.5} />
        ))}
        <Burst cx={250} cy={c.top + sky * 0.5} r={Math.min(170, sky * 0.42)} rays={16} colour="#F2C14E" width={6} />
        <Burst cx={250} cy={c.top + sky * 0.5} r={Math.min(90, sky * 0.22)} rays={10} colour="#FFE8A3" width={4} />
        <Burst cx={790} cy={c.top + sky * 0.34} r={Math.min(140, sky * 0.34)} rays={14} colour="#F7F7FF" width={5} />
        <Burst cx={640} cy={c.top + sky * 0.86} r={Math.min(90, sky * 0.22)} rays={12} colour="#F28FB3" width={4} />
        <Burst cx={960} cy={c.top + sky * 0.78} r={Math.min(60, sky * 0.16)} rays={10} colour="#F2C14E" width={3} />
        <path d={sparklePath(470, c.top + sky * 0.2, 16)} fill="#FFFFFF" />
        <path d={sparklePath(110, c.top + sky * 0.95, 12)} fill="#F2C14E" />
      </ArtSvg>
    ),
    box: { left: M, top: c.top + sky + 40, width: c.W - 2 * M, height: area - sky - 70 },
    align: 'left',
  }
}

/** A clock a few minutes to midnight, gold on black, with confetti. */
export const anoNovoClock: Composition = (kit, c) => {
  const area = c.foot - c.top
  const R = Math.min(330, area * 0.36)
  const cx = c.W - R * 0.72
  const cy = c.top + R * 0.78
  const confetti = scatter(34, { x: 40, y: c.top + 30, w: c.W - R * 1.6 - 60, h: R * 1.7 }, 5)
  const colours = ['#D4AF37', '#F4E4B0', '#E8A0BF', '#FFFFFF']
  const hand = (angle: number, length: number, width: number) => {
    const a = ((angle - 90) * Math.PI) / 180
    return (
      <line
        x1={cx}
        y1={cy}
        x2={cx + length * Math.cos(a)}
        y2={cy + length * Math.sin(a)}
        stroke="#D4AF37"
        strokeWidth={width}
        strokeLinecap="round"
      />
    )
  }
  return {
    palette: {
      background: '#111111',
      ink: '#FFFFFF',
      muted: '#C2BBA8',
      accent: '#D4AF37',
      onAccent: '#111111',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {confetti.map((p, i) => (
          <rect
            key={i}
            x={p.x}
            y={p.y}
            width={10 + p.t * 8}
            height={22 + p.t * 10}
            rx={3}
            fill={colours[i % colours.length]}
            opacity={0.85}
            transform={`rotate(${Math.round(p.t * 360)} ${p.x} ${p.y})`}
          />
        ))}
        <circle cx={cx} cy={cy} r={R + 26} fill="none" stroke="#D4AF37" strokeWidth={2} opacity={0.5} />
        <circle cx={cx} cy={cy} r={R} fill="#1B1B1B" stroke="#D4AF37" strokeWidth={10} />
        {Array.from({ length: 60 }, (_, i) => {
          const a = (i * 6 * Math.PI) / 180
          const hour = i % 5 === 0
          const r1 = R - (hour ? 56 : 26)
          const r2 = R - 16
          return (
            <line
              key={i}
              x1={cx + r1 * Math.sin(a)}
              y1={cy - r1 * Math.cos(a)}
              x2={cx + r2 * Math.sin(a)}
              y2={cy - r2 * Math.cos(a)}
              stroke={hour ? '#D4AF37' : '#6E6450'}
              strokeWidth={hour ? 9 : 3}
              strokeLinecap="round"
            />
          )
        })}
        {hand(-2.5, R * 0.5, 16)}
        {hand(-30, R * 0.74, 9)}
        <circle cx={cx} cy={cy} r={18} fill="#D4AF37" />
      </ArtSvg>
    ),
    box: { left: M, top: c.top + R * 1.78 + 40, width: c.W - 2 * M, height: c.foot - 30 - (c.top + R * 1.78 + 40) },
    align: 'left',
  }
}

/** Painted eggs in the grass, lilac sky; the words above them. */
export const pascoaEggs: Composition = (kit, c) => {
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const ground = c.foot - 16
  const eggs = [
    { x: 590, w: 190, h: 250, colour: '#FFD3B6', band: '#F28DA8', turn: -8 },
    { x: 800, w: 240, h: 320, colour: '#B9E6D3', band: '#8E6CC9', turn: 4 },
    { x: 980, w: 180, h: 236, colour: '#FFE08A', band: '#F29E4C', turn: 10 },
  ]
  return {
    palette: {
      background: '#EFE8F7',
      ink: '#3D2C5E',
      muted: '#5F5080',
      accent: '#8E6CC9',
      onAccent: '#FFFFFF',
      dark: false,
    },
    drawing: (
      <ArtSvg kit={kit}>
        <defs>
          {eggs.map((e, i) => (
            <clipPath key={i} id={`art-pascoa-egg-${i}`}>
              <path d={eggPath(e.x, ground - (e.h * s) / 2, e.w * s, e.h * s)} />
            </clipPath>
          ))}
        </defs>
        <circle cx={c.W - 170} cy={c.top + 110} r={60} fill="#FFFFFF" opacity={0.7} />
        <circle cx={c.W - 105} cy={c.top + 128} r={42} fill="#FFFFFF" opacity={0.7} />
        <circle cx={c.W - 225} cy={c.top + 132} r={36} fill="#FFFFFF" opacity={0.7} />
        <path
          d={`M0 ${c.foot - 10} Q${c.W * 0.3} ${c.foot - 70 * s} ${c.W} ${c.foot - 30} L${c.W} ${c.foot + 2} L0 ${c.foot + 2} Z`}
          fill="#E2D6F2"
        />
        {eggs.map((e, i) => {
          const w = e.w * s
          const h = e.h * s
          const cy = ground - h / 2
          const zig = Array.from(
            { length: 13 },
            (_, j) => `${e.x - w / 2 + (j * w) / 12} ${cy + (j % 2 === 0 ? -12 : 12) * s}`,
          ).join(' L')
          return (
            <g key={i} transform={`rotate(${e.turn} ${e.x} ${ground})`}>
              <path d={eggPath(e.x, cy, w, h)} fill={e.colour} />
              <g clipPath={`url(#art-pascoa-egg-${i})`}>
                <path d={`M${zig}`} stroke={e.band} strokeWidth={14 * s} fill="none" strokeLinejoin="round" />
                <rect x={e.x - w / 2} y={cy + h * 0.18} width={w} height={12 * s} fill={e.band} opacity={0.7} />
                {[-0.28, 0, 0.28].map((dx) => (
                  <circle key={dx} cx={e.x + dx * w} cy={cy - h * 0.2} r={9 * s} fill="#FFFFFF" opacity={0.9} />
                ))}
              </g>
            </g>
          )
        })}
        {Array.from({ length: 26 }, (_, i) => {
          const x = 470 + i * 24
          const h = 26 + ((i * 37) % 30)
          return (
            <path
              key={i}
              d={`M${x} ${ground + 16} Q${x + 4} ${ground - h / 2} ${x + 10} ${ground - h} Q${x + 8} ${ground - h / 2} ${x + 14} ${ground + 16} Z`}
              fill="#7BBF8E"
            />
          )
        })}
      </ArtSvg>
    ),
    box: { left: M, top: c.top + 200 * s, width: c.W - 2 * M - 80, height: area - 330 * s - 220 * s },
    align: 'left',
  }
}

/** A bunny peeking over a hill, ears up; the words in the sky. */
export const pascoaBunny: Composition = (kit, c) => {
  const area = c.foot - c.top
  const s = Math.min(1, area / 860)
  const ground = c.foot - 14
  const cx = c.W / 2
  const head = 150 * s
  const hy = ground + head * 0.3
  const earTop = hy - head - 250 * s
  return {
    palette: {
      background: '#E3F4EC',
      ink: '#1F4D3A',
      muted: '#3F6B58',
      accent: '#E8769A',
      onAccent: '#FFFFFF',
      dark: false,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {[
          { x: 150, y: c.top + 110 },
          { x: 930, y: c.top + 170 },
        ].map((p, i) => (
          <g key={i} opacity={0.9}>
            <circle cx={p.x} cy={p.y} r={42} fill="#FFFFFF" />
            <circle cx={p.x + 50} cy={p.y + 10} r={32} fill="#FFFFFF" />
            <circle cx={p.x - 46} cy={p.y + 14} r={28} fill="#FFFFFF" />
          </g>
        ))}
        {[-1, 1].map((side) => {
          const ex = cx + side * 62 * s
          const ey = hy - head - 110 * s
          return (
            <g key={side} transform={`rotate(${side * 12} ${ex} ${hy - head})`}>
              <ellipse cx={ex} cy={ey} rx={50 * s} ry={150 * s} fill="#FFFFFF" />
              <ellipse cx={ex} cy={ey + 10 * s} rx={24 * s} ry={112 * s} fill="#F6B8CB" />
            </g>
          )
        })}
        <circle cx={cx} cy={hy} r={head} fill="#FFFFFF" />
        <circle cx={cx - 52 * s} cy={hy - 30 * s} r={14 * s} fill="#1F2A37" />
        <circle cx={cx + 52 * s} cy={hy - 30 * s} r={14 * s} fill="#1F2A37" />
        <circle cx={cx - 47 * s} cy={hy - 35 * s} r={4 * s} fill="#FFFFFF" />
        <circle cx={cx + 57 * s} cy={hy - 35 * s} r={4 * s} fill="#FFFFFF" />
        <ellipse cx={cx} cy={hy + 6 * s} rx={16 * s} ry={11 * s} fill="#E8769A" />
        <ellipse cx={cx - 92 * s} cy={hy + 12 * s} rx={24 * s} ry={14 * s} fill="#F6B8CB" opacity={0.7} />
        <ellipse cx={cx + 92 * s} cy={hy + 12 * s} rx={24 * s} ry={14 * s} fill="#F6B8CB" opacity={0.7} />
        <path
          d={`M0 ${ground + 10} Q${c.W * 0.25} ${ground - 40} ${c.W / 2} ${ground - 6} Q${c.W * 0.75} ${ground + 28} ${c.W} ${ground - 26} L${c.W} ${c.H} L0 ${c.H} Z`}
          fill="#9ED9B8"
        />
        {[180, 300, 820, 900].map((x, i) => (
          <g key={x}>
            <circle cx={x} cy={ground + 2 - (i % 2) * 12} r={10} fill={i % 2 ? '#FFE08A' : '#F6B8CB'} />
            <circle cx={x} cy={ground + 2 - (i % 2) * 12} r={4} fill="#F29E4C" />
          </g>
        ))}
      </ArtSvg>
    ),
    box: { left: M, top: c.top + 70, width: c.W - 2 * M, height: earTop - (c.top + 70) - 60 },
    align: 'center',
  }
}
