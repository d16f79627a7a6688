// GET /manifest.webmanifest — what the phone needs to install the app (ADR 256): its name, its
// icons (drawn in code and rasterised at build, scripts/pwa.ts), standalone display, the
// shortcuts of a long press on the icon, and the share target that takes photos into "Novo imóvel".
import type { Route } from './+types/manifest'
import { envContext } from '~/context'
import { APP_ICONS, BRAND_COLOR } from '~/domain/app-install'

export function loader({ context }: Route.LoaderArgs) {
  const name = context.get(envContext).APP_NAME
  const manifest = {
    id: '/',
    name,
    short_name: name.length <= 12 ? name : name.slice(0, 12).trim(),
    description: 'Posts, vídeos e páginas dos seus imóveis, prontos para as redes.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND_COLOR,
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: APP_ICONS,
    shortcuts: [
      { name: 'Novo imóvel', short_name: 'Novo imóvel', url: '/imoveis/novo' },
      { name: 'Agendar posts', short_name: 'Agendar', url: '/agendar-posts' },
      { name: 'Leads', short_name: 'Leads', url: '/leads' },
    ].map((shortcut) => ({ ...shortcut, icons: [{ src: APP_ICONS[0]!.src, sizes: '192x192', type: 'image/png' }] })),
    share_target: {
      action: '/compartilhar',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        url: 'url',
        files: [{ name: 'fotos', accept: ['image/*', '.jpg', '.jpeg', '.png', '.webp', '.heic'] }],
      },
    },
  }
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
