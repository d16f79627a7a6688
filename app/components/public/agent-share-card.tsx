// The agent page's share image (og:image of /c/{handle}, 1200×630), drawn by Takumi like the post
// images: the agent's brand on their colour at the left, up to three of their properties at the
// right, each with its price. Images arrive by key (`logo`, `photo-N`), already fitted to their box.
import { readableOn, shade, withAlpha } from '~/domain/post-theme'

const W = 1200
const H = 630
const PANEL = 500
const GAP = 6
const RIGHT = W - PANEL

type ShareHome = { photo: string | null; name: string; price: string; place: string }

export type AgentShareCardProps = {
  name: string
  creci: string | null
  /** The page's address without the scheme: 'vitrine.app/c/ana'. */
  address: string
  count: number
  color: string
  accent: string
  logo: string | null
  homes: ShareHome[]
}

type Box = { left: number; top: number; width: number; height: number }

/** Where each property's photo goes, by how many there are. */
function layout(count: number): Box[] {
  if (count <= 1) return [{ left: 0, top: 0, width: RIGHT, height: H }]
  if (count === 2)
    return [
      { left: 0, top: 0, width: RIGHT, height: (H - GAP) / 2 },
      { left: 0, top: (H + GAP) / 2, width: RIGHT, height: (H - GAP) / 2 },
    ]
  const top = 380
  const half = (RIGHT - GAP) / 2
  return [
    { left: 0, top: 0, width: RIGHT, height: top },
    { left: 0, top: top + GAP, width: half, height: H - top - GAP },
    { left: half + GAP, top: top + GAP, width: half, height: H - top - GAP },
  ]
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')

export function AgentShareCard(props: AgentShareCardProps) {
  const ink = readableOn(props.color, '#0f172a')
  const muted = withAlpha(ink, 0.78)
  const boxes = layout(props.homes.length)
  const nameSize = props.name.length > 28 ? 44 : props.name.length > 18 ? 52 : 60
  return (
    <div
      style={{
        display: 'flex',
        width: W,
        height: H,
        position: 'relative',
        backgroundColor: shade(props.color, 0.35),
        fontFamily: 'Inter',
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          position: 'absolute',
          left: 0,
          top: 0,
          width: PANEL,
          height: H,
          padding: 56,
          boxSizing: 'border-box',
          backgroundColor: props.color,
          color: ink,
        }}
      >
        {props.logo ? (
          <div
            style={{
              display: 'flex',
              width: 184,
              height: 184,
              borderRadius: 28,
              backgroundColor: '#ffffff',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <img src={props.logo} width={160} height={160} style={{ objectFit: 'contain' }} />
          </div>
        ) : (
          <div
            style={{
              display: 'flex',
              width: 150,
              height: 150,
              borderRadius: 75,
              backgroundColor: props.accent,
              color: readableOn(props.accent, '#0f172a'),
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 60,
              fontWeight: 800,
            }}
          >
            {initials(props.name)}
          </div>
        )}
        <div style={{ display: 'flex', flexDirection: 'column', marginTop: 'auto', gap: 10 }}>
          <div style={{ fontSize: nameSize, fontWeight: 800, lineHeight: 1.05, letterSpacing: -1 }}>{props.name}</div>
          {props.creci ? <div style={{ fontSize: 26, fontWeight: 600, color: muted }}>{props.creci}</div> : null}
          <div style={{ display: 'flex', alignItems: 'center', gap: 14, marginTop: 18 }}>
            <div
              style={{
                display: 'flex',
                flexShrink: 0,
                whiteSpace: 'nowrap',
                padding: '8px 18px',
                borderRadius: 999,
                backgroundColor: props.accent,
                color: readableOn(props.accent, '#0f172a'),
                fontSize: 24,
                fontWeight: 700,
              }}
            >
              {props.count === 1 ? '1 imóvel' : `${props.count} imóveis`}
            </div>
            <div style={{ fontSize: 22, fontWeight: 600, color: muted }}>{props.address}</div>
          </div>
        </div>
      </div>
      {props.homes.length === 0 ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: PANEL,
            top: 0,
            width: RIGHT,
            height: H,
            alignItems: 'center',
            justifyContent: 'center',
            color: '#ffffff',
            fontSize: 40,
            fontWeight: 700,
          }}
        >
          Imóveis à venda e para alugar
        </div>
      ) : null}
      {props.homes.map((home, i) => {
        const box = boxes[i]!
        const small = box.height < 300
        return (
          <div
            key={i}
            style={{
              display: 'flex',
              position: 'absolute',
              left: PANEL + box.left,
              top: box.top,
              width: box.width,
              height: box.height,
              backgroundColor: shade(props.color, 0.5),
              overflow: 'hidden',
            }}
          >
            {home.photo ? <img src={home.photo} width={box.width} height={box.height} /> : null}
            <div
              style={{
                display: 'flex',
                flexDirection: 'column',
                position: 'absolute',
                left: small ? 16 : 24,
                bottom: small ? 16 : 24,
                maxWidth: box.width - (small ? 32 : 48),
                padding: small ? '8px 14px' : '12px 20px',
                borderRadius: 14,
                backgroundColor: 'rgba(15, 23, 42, 0.82)',
                color: '#ffffff',
              }}
            >
              <div style={{ fontSize: small ? 24 : 32, fontWeight: 800 }}>{home.price}</div>
              <div style={{ fontSize: small ? 17 : 20, fontWeight: 500, color: 'rgba(255,255,255,0.85)' }}>
                {home.place}
              </div>
            </div>
          </div>
        )
      })}
    </div>
  )
}

/** The photo boxes the card draws, so the photos are fitted to them before drawing. */
AgentShareCard.photoBoxes = (count: number) => layout(count).map(({ width, height }) => ({ width, height }))
