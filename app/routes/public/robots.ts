// /robots.txt — names the sitemap of the public pages (ADR 223) and keeps crawlers off the
// tracked redirects (/r/, /l/), which count people, not crawlers.
import type { Route } from './+types/robots'
import { envContext } from '~/context'

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.get(envContext).APP_URL ?? new URL(request.url).origin
  const text = ['User-agent: *', 'Disallow: /r/', 'Disallow: /l/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
