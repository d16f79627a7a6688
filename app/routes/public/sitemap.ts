// /sitemap.xml — the public pages of every agent who did not turn on noindex (ADR 223).
import type { Route } from './+types/sitemap'
import { dbContext } from '~/context'
import { sitemapXml } from '~/workflows/public-listing.server'
import { siteOrigin } from '~/utils/request-origin.server'

export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context)
  const xml = await sitemapXml(context.get(dbContext), origin)
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
