// Line icons for the slides (24-unit grid, round strokes), drawn as inline SVG so Takumi and the
// browser draw them the same.
import type { SlideKit } from './kit'

export type IconName =
  'area' | 'bed' | 'suite' | 'bath' | 'car' | 'pin' | 'check' | 'phone' | 'arrow' | 'star' | 'home' | 'plan'

type Shape =
  | { t: 'path'; d: string }
  | { t: 'circle'; cx: number; cy: number; r: number }
  | { t: 'rect'; x: number; y: number; w: number; h: number; rx?: number }

const SHAPES: Record<IconName, Shape[]> = {
  area: [
    { t: 'path', d: 'M8 3H5a2 2 0 0 0-2 2v3' },
    { t: 'path', d: 'M21 8V5a2 2 0 0 0-2-2h-3' },
    { t: 'path', d: 'M3 16v3a2 2 0 0 0 2 2h3' },
    { t: 'path', d: 'M16 21h3a2 2 0 0 0 2-2v-3' },
    { t: 'path', d: 'M8 12h8M12 8v8' },
  ],
  bed: [
    { t: 'path', d: 'M2 20v-8a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v8' },
    { t: 'path', d: 'M4 10V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v4' },
    { t: 'path', d: 'M12 4v6' },
    { t: 'path', d: 'M2 17h20' },
  ],
  suite: [
    { t: 'path', d: 'M3 21V7a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v14' },
    { t: 'path', d: 'M2 21h20' },
    { t: 'path', d: 'M17 9h3a1 1 0 0 1 1 1v11' },
    { t: 'circle', cx: 13, cy: 13, r: 1 },
  ],
  bath: [
    { t: 'path', d: 'M3 12h18v3a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5v-3Z' },
    { t: 'path', d: 'M6 12V5a2 2 0 0 1 3.5-1.3' },
    { t: 'path', d: 'M8 6h3' },
    { t: 'path', d: 'M7 20l-1 2M17 20l1 2' },
  ],
  car: [
    { t: 'path', d: 'M5 16v-3.5L7 7a2 2 0 0 1 1.9-1.4h6.2A2 2 0 0 1 17 7l2 5.5V16' },
    { t: 'path', d: 'M3 16h18v2a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-0H7v0a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z' },
    { t: 'path', d: 'M5 12.5h14' },
    { t: 'circle', cx: 7.5, cy: 14.5, r: 0.5 },
    { t: 'circle', cx: 16.5, cy: 14.5, r: 0.5 },
  ],
  pin: [
    { t: 'path', d: 'M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z' },
    { t: 'circle', cx: 12, cy: 10, r: 3 },
  ],
  check: [{ t: 'path', d: 'M5 12.5l4.5 4.5L19 7.5' }],
  phone: [
    {
      t: 'path',
      d: 'M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92Z',
    },
  ],
  arrow: [{ t: 'path', d: 'M5 12h14M13 6l6 6-6 6' }],
  star: [
    {
      t: 'path',
      d: 'M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17.1l-5.9 3.2 1.3-6.5-4.9-4.5 6.6-.8Z',
    },
  ],
  home: [
    { t: 'path', d: 'M3 10.5 12 3l9 7.5' },
    { t: 'path', d: 'M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9' },
  ],
  plan: [
    { t: 'rect', x: 3, y: 3, w: 18, h: 18, rx: 2 },
    { t: 'path', d: 'M3 12h8M11 3v13M15 12h6' },
  ],
}

export function Icon(props: { kit: SlideKit; name: IconName; size: number; color: string; stroke?: number }) {
  const { kit, name, size, color, stroke = 2 } = props
  const dims = kit.target === 'image' ? { width: size, height: size } : {}
  return (
    <svg
      {...dims}
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ width: kit.u(size), height: kit.u(size), flexShrink: 0 }}
    >
      {SHAPES[name].map((shape, i) =>
        shape.t === 'path' ? (
          <path key={i} d={shape.d} />
        ) : shape.t === 'circle' ? (
          <circle key={i} cx={shape.cx} cy={shape.cy} r={shape.r} />
        ) : (
          <rect key={i} x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={shape.rx ?? 0} />
        ),
      )}
    </svg>
  )
}
