// /videos/:id/video.mp4, capa.jpg, legendas.vtt — the owner's video, its cover, its captions; with
// ?baixar the MP4 downloads as video-{template}-{id}.mp4. Anything else, or another account's, is 404.
import type { Route } from './+types/file'
import { videoFile } from '~/workflows/videos.server'
import { idParam, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { z } from 'zod'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id, file } = parseParams(request, params, {
    id: idParam,
    file: z.enum(['video.mp4', 'capa.jpg', 'legendas.vtt']),
  })
  const found = await videoFile(context, request, user, id, file)
  const headers = new Headers({
    'Content-Type': found.contentType,
    'Content-Length': String(found.bytes.byteLength),
    'Cache-Control': 'private, max-age=3600',
  })
  if (file === 'video.mp4' && new URL(request.url).searchParams.has('baixar'))
    headers.set('Content-Disposition', `attachment; filename="${found.name}"`)
  return new Response(new Uint8Array(found.bytes), { headers })
}
