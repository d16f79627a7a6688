// GET /posts/:postId/baixar — the post's main image as a file (post-{template}-{id}.png, ADR 044).
import type { Route } from './+types/download'
import { dbContext, postImagesContext, userContext } from '~/context'
import { markPostDownloaded } from '~/models/posts.server'
import { postDownloadName } from '~/domain/post-content'
import { loadPublicPost } from '~/workflows/post-images.server'
import { pageNotFound, parseParams, publicIdParam } from '~/utils/params'
import { siteHost } from '~/utils/request-origin.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { postId } = parseParams(request, params, { postId: publicIdParam })
  const data = await loadPublicPost(context.get(dbContext), postId)
  if (!data || data.post.generating) throw pageNotFound(request)
  const user = context.get(userContext)
  if (user?.accountId === data.post.user_id)
    await markPostDownloaded(context.get(dbContext), user.accountId, data.post.id)
  // Cached per post version, like the image endpoint: an unchanged post answers 304.
  const etag = `"${data.version}-download"`
  const cacheControl = 'public, max-age=0, must-revalidate'
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers: { etag, 'cache-control': cacheControl } })
  const png = await context.get(postImagesContext).mainPng(data, siteHost(context))
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
