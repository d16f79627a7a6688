// Property videos (Reels): the row of each video, its rendering state and its Reel scheduling,
// every read scoped by the owner's id; the worker's own reads (by id) say so in their names.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { videos, type Video, type VideoOptionsRecord } from '../../db/schema'
import type { Database } from '~/utils/db.server'
import type { Storage } from '~/integrations/storage/storage.server'

export type { Video }

export async function createVideo(
  db: Database,
  userId: string,
  input: { createdBy: string; homeId: number; options: VideoOptionsRecord; caption: string; template?: string },
): Promise<Video> {
  const [row] = await db
    .insert(videos)
    .values({
      user_id: userId,
      created_by: input.createdBy,
      home_id: input.homeId,
      options: input.options,
      caption: input.caption,
      template: input.template ?? 'reel',
    })
    .returning()
  return row!
}

export async function getVideo(db: Database, userId: string, id: number): Promise<Video | null> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.user_id, userId), eq(videos.id, id)))
  return row ?? null
}

export async function listHomeVideos(db: Database, userId: string, homeId: number, limit = 5): Promise<Video[]> {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.user_id, userId), eq(videos.home_id, homeId)))
    .orderBy(desc(videos.created_at), desc(videos.id))
    .limit(limit)
}

/** Videos asked for since `since` (the month's quota counts the failed ones too: they used CPU). */
export async function countVideosSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(videos)
    .where(and(eq(videos.user_id, userId), sql`${videos.created_at} >= ${since.toISOString()}`))
  return Number(row?.total ?? 0)
}

// ------------------------------------------------------------------ the worker's (by id)

export async function loadVideoForWorker(db: Database, id: number): Promise<Video | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id))
  return row ?? null
}

/** Takes a queued video for rendering; null when it is not queued any more (a job run twice). */
export async function claimVideo(db: Database, id: number): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: 'rendering', progress: 0, error: null, started_at: new Date() })
    .where(and(eq(videos.id, id), eq(videos.status, 'queued')))
    .returning()
  return row ?? null
}

export async function setVideoProgress(db: Database, id: number, progress: number): Promise<void> {
  await db
    .update(videos)
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))) })
    .where(and(eq(videos.id, id), eq(videos.status, 'rendering')))
}

export async function markVideoReady(
  db: Database,
  id: number,
  input: {
    storageKey: string
    coverKey: string
    durationMs: number
    byteSize: number
    subtitles: Video['subtitles']
    caption: string | null
  },
): Promise<void> {
  await db
    .update(videos)
    .set({
      status: 'ready',
      progress: 100,
      storage_key: input.storageKey,
      cover_key: input.coverKey,
      duration_ms: input.durationMs,
      byte_size: input.byteSize,
      subtitles: input.subtitles,
      ...(input.caption ? { caption: input.caption } : {}),
      finished_at: new Date(),
    })
    .where(eq(videos.id, id))
}

export async function markVideoFailed(db: Database, id: number, message: string): Promise<void> {
  await db.update(videos).set({ status: 'failed', error: message, finished_at: new Date() }).where(eq(videos.id, id))
}

/** "Tentar de novo": a failed video of this owner goes back to the queue. */
export async function requeueVideo(db: Database, userId: string, id: number): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: 'queued', progress: 0, error: null, finished_at: null })
    .where(and(eq(videos.user_id, userId), eq(videos.id, id), eq(videos.status, 'failed')))
    .returning()
  return row ?? null
}

/**
 * After a restart: a video left 'rendering' by a stopped process goes back to the queue (its
 * encoder died with the process); the queued ones are returned to be put on the queue again.
 */
export async function recoverVideos(db: Database): Promise<number[]> {
  await db.update(videos).set({ status: 'queued', progress: 0 }).where(eq(videos.status, 'rendering'))
  const rows = await db.select({ id: videos.id }).from(videos).where(eq(videos.status, 'queued'))
  return rows.map((row) => row.id)
}

export async function deleteVideoFiles(storage: Storage, row: Pick<Video, 'storage_key' | 'cover_key'>) {
  await Promise.all([row.storage_key, row.cover_key].filter((k): k is string => !!k).map((k) => storage.delete(k)))
}

// ------------------------------------------------------------------ the Reel

export async function scheduleReel(
  db: Database,
  userId: string,
  id: number,
  input: { accountId: number; publishAt: Date; caption: string; scheduledBy: string },
): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({
      reel_status: 'scheduled',
      reel_account_id: input.accountId,
      reel_publish_at: input.publishAt,
      reel_scheduled_by: input.scheduledBy,
      caption: input.caption,
      reel_error: null,
    })
    .where(
      and(
        eq(videos.user_id, userId),
        eq(videos.id, id),
        eq(videos.status, 'ready'),
        sql`coalesce(${videos.reel_status}, 'none') in ('none', 'failed')`,
      ),
    )
    .returning()
  return row ?? null
}

/** Takes a scheduled Reel for publishing; null when another run has it or it is settled. */
export async function claimReel(db: Database, id: number): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ reel_status: 'publishing' })
    .where(and(eq(videos.id, id), inArray(videos.reel_status, ['scheduled'])))
    .returning()
  return row ?? null
}

export async function settleReel(
  db: Database,
  id: number,
  outcome: { published: true; externalId: string; permalink: string | null } | { published: false; error: string },
) {
  await db
    .update(videos)
    .set(
      outcome.published
        ? {
            reel_status: 'published',
            reel_external_id: outcome.externalId,
            reel_permalink: outcome.permalink,
            reel_published_at: new Date(),
            reel_error: null,
          }
        : { reel_status: 'failed', reel_error: outcome.error },
    )
    .where(eq(videos.id, id))
}

/** Reels still to go out (a restart puts them on the queue again; 'publishing' ones retried). */
export async function pendingReels(db: Database): Promise<Pick<Video, 'id' | 'reel_publish_at'>[]> {
  await db.update(videos).set({ reel_status: 'scheduled' }).where(eq(videos.reel_status, 'publishing'))
  return db
    .select({ id: videos.id, reel_publish_at: videos.reel_publish_at })
    .from(videos)
    .where(eq(videos.reel_status, 'scheduled'))
}
