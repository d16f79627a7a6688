// The pages of a property video: the options form of "Vídeo do imóvel" (duration, narration,
// which photos), asking for one (the plan's videosPerMonth, then the row and its job), the
// progress and result page's data, "Tentar de novo", and the video's own files.
import { parseWithZod } from '@conform-to/zod/v4'
import type { RouterContextProvider } from 'react-router'
import { dbContext, jobsContext, storageContext, type SessionUser } from '~/context'
import { homeContent } from '~/domain/post-content'
import {
  VIDEO_DURATIONS,
  VIDEO_LIMITS,
  progressLabel,
  reelPreflight,
  toWebVtt,
  videoFileName,
  videoOptionsSchema,
} from '~/domain/video'
import { formatDuration } from '~/domain/spoken-text'
import { zonedDate, zonedParts } from '~/domain/scheduling'
import { listAccounts } from '~/models/social-accounts.server'
import type { Home } from '~/models/homes.server'
import { canMakeVideo } from '~/models/quota.server'
import { createVideo, getVideo, listHomeVideos, requeueVideo, type Video } from '~/models/videos.server'
import { pageNotFound } from '~/utils/params'
import { enqueueVideo } from './video-job.server'

type Context = Readonly<RouterContextProvider>

/** The form's data: the property's photos in its order (all chosen at first). */
export async function videoFormData(context: Context, user: SessionUser, home: Home) {
  const content = homeContent(home)
  const recent = await listHomeVideos(context.get(dbContext), user.accountId, home.id)
  return {
    home: { id: home.id, name: home.name },
    photos: content.photos.map((url, index) => ({ index, url })),
    durations: VIDEO_DURATIONS,
    defaultDuration: VIDEO_LIMITS.defaultSeconds,
    recent: recent.map((row) => ({ id: row.id, status: row.status, createdAt: row.created_at.toISOString() })),
  }
}

export type RequestOutcome =
  | {
      status: 'invalid'
      errors: Record<string, string[]>
      values: { duration: string; narration: boolean; photos: number[] }
    }
  | { status: 'limit'; message: string }
  | { status: 'queued'; id: number }

/** "Gerar vídeo": validates, asks the plan, writes the row and queues its job. */
export async function requestVideo(
  context: Context,
  user: SessionUser,
  home: Home,
  formData: FormData,
): Promise<RequestOutcome> {
  const db = context.get(dbContext)
  const photoCount = homeContent(home).photos.length
  const submission = parseWithZod(formData, { schema: videoOptionsSchema(photoCount) })
  if (submission.status !== 'success') {
    const error = submission.reply().error ?? {}
    return {
      status: 'invalid',
      errors: Object.fromEntries(Object.entries(error).map(([key, value]) => [key, value ?? []])),
      values: {
        duration: String(formData.get('duration') ?? ''),
        narration: formData.get('narration') === 'on',
        photos: formData.getAll('photos').map(Number),
      },
    }
  }
  const quota = await canMakeVideo(db, user.accountId)
  if (!quota.allowed) return { status: 'limit', message: quota.message ?? 'Seu plano não inclui mais vídeos.' }
  const row = await createVideo(db, user.accountId, {
    createdBy: user.id,
    homeId: home.id,
    options: submission.value,
    caption: `${home.name}\n\n#imoveis #reels`,
  })
  await enqueueVideo(context.get(jobsContext), row.id)
  return { status: 'queued', id: row.id }
}

/** The video of this owner, or 404. */
export async function ownVideoOr404(context: Context, request: Request, user: SessionUser, id: number) {
  const row = await getVideo(context.get(dbContext), user.accountId, id)
  if (!row) throw pageNotFound(request)
  return row
}

const zonedTime = (at: Date) => {
  const p = zonedParts(at)
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`
}

/** The progress / result page. */
export async function videoPageData(context: Context, row: Video) {
  const accounts = row.status === 'ready' ? await listAccounts(context.get(dbContext), row.user_id) : []
  const durationS = (row.duration_ms ?? 0) / 1000
  return {
    id: row.id,
    homeId: row.home_id,
    status: row.status,
    progress: row.progress,
    progressLabel: progressLabel(row.progress),
    error: row.error,
    caption: row.caption,
    fileName: videoFileName(row.template, row.id),
    videoUrl: `/videos/${row.id}/video.mp4`,
    coverUrl: `/videos/${row.id}/capa.jpg`,
    captionsUrl: row.subtitles.length ? `/videos/${row.id}/legendas.vtt` : null,
    duration: row.duration_ms ? formatDuration(row.duration_ms) : null,
    sizeMb: row.byte_size ? (row.byte_size / 1024 / 1024).toFixed(1).replace('.', ',') : null,
    preflight:
      row.status === 'ready' ? reelPreflight({ durationS, width: 1080, height: 1920, bytes: row.byte_size ?? 0 }) : [],
    reel: {
      status: row.reel_status,
      publishAt: row.reel_publish_at?.toISOString() ?? null,
      error: row.reel_error,
      permalink: row.reel_permalink,
    },
    accounts: accounts
      .filter((account) => account.provider !== 'outbox' && !account.reconnect_reason)
      .map((account) => ({ id: account.id, name: account.name, provider: account.provider })),
    reelDefaults: { date: zonedDate(new Date()), time: zonedTime(new Date()) },
  }
}

/** "Tentar de novo": a failed video back on the queue. */
export async function retryVideo(context: Context, request: Request, user: SessionUser, id: number) {
  const row = await requeueVideo(context.get(dbContext), user.accountId, id)
  if (!row) throw pageNotFound(request)
  await enqueueVideo(context.get(jobsContext), row.id)
}

/** The MP4 or the cover of the owner's ready video. */
export async function videoFile(context: Context, request: Request, user: SessionUser, id: number, file: string) {
  const row = await ownVideoOr404(context, request, user, id)
  const name = videoFileName(row.template, row.id)
  if (file === 'legendas.vtt') {
    if (row.status !== 'ready') throw pageNotFound(request)
    return { bytes: new TextEncoder().encode(toWebVtt(row.subtitles)), contentType: 'text/vtt; charset=utf-8', name }
  }
  const key = file === 'video.mp4' ? row.storage_key : file === 'capa.jpg' ? row.cover_key : null
  const bytes = key ? await context.get(storageContext).get(key) : null
  if (!bytes) throw pageNotFound(request)
  return { bytes, contentType: file === 'video.mp4' ? 'video/mp4' : 'image/jpeg', name }
}
