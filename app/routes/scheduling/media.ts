// GET /agendar-posts/midia/:publicationId/:file?expires&signature — one file of a scheduled
// publication for Meta to download while the container is made: a post's JPEG (`n.jpg`), or a
// Reel's MP4 and cover (`video.mp4`, `capa.jpg`, ADR 263). Only with a valid, unexpired signature
// (made by publicationImageUrl / publicationMediaUrl); 404 otherwise.
import { publishingContext } from '~/context'
import type { Route } from './+types/media'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { z } from 'zod'
import { publicationImage, publicationReelFile } from '~/workflows/publishing.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { publicationId, file } = parseParams(request, params, {
    publicationId: idParam,
    file: z.string().regex(/^(\d{1,2}\.jpg|video\.mp4|capa\.jpg)$/),
  })
  const deps = context.get(publishingContext).deps
  const url = new URL(request.url)
  const bytes =
    file === 'video.mp4' || file === 'capa.jpg'
      ? await publicationReelFile(deps, publicationId, file, url)
      : await publicationImage(deps, publicationId, parseInt(file, 10), url)
  if (!bytes) throw pageNotFound(request)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': file === 'video.mp4' ? 'video/mp4' : 'image/jpeg',
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  })
}
