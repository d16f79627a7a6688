// The pages of a property video: the options form of "Vídeo do imóvel" (duration, narration,
// which photos), asking for one (the plan's videosPerMonth, then the row and its job), the
// progress and result page's data, "Tentar de novo", and the video's own files.
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
  type VideoOptions,
} from '~/domain/video'
import { formatDuration } from '~/domain/spoken-text'
import { zonedDate, zonedParts } from '~/domain/dates'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { accountLabel } from '~/domain/scheduling'
import type { Home } from '~/models/homes.server'
import { canMakeVideo } from '~/models/quota.server'
import {
  createVideo,
  deleteVideo,
  deleteVideoFiles,
  getVideo,
  listHomeVideos,
  requeueVideo,
  type Video,
} from '~/models/videos.server'
import { may } from '~/domain/team'
import { latestReelOf } from '~/models/scheduled-publications.server'
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

export type RequestOutcome = { status: 'limit'; message: string } | { status: 'queued'; id: number }

/** "Gerar vídeo": asks the plan, writes the row and queues its job. */
export async function requestVideo(
  context: Context,
  user: SessionUser,
  home: Home,
  options: VideoOptions,
): Promise<RequestOutcome> {
  const db = context.get(dbContext)
  const quota = await canMakeVideo(db, user.accountId)
  if (!quota.allowed) return { status: 'limit', message: quota.message ?? 'Seu plano não inclui mais vídeos.' }
  const row = await createVideo(db, user.accountId, {
    createdBy: user.id,
    homeId: home.id,
    options,
    caption: `${home.name}\n\n#imoveis #reels`,
  })
  await enqueueVideo(context.get(jobsContext), row.id)
  return { status: 'queued', id: row.id }
}

/** The account's video, or null. */
export function ownVideo(context: Context, user: SessionUser, id: number) {
  return getVideo(context.get(dbContext), user.accountId, id)
}

const zonedTime = (at: Date) => {
  const p = zonedParts(at)
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`
}

/** The progress / result page; "Tentar de novo" and "Excluir vídeo" for those the policy lets
 * change or delete it (a corretor: the videos they asked for). */
export async function videoPageData(context: Context, user: SessionUser, row: Video) {
  const db = context.get(dbContext)
  // The local outbox is always a destination, ticked to start with (like the post form's).
  const outbox = row.status === 'ready' ? await ensureOutboxAccount(db, row.user_id) : null
  const accounts = outbox ? await listAccounts(db, row.user_id) : []
  // The video's Reel is a scheduled publication (ADR 263): the latest one says where it stands.
  const reel = row.status === 'ready' ? await latestReelOf(db, row.user_id, row.id) : null
  const durationS = (row.duration_ms ?? 0) / 1000
  return {
    id: row.id,
    homeId: row.home_id,
    mayEdit: may(user, 'edit', row.created_by),
    mayDelete: may(user, 'delete', row.created_by),
    maySchedule: may(user, 'schedule', row.created_by),
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
      id: reel?.id ?? null,
      status: reel?.status ?? null,
      publishAt: reel?.publish_at.toISOString() ?? null,
      error: reel?.error ?? null,
      permalink: reel?.permalink ?? null,
    },
    // Every account that publishes: the outbox, Instagram, each Facebook Page (ADR 320).
    accounts: accounts
      .filter((account) => !account.reconnect_reason)
      .map((account) => ({ id: account.id, name: accountLabel(account), provider: account.provider })),
    reelDefaults: {
      date: zonedDate(new Date()),
      time: zonedTime(new Date()),
      account_ids: outbox ? [String(outbox.id)] : [],
    },
  }
}

type Refusal = { status: 'not-found' } | { status: 'forbidden' }

/** "Tentar de novo": a failed video back on the queue, for those the policy lets change it. */
export async function retryVideo(
  context: Context,
  user: SessionUser,
  id: number,
): Promise<Refusal | { status: 'queued' }> {
  const video = await ownVideo(context, user, id)
  if (!video) return { status: 'not-found' }
  if (!may(user, 'edit', video.created_by)) return { status: 'forbidden' }
  const row = await requeueVideo(context.get(dbContext), user.accountId, id)
  if (!row) return { status: 'not-found' }
  await enqueueVideo(context.get(jobsContext), row.id)
  return { status: 'queued' }
}

/** "Excluir vídeo": the row and its files; refused while its Reel goes out. */
export async function removeVideo(
  context: Context,
  user: SessionUser,
  id: number,
): Promise<Refusal | { status: 'deleted'; homeId: number } | { status: 'busy' }> {
  const video = await ownVideo(context, user, id)
  if (!video) return { status: 'not-found' }
  if (!may(user, 'delete', video.created_by)) return { status: 'forbidden' }
  const deleted = await deleteVideo(context.get(dbContext), user.accountId, id)
  if (!deleted) return { status: 'not-found' }
  if (deleted === 'busy') return { status: 'busy' }
  await deleteVideoFiles(context.get(storageContext), deleted)
  return { status: 'deleted', homeId: deleted.home_id }
}

export type VideoFileName = 'video.mp4' | 'capa.jpg' | 'legendas.vtt'

/** The MP4, the cover or the captions of the account's video; null when there is none. */
export async function videoFile(context: Context, user: SessionUser, id: number, file: VideoFileName) {
  const row = await ownVideo(context, user, id)
  if (!row) return null
  const name = videoFileName(row.template, row.id)
  if (file === 'legendas.vtt') {
    if (row.status !== 'ready') return null
    return { bytes: new TextEncoder().encode(toWebVtt(row.subtitles)), contentType: 'text/vtt; charset=utf-8', name }
  }
  const key = file === 'video.mp4' ? row.storage_key : row.cover_key
  const bytes = key ? await context.get(storageContext).get(key) : null
  if (!bytes) return null
  return { bytes, contentType: file === 'video.mp4' ? 'video/mp4' : 'image/jpeg', name }
}
