// GET /agendar-posts/midia/:publicationId/:n.jpg?expires&signature — one JPEG of a scheduled
// publication, for Meta to download while the container is made. Only with a valid, unexpired
// signature (made by publicationImageUrl); 404 otherwise.
import { publishingContext } from '~/context'
import type { Route } from './+types/media'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { z } from 'zod'
import { publicationImage } from '~/workflows/publishing.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { publicationId, file } = parseParams(request, params, {
    publicationId: idParam,
    file: z.string().regex(/^\d{1,2}\.jpg$/),
  })
  const bytes = await publicationImage(
    context.get(publishingContext).deps,
    publicationId,
    parseInt(file, 10),
    new URL(request.url),
  )
  if (!bytes) throw pageNotFound(request)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/jpeg',
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  })
}
