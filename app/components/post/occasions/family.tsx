// Dia das Mães and Dia dos Pais: two compositions each.
import { ArtSvg, Flower, heartPath, Leaf, scatter, type Composition } from './shapes'

const M = 88

/** Bouquets in two corners on blush paper; the words set in Playfair between them. */
export const maesFlowers: Composition = (kit, c) => {
  const area = c.foot - c.top
  const top = [
    { x: 905, y: c.top + 150, r: 96, colour: '#E8798F', turn: 10 },
    { x: 1030, y: c.top + 300, r: 74, colour: '#F4A7B5', turn: 30 },
    { x: 770, y: c.top + 40, r: 66, colour: '#C9415E', turn: 0 },
    { x: 1040, y: c.top + 40, r: 58, colour: '#F4A7B5', turn: 15 },
  ]
  const bottom = [
    { x: 90, y: c.foot - 120, r: 84, colour: '#C9415E', turn: 20 },
    { x: 230, y: c.foot - 40, r: 58, colour: '#F4A7B5', turn: 0 },
  ]
  const leaves = [
    { x: 860, y: c.top + 260, length: 120, angle: 130 },
    { x: 980, y: c.top + 190, length: 110, angle: 80 },
    { x: 700, y: c.top + 90, length: 100, angle: 170 },
    { x: 140, y: c.foot - 190, length: 110, angle: -70 },
    { x: 200, y: c.foot - 110, length: 100, angle: -20 },
  ]
  return {
    palette: {
      background: '#FCE8EA',
      ink: '#6D1A36',
      muted: '#7E4558',
      accent: '#C9415E',
      onAccent: '#FFFFFF',
      dark: false,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {leaves.map((l, i) => (
          <Leaf key={i} {...l} colour={i % 2 ? '#7BAE7F' : '#5E9468'} />
        ))}
        {[...top, ...bottom].map((fl, i) => (
          <Flower
            key={i}
            cx={fl.x}
            cy={fl.y}
            r={fl.r}
            colour={fl.colour}
            centre="#F9D776"
            turn={fl.turn}
            petals={i % 2 ? 5 : 6}
          />
        ))}
        {scatter(8, { x: 120, y: c.top + 60, w: 520, h: 160 }, 4).map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={5 + p.t * 5} fill="#E8798F" opacity={0.45} />
        ))}
      </ArtSvg>
    ),
    box: {
      left: M,
      top: c.top + Math.min(300, area * 0.3),
      width: 780,
      height: area - Math.min(300, area * 0.3) - 200,
    },
    align: 'left',
    font: 'Playfair Display',
  }
}

/** One large heart drawn in a line round the words, on wine, with small hearts afloat. */
export const maesHeart: Composition = (kit, c) => {
  const area = c.foot - c.top
  const size = Math.min(980, area * 1.02)
  const cx = c.W / 2
  const cy = c.top + area / 2 + 10
  const small = scatter(14, { x: 40, y: c.top + 30, w: c.W - 80, h: area - 60 }, 9).filter(
    (p) => Math.hypot(p.x - cx, p.y - cy) > size * 0.45,
  )
  return {
    palette: {
      background: '#7A1F3D',
      ink: '#FFFFFF',
      muted: '#F5D0DA',
      accent: '#F5B3C4',
      onAccent: '#7A1F3D',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        <path d={heartPath(cx, cy, size)} fill="#8E2A4C" />
        <path d={heartPath(cx, cy, size * 0.9)} fill="none" stroke="#F5B3C4" strokeWidth={4} opacity={0.7} />
        {small.map((p, i) => (
          <path key={i} d={heartPath(p.x, p.y, 26 + p.t * 40)} fill="#F5B3C4" opacity={0.35 + p.t * 0.5} />
        ))}
      </ArtSvg>
    ),
    box: { left: cx - size * 0.32, top: cy - size * 0.3, width: size * 0.64, height: size * 0.52 },
    align: 'center',
    font: 'Playfair Display',
  }
}

