// /videos/:id/video.mp4, capa.jpg, legendas.vtt — the owner's video, its cover, its captions; with
// ?baixar the MP4 downloads as video-{template}-{id}.mp4. Byte ranges are answered (206), as
// Safari asks for them before it plays a video; one past the end is 416. Anything else, or another
// account's, is 404.
import type { Route } from './+types/file'
import { videoFile } from '~/workflows/videos.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { z } from 'zod'
import { byteRange } from '~/domain/byte-range'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id, file } = parseParams(request, params, {
    id: idParam,
    file: z.enum(['video.mp4', 'capa.jpg', 'legendas.vtt']),
  })
  const found = await videoFile(context, user, id, file)
  if (!found) throw pageNotFound(request)
  const size = found.bytes.byteLength
  const headers = new Headers({
    'Content-Type': found.contentType,
    'Cache-Control': 'private, max-age=3600',
    'Accept-Ranges': 'bytes',
  })
  if (file === 'video.mp4' && new URL(request.url).searchParams.has('baixar'))
    headers.set('Content-Disposition', `attachment; filename="${found.name}"`)
  const range = file === 'video.mp4' ? byteRange(request.headers.get('Range'), size) : { kind: 'whole' as const }
  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`)
    return new Response(null, { status: 416, headers })
  }
  if (range.kind === 'part') {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    return new Response(new Uint8Array(found.bytes.subarray(range.start, range.end + 1)), { status: 206, headers })
  }
  headers.set('Content-Length', String(size))
  return new Response(new Uint8Array(found.bytes), { headers })
}
