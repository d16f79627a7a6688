// GET /posts/:postId/carrossel — Carousel.zip (ADR 044): slide-1.png is the main image, then each
// visible slide as slide-N.png from 2. Streamed; PNGs stored without recompression.
import { Readable } from 'node:stream'
import type { Route } from './+types/carousel'
import { dbContext, postImagesContext, userContext } from '~/context'
import { markPostDownloaded } from '~/models/posts.server'
import { CAROUSEL_ZIP_NAME } from '~/domain/post-content'
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
  const { stream } = await context.get(postImagesContext).carouselZip(data, siteHost(context))
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${CAROUSEL_ZIP_NAME}"`,
      'cache-control': 'private, no-store',
    },
  })
}
