// /c/:handle/:slug/capa.jpg — the listing's share image (og:image): the post renderer's cover of
// the property at 1200×630, JPEG. Public like the page. Nothing is drawn for a request that does
// not need it (ADR 259): another slug of the property is a 301 to its own, an unknown one 404,
// and If-None-Match with the current version a 304. Drawn once per version (the render cache);
// noindex like its page; rate-limited per address with the other render routes (server.ts).
import type { Route } from './+types/listing-cover'
import { dbContext, storageContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { createRenderQueue } from '~/workflows/post-image-cache.server'
import { listingCover } from '~/workflows/public-listing.server'

// The last few versions drawn (≈ 100–200 KB each), one drawing at a time per version.
const drawn = createRenderQueue(8 * 1024 * 1024)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{3,30}$/.test(params.handle) || !/^[a-z0-9-]{1,80}$/.test(params.slug)) throw pageNotFound(request)
  const cover = await listingCover(context.get(dbContext), context.get(storageContext), params.handle, params.slug)
  if (!cover) throw pageNotFound(request)
  if (cover.canonicalSlug !== params.slug) {
    const { search } = new URL(request.url)
    const location = `/c/${params.handle}/${cover.canonicalSlug}/capa.jpg${search}`
    return new Response(null, { status: 301, headers: { Location: location, 'Cache-Control': 'public, max-age=3600' } })
  }
  const headers: Record<string, string> = { 'Cache-Control': 'public, max-age=3600', ETag: `"capa-${cover.version}"` }
  if (cover.noindex) headers['X-Robots-Tag'] = 'noindex'
  if (request.headers.get('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers })
  const bytes = await drawn.get(`listing:${cover.version}`, cover.render)
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) },
  })
}
