// The icons templates and fields may name (`icon: 'home'`). Inline SVG strokes, no icon font:
// nothing to download, and they inherit the text colour.
const PATHS: Record<string, string[]> = {
  home: ['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6'],
  images: ['M3 5h14v12H3z', 'M7 21h14V9', 'm3 14 4-4 4 4 2-2 4 4'],
  smartphone: ['M7 2h10v20H7z', 'M11 18h2'],
  shuffle: ['M3 7h4l10 10h4', 'M3 17h4l3-3', 'M14 10l3-3h4', 'm18 4 3 3-3 3', 'm18 14 3 3-3 3'],
  'trending-down': ['m3 7 7 7 4-4 7 7', 'M21 11v6h-6'],
  'check-circle': ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'm8 12 3 3 5-6'],
  calendar: ['M4 5h16v16H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  key: ['M15 9a4 4 0 1 1-8 0 4 4 0 0 1 8 0z', 'M13.5 11.5 21 19', 'm18 16 2-2', 'm16 14 2-2'],
  rocket: [
    'M5 19c0-4 2-9 7-14 5 5 7 10 7 14',
    'M9 19h6',
    'M12 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
    'M8 15l-3 3',
    'M16 15l3 3',
  ],
  lightbulb: [
    'M9 18h6',
    'M10 21h4',
    'M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.9V16h5v-.2c0-.8.4-1.5 1-1.9A6 6 0 0 0 12 3z',
  ],
  'map-pin': ['M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z', 'M12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  building: ['M4 21V3h10v18', 'M14 9h6v12', 'M8 7h2', 'M8 11h2', 'M8 15h2', 'M2 21h20'],
  star: ['m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z'],
  gift: ['M3 8h18v4H3z', 'M5 12v9h14v-9', 'M12 8v13', 'M12 8S10 3 7.5 4.5 9 8 12 8z', 'M12 8s2-5 4.5-3.5S15 8 12 8z'],
  heart: ['M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20z'],
  sparkles: [
    'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z',
    'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  ],
  megaphone: ['M3 11v3h3l6 4V7L6 11z', 'M16 9a4 4 0 0 1 0 6', 'M19 6a8 8 0 0 1 0 12'],
  tag: ['M3 12V3h9l9 9-9 9z', 'M7.5 7.5h.01'],
  file: ['M6 3h8l4 4v14H6z', 'M14 3v4h4'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'm16 16 5 5'],
  up: ['m6 15 6-6 6 6'],
  down: ['m6 9 6 6 6-6'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 14h10l1-14'],
  copy: ['M8 8h12v12H8z', 'M4 16V4h12'],
}

/** The names a template or field may use as `icon`. */
export const ICON_NAMES = Object.keys(PATHS)

export function Icon({ name, className = 'size-5' }: { name: string | null | undefined; className?: string }) {
  const paths = PATHS[name ?? ''] ?? PATHS.file!
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
