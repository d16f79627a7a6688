// /c/:handle/:slug/capa.jpg — the listing's share image (og:image): the post renderer's cover of
// the property at 1200×630, JPEG. Public like the page; cached by the property's version.
import type { Route } from './+types/listing-cover'
import { dbContext, storageContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { listingCoverJpeg } from '~/workflows/public-listing.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{3,30}$/.test(params.handle) || !/^[a-z0-9-]{1,80}$/.test(params.slug)) throw pageNotFound(request)
  const cover = await listingCoverJpeg(context.get(dbContext), context.get(storageContext), params.handle, params.slug)
  if (!cover) throw pageNotFound(request)
  const etag = `"capa-${cover.version}"`
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } })
  return new Response(new Uint8Array(cover.bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(cover.bytes.length),
      'Cache-Control': 'public, max-age=3600',
      ETag: etag,
    },
  })
}
