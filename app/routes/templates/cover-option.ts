// GET /modelos/capas/:postId/:composition — the "Capa" picker's thumbnail: the agent's own post
// drawn in another cover composition (WebP). Only the post's owner sees it; any other post, or a
// composition that does not exist, is 404. The ETag follows the post's version: a revalidation
// of an unchanged post answers 304.
import type { Route } from './+types/cover-option'
import { dbContext, storageContext } from '~/context'
import { isCompositionId } from '~/domain/compositions'
import { coverOption } from '~/workflows/cover-options.server'
import { loadOwnPost } from '~/workflows/post-images.server'
import { requireUser } from '~/utils/session.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { postId } = parseParams(request, params, { postId: idParam })
  if (!isCompositionId(params.composition)) throw pageNotFound(request)
  const data = await loadOwnPost(context.get(dbContext), user.accountId, postId)
  if (!data || data.post.generating || !data.content.home) throw pageNotFound(request)
  const etag = `"capa-${data.version}-${params.composition}"`
  const headers = { etag, 'cache-control': 'private, no-cache', vary: 'Cookie' }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  const body = await coverOption(data, params.composition, context.get(storageContext))
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      'content-type': 'image/webp',
      'content-length': String(body.byteLength),
      'x-content-type-options': 'nosniff',
    },
  })
}
