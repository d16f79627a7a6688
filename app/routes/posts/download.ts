// GET /posts/:postId/baixar — the post's main image as a file (spec §9: post-{template}-{id}.png).
import type { Route } from './+types/download'
import { dbContext, postImagesContext } from '~/context'
import { postDownloadName } from '~/domain/post-content'
import { loadPublicPost } from '~/workflows/post-images.server'
import { pageNotFound, parseParams, publicIdParam } from '~/utils/params'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { postId } = parseParams(request, params, { postId: publicIdParam })
  const data = await loadPublicPost(context.get(dbContext), postId)
  if (!data || data.post.generating) throw pageNotFound(request)
  // Cached per post version, like the image endpoint: an unchanged post answers 304.
  const etag = `"${data.version}-download"`
  const cacheControl = 'public, max-age=0, must-revalidate'
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers: { etag, 'cache-control': cacheControl } })
  const png = await context.get(postImagesContext).mainPng(data, new URL(request.url).host)
  if (!png) throw pageNotFound(request)
  const name = postDownloadName(data.post.template, data.post.id)
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.byteLength),
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
    },
  })
}
