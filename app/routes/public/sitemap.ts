// /sitemap.xml — the public pages of every agent who did not turn on noindex (ADR 223).
import type { Route } from './+types/sitemap'
import { dbContext, envContext } from '~/context'
import { sitemapXml } from '~/workflows/public-listing.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.get(envContext).APP_URL ?? new URL(request.url).origin
  const xml = await sitemapXml(context.get(dbContext), origin)
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
