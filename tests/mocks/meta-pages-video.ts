// The local Graph server's Page video upload (ADR 320), part of tests/mocks/meta-graph.ts: the
// Page's video_reels and video_stories edges (upload_phase=start answers a video id and an
// upload address on this server; upload_phase=finish publishes), the upload by address (the
// `file_url` header, `Authorization: OAuth <page token>`: it downloads the MP4 like Facebook
// does and refuses one that is not), and GET /{video-id}?fields=status|permalink_url. Wrong calls
// get Graph-style errors: no file_url, a finish before the upload, a second finish. Every call is
// kept in `videoCalls`, every video in `pageVideos`, so a test asserts what reached "Facebook".
import type { IncomingMessage } from 'node:http'

export type MockPageVideo = {
  id: string
  pageId: string
  edge: 'video_reels' | 'video_stories'
  fileUrl: string | null
  finished: boolean
  description: string
  /** A Story's post id, once finished. */
  postId: string | null
  polls: number
  permalink: string
}

export type PageVideoState = {
  pages: { id: string; name: string; token: string }[]
  pageVideos: Map<string, MockPageVideo>
  /** 'video_reels start', 'upload 123', 'video_stories finish', … in the order they came. */
  videoCalls: string[]
  /** Status reads a finished video stays `processing` before `ready`. */
  videoPollsProcessing: number
  /** Finish calls that publish and then never answer (the client's time-out). */
  hangVideoFinish: number
  downloads: number
}

type Reply = (status: number, body: unknown) => void

const graphError = (reply: Reply, status: number, code: number, message: string, subcode?: number) =>
  reply(status, { error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'mock' } })

let nextVideoId = 31_000_000_000

/** POST /{page-id}/video_reels or /video_stories, the start or the finish of an upload session. */
export function pageVideoEdge(
  state: PageVideoState,
  req: IncomingMessage,
  pageId: string,
  edge: 'video_reels' | 'video_stories',
  params: URLSearchParams,
  reply: Reply,
) {
  const phase = params.get('upload_phase')
  state.videoCalls.push(`${edge} ${phase}`)
  if (phase === 'start') {
    const id = String(nextVideoId++)
    const permalink = edge === 'video_reels' ? `/reel/${id}` : `/stories/${pageId}/${id}`
    state.pageVideos.set(id, {
      id,
      pageId,
      edge,
      fileUrl: null,
      finished: false,
      description: '',
      postId: null,
      polls: 0,
      permalink,
    })
    return reply(200, { video_id: id, upload_url: `http://${req.headers.host}/video-upload/v23.0/${id}` })
  }
  if (phase !== 'finish') return graphError(reply, 400, 100, 'Invalid parameter: upload_phase')
  const video = state.pageVideos.get(params.get('video_id') ?? '')
  if (!video || video.pageId !== pageId || video.edge !== edge)
    return graphError(reply, 400, 100, 'Invalid parameter: video_id')
  if (!video.fileUrl) return graphError(reply, 400, 6000, 'There was a problem uploading your video file.', 1363130)
  if (video.finished) return graphError(reply, 400, 100, 'This video has already been published.', 1363037)
  if (edge === 'video_reels' && params.get('video_state') !== 'PUBLISHED')
    return graphError(reply, 400, 100, 'Invalid parameter: video_state')
  video.finished = true
  video.description = params.get('description') ?? ''
  if (edge === 'video_stories') video.postId = `${pageId}_${nextVideoId++}`
  if (state.hangVideoFinish > 0) return void state.hangVideoFinish--
  return reply(200, edge === 'video_stories' ? { success: true, post_id: video.postId } : { success: true })
}

/** POST /video-upload/v23.0/{video-id} with the file_url header: Facebook fetches the MP4. */
export async function uploadPageVideo(state: PageVideoState, req: IncomingMessage, url: URL, reply: Reply) {
  const id = url.pathname.split('/').at(-1) ?? ''
  state.videoCalls.push(`upload ${id}`)
  const video = state.pageVideos.get(id)
  if (req.method !== 'POST' || !video) return graphError(reply, 400, 100, 'Invalid upload session.')
  const token = state.pages.find((page) => page.id === video.pageId)?.token
  if (req.headers.authorization !== `OAuth ${token}`) return graphError(reply, 400, 190, 'Invalid OAuth access token.')
  const fileUrl = req.headers.file_url
  if (typeof fileUrl !== 'string' || !fileUrl)
    return graphError(reply, 400, 100, 'Missing file_url header or file in the request body.')
  const file = await fetch(fileUrl).catch(() => null)
  const bytes = file?.ok ? Buffer.from(await file.arrayBuffer()) : null
  if (!bytes || bytes.subarray(4, 8).toString('latin1') !== 'ftyp')
    return graphError(reply, 400, 6000, 'There was a problem uploading your video file.', 1363019)
  state.downloads++
  video.fileUrl = fileUrl
  return reply(200, { success: true })
}

/** GET /{video-id}?fields=status (or permalink_url), as the Page that made it reads it. */
export function readPageVideo(state: PageVideoState, video: MockPageVideo, params: URLSearchParams, reply: Reply) {
  const token = state.pages.find((page) => page.id === video.pageId)?.token
  if (params.get('access_token') !== token) return graphError(reply, 403, 200, 'A Page access token is required.')
  if (params.get('fields') === 'permalink_url') return reply(200, { id: video.id, permalink_url: video.permalink })
  if (video.finished) video.polls++
  const ready = video.finished && video.polls > state.videoPollsProcessing
  return reply(200, {
    id: video.id,
    status: {
      video_status: ready ? 'ready' : video.finished ? 'processing' : video.fileUrl ? 'upload_complete' : 'processing',
      uploading_phase: { status: video.fileUrl ? 'complete' : 'not_started' },
      processing_phase: { status: ready ? 'complete' : video.finished ? 'in_progress' : 'not_started' },
      publishing_phase: video.finished
        ? { status: 'complete', publish_status: 'published' }
        : { status: 'not_started', publish_status: 'not_published' },
    },
  })
}

/** The Page's video Stories, as GET /{page-id}/stories lists them beside the photo ones. */
export const videoStoriesOf = (state: PageVideoState, pageId: string) =>
  [...state.pageVideos.values()]
    .filter((video) => video.pageId === pageId && video.edge === 'video_stories' && video.finished)
    .reverse()
    .map((video) => ({ post_id: video.postId ?? '', media_id: video.id, media_type: 'video', status: 'PUBLISHED' }))
