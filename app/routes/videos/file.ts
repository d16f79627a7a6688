// /videos/:id/video.mp4, capa.jpg, legendas.vtt — the owner's video, its cover, its captions; with
// ?baixar the MP4 downloads as video-{template}-{id}.mp4. Byte ranges are answered (206), as
// Safari asks for them before it plays a video. Anything else, or another account's, is 404.
import type { Route } from './+types/file'
import { videoFile } from '~/workflows/videos.server'
import { idParam, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { z } from 'zod'

/** 'bytes=0-1023' → the inclusive range within `size`; null when absent or unusable. */
function rangeOf(header: string | null, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (!match[1] && !match[2])) return null
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]))
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  return start <= end && start < size ? { start, end } : null
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id, file } = parseParams(request, params, {
    id: idParam,
    file: z.enum(['video.mp4', 'capa.jpg', 'legendas.vtt']),
  })
  const found = await videoFile(context, request, user, id, file)
  const size = found.bytes.byteLength
  const headers = new Headers({
    'Content-Type': found.contentType,
    'Cache-Control': 'private, max-age=3600',
    'Accept-Ranges': 'bytes',
  })
  if (file === 'video.mp4' && new URL(request.url).searchParams.has('baixar'))
    headers.set('Content-Disposition', `attachment; filename="${found.name}"`)
  const range = file === 'video.mp4' ? rangeOf(request.headers.get('Range'), size) : null
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    return new Response(new Uint8Array(found.bytes.subarray(range.start, range.end + 1)), { status: 206, headers })
  }
  headers.set('Content-Length', String(size))
  return new Response(new Uint8Array(found.bytes), { headers })
}
