// GET /imagens/post/:postId[?slide=N][&format=jpeg][&tamanho=miniatura] — a post's image by the screenshot-service
// contract (ADR 043): the stored media when no slide is asked for, else the slide (index into the
// post's slides) drawn by the built-in renderer, or fetched from SCREENSHOT_URL when it is set.
// Public like the post page. ETag per post version: unchanged images answer 304. `tamanho=miniatura`
// is the main image as a small JPEG (the history's list), made once per version.
import { z } from 'zod'
import type { Route } from './+types/image'
import { dbContext, postImagesContext } from '~/context'
import { imageEtag, loadPublicPost, thumbnailEtag } from '~/workflows/post-images.server'
import { pageNotFound, parseParams, publicIdParam } from '~/utils/params'
import { siteHost } from '~/utils/request-origin.server'

const Query = z.object({
  slide: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .optional(),
  format: z
    .enum(['png', 'jpeg', 'jpg'])
    .optional()
    .transform((f) => (f === 'jpg' ? 'jpeg' : f)),
  tamanho: z.literal('miniatura').optional(),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { postId } = parseParams(request, params, { postId: publicIdParam })
  const url = new URL(request.url)
  const query = Query.safeParse(Object.fromEntries(url.searchParams))
  if (!query.success) throw pageNotFound(request)
  const data = await loadPublicPost(context.get(dbContext), postId)
  if (!data || data.post.generating) throw pageNotFound(request)
  const slide = query.data.slide ?? null
  const format = query.data.format ?? 'png'
  const small = query.data.tamanho === 'miniatura' && slide === null
  const expected = small
    ? thumbnailEtag(data.version)
    : slide === null && data.content.media
      ? `"${data.version}-media"`
      : imageEtag(data.version, slide, format)
  const cacheControl = 'public, max-age=0, must-revalidate'
  if (request.headers.get('if-none-match') === expected)
    return new Response(null, { status: 304, headers: { etag: expected, 'cache-control': cacheControl } })
  const images = context.get(postImagesContext)
  // The site's own host, not the request's: the answer is public and kept per version, so it
  // may depend on nothing the request says beyond its path and query (issue 66 item 4).
  const host = siteHost(context)
  const result = small ? await images.thumbnail(data, host) : await images.image(data, { slide, format, host })
  if (result.kind === 'not-found') throw pageNotFound(request)
  if (result.kind === 'redirect') return Response.redirect(result.url, 302)
  return new Response(result.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': result.contentType,
      'content-length': String(result.body.byteLength),
      etag: result.etag,
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  })
}