/** A striped tie hanging down the right side, on navy; the words on the left. */
export const paisTie: Composition = (kit, c) => {
  const area = c.foot - c.top
  const tx = 850
  const knotTop = c.top + 70
  const knotBottom = knotTop + 120
  const end = c.foot - 40
  const blade = `M${tx - 50} ${knotBottom} L${tx - 120} ${end - 120} L${tx} ${end} L${tx + 120} ${end - 120} L${tx + 50} ${knotBottom} Z`
  const knot = `M${tx - 72} ${knotTop} L${tx + 72} ${knotTop} L${tx + 50} ${knotBottom} L${tx - 50} ${knotBottom} Z`
  return {
    palette: {
      background: '#1D2B44',
      ink: '#FFFFFF',
      muted: '#C5CEDD',
      accent: '#E0A526',
      onAccent: '#1D2B44',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        <defs>
          <clipPath id="art-pais-tie">
            <path d={blade} />
          </clipPath>
        </defs>
        <path d={`M${tx - 170} ${c.top} L${tx - 72} ${knotTop + 40} L${tx} ${knotTop} Z`} fill="#F3F1EA" />
        <path d={`M${tx + 170} ${c.top} L${tx + 72} ${knotTop + 40} L${tx} ${knotTop} Z`} fill="#F3F1EA" />
        <rect x={tx - 170} y={0} width={340} height={c.top} fill="#F3F1EA" />
        <path d={blade} fill="#E0A526" />
        <g clipPath="url(#art-pais-tie)">
          {Array.from({ length: Math.ceil(area / 70) + 6 }, (_, i) => (
            <rect
              key={i}
              x={tx - 300}
              y={knotBottom - 200 + i * 70}
              width={600}
              height={20}
              fill="#1D2B44"
              opacity={0.3}
              transform={`rotate(-35 ${tx} ${knotBottom - 200 + i * 70})`}
            />
          ))}
        </g>
        <path d={knot} fill="#C98F14" />
        {scatter(16, { x: 60, y: c.top + 40, w: 560, h: area - 80 }, 2).map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={2 + p.t * 3} fill="#E0A526" opacity={0.35} />
        ))}
      </ArtSvg>
    ),
    box: { left: M, top: c.top + 90, width: 590, height: area - 150 },
    align: 'left',
  }
}

/** A card with a bow tie on a plaid of two blues; the words on the card. */
export const paisPlaid: Composition = (kit, c) => {
  const card = { left: M, top: c.top + 170, right: c.W - M, bottom: c.foot - 50 }
  const bx = c.W / 2
  const by = card.top
  return {
    palette: {
      background: '#23566B',
      ink: '#1D2B44',
      muted: '#4A5568',
      accent: '#E0A526',
      onAccent: '#1D2B44',
      dark: true,
    },
    drawing: (
      <ArtSvg kit={kit}>
        {Array.from({ length: 10 }, (_, i) => (
          <rect key={`v${i}`} x={i * 120 + 20} y={0} width={56} height={c.H} fill="#FFFFFF" opacity={0.07} />
        ))}
        {Array.from({ length: Math.ceil(c.H / 120) }, (_, i) => (
          <rect key={`h${i}`} x={0} y={i * 120 + 20} width={c.W} height={56} fill="#0B2733" opacity={0.22} />
        ))}
        {Array.from({ length: 10 }, (_, i) => (
          <rect key={`t${i}`} x={i * 120 + 88} y={0} width={6} height={c.H} fill="#E0A526" opacity={0.35} />
        ))}
        <rect
          x={card.left + 14}
          y={card.top + 18}
          width={card.right - card.left}
          height={card.bottom - card.top}
          rx={28}
          fill="#0B2733"
          opacity={0.35}
        />
        <rect
          x={card.left}
          y={card.top}
          width={card.right - card.left}
          height={card.bottom - card.top}
          rx={28}
          fill="#F7F3EA"
        />
        <path
          d={`M${bx - 16} ${by} L${bx - 130} ${by - 62} Q${bx - 150} ${by} ${bx - 130} ${by + 62} Z`}
          fill="#E0A526"
        />
        <path
          d={`M${bx + 16} ${by} L${bx + 130} ${by - 62} Q${bx + 150} ${by} ${bx + 130} ${by + 62} Z`}
          fill="#E0A526"
        />
        <rect x={bx - 30} y={by - 34} width={60} height={68} rx={14} fill="#C98F14" />
      </ArtSvg>
    ),
    box: {
      left: card.left + 60,
      top: card.top + 90,
      width: card.right - card.left - 120,
      height: card.bottom - card.top - 130,
    },
    align: 'center',
  }
}
