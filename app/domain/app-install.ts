// The installed app's look: its colour and icons. The icons are drawn here as SVG (the favicon's
// house, larger) and rasterised to PNG at build (scripts/pwa.ts); the manifest lists them.

export const BRAND_COLOR = '#0f766e'

export const APP_ICONS = [
  { src: '/icones/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icones/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icones/app-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icones/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const

/** The iPhone's home-screen icon (Safari reads no manifest icon). */
export const APPLE_TOUCH_ICON = '/icones/apple-touch-icon.png'

/**
 * The icon at 512 × 512. `maskable`: the colour fills the square and the house keeps to the
 * middle 60 %, the part every launcher's mask (circle, squircle) leaves visible; otherwise a
 * rounded square with a larger house.
 */
export function appIconSvg({ maskable }: { maskable: boolean }): string {
  const scale = maskable ? 10 : 13.5
  const offset = 256 - 16 * scale
  const background = maskable
    ? `<rect width="512" height="512" fill="${BRAND_COLOR}"/>`
    : `<rect width="512" height="512" rx="112" fill="${BRAND_COLOR}"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${background}` +
    `<g transform="translate(${offset} ${offset + scale}) scale(${scale})">` +
    `<path d="M8 15 16 8l8 7v9H8z" fill="#fff" stroke="#fff" stroke-width="1.2" stroke-linejoin="round"/>` +
    `<rect x="14" y="18" width="4" height="6" fill="${BRAND_COLOR}"/></g></svg>`
  )
}
