// /robots.txt — names the sitemap of the public pages (ADR 223) and keeps crawlers off the
// tracked redirects (/r/, /l/), which count people, not crawlers.
import type { Route } from './+types/robots'
import { siteOrigin } from '~/utils/request-origin.server'

export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context)
  const text = ['User-agent: *', 'Disallow: /r/', 'Disallow: /l/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
