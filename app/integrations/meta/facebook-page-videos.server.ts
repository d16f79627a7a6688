// The Pages API's video upload (ADR 320), the slice a Page Reel and a video Page Story use: a
// session started on the Page's `video_reels` or `video_stories` edge (its video id and upload
// address), the upload by address (Facebook fetches the MP4 named in the `file_url` header), the
// finish that publishes, and the video's status, read while Facebook processes it and to settle
// an attempt cut short. Part of the Pages client (facebook-pages.server.ts).
import { graphCall, type Params } from './graph.server'

export type PageVideoEdge = 'video_reels' | 'video_stories'

/** How far a Page video went, from GET /{video-id}?fields=status. */
export type PageVideoStatus = {
  /** 'upload_complete', 'processing', 'ready', 'error', … as Facebook says it. */
  videoStatus: string
  uploaded: boolean
  /** The finish went through: Facebook is publishing it, or has. */
  finished: boolean
  failed: boolean
}

type Phase = { status?: string; publish_status?: string; errors?: { message?: string }[] }
type StatusAnswer = {
  video_status?: string
  uploading_phase?: Phase
  processing_phase?: Phase
  publishing_phase?: Phase
}

function statusOf(json: Record<string, unknown>): PageVideoStatus {
  const status = (json.status ?? {}) as StatusAnswer
  const videoStatus = status.video_status ?? ''
  const publishing = status.publishing_phase ?? {}
  return {
    videoStatus,
    uploaded: status.uploading_phase?.status === 'complete',
    finished:
      (!!publishing.status && publishing.status !== 'not_started') ||
      publishing.publish_status === 'published' ||
      publishing.publish_status === 'scheduled',
    failed:
      videoStatus === 'error' ||
      videoStatus === 'expired' ||
      videoStatus === 'upload_failed' ||
      status.processing_phase?.status === 'error',
  }
}

export function pageVideoCalls(base: string, f: typeof fetch, timeout: number) {
  const get = (path: string, params: Params) => graphCall(base, f, 'GET', path, params, timeout)
  const post = (path: string, params: Params) => graphCall(base, f, 'POST', path, params, timeout)
  return {
    /** upload_phase=start: the video id the finish publishes and the address the MP4 goes to. */
    async startVideo(pageId: string, token: string, edge: PageVideoEdge) {
      const json = await post(`${pageId}/${edge}`, { access_token: token, upload_phase: 'start' })
      return { videoId: String(json.video_id), uploadUrl: String(json.upload_url) }
    },
    /** The upload by address: Facebook fetches `fileUrl` (a signed, short-lived link of ours). */
    async uploadHostedVideo(uploadUrl: string, token: string, fileUrl: string) {
      await graphCall(uploadUrl, f, 'POST', '', {}, timeout, { Authorization: `OAuth ${token}`, file_url: fileUrl })
    },
    /** upload_phase=finish on video_reels: the Reel is published with its caption. */
    async finishReel(pageId: string, token: string, videoId: string, description: string) {
      await post(`${pageId}/video_reels`, {
        access_token: token,
        upload_phase: 'finish',
        video_id: videoId,
        video_state: 'PUBLISHED',
        description: description || undefined,
      })
    },
    /** upload_phase=finish on video_stories: the Story's post id. */
    async finishVideoStory(pageId: string, token: string, videoId: string) {
      const json = await post(`${pageId}/video_stories`, {
        access_token: token,
        upload_phase: 'finish',
        video_id: videoId,
      })
      return String(json.post_id ?? json.id ?? '')
    },
    async videoStatus(videoId: string, token: string): Promise<PageVideoStatus> {
      return statusOf(await get(videoId, { access_token: token, fields: 'status' }))
    },
  }
}
