// Property videos (Reels): the row of each video, its rendering state and its Reel scheduling,
// every read scoped by the owner's id; the worker's own reads (by id) say so in their names.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { scheduledPublications, videos, type Video, type VideoOptionsRecord } from '../../db/schema'
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

/** Renders started before a video is failed instead of taken again (each one ended its process). */
export const MAX_RENDER_ATTEMPTS = 3

/** A video some instance may render: queued, or rendering under a lease that has run out. */
const claimable = sql`(${videos.status} = 'queued' or (${videos.status} = 'rendering' and (${videos.lease_until} is null or ${videos.lease_until} < now()) and ${videos.attempts} < ${MAX_RENDER_ATTEMPTS}))`

/**
 * Takes the next video to render under a lease of `leaseSeconds` for `owner`, round robin by
 * account: the account whose last render started longest ago (or never) goes first, so one
 * account's ten videos never hold another's back by more than the render in progress. Null when
 * there is nothing to take (another instance has them, or the queue is empty).
 */
export async function claimNextVideo(db: Database, owner: string, leaseSeconds: number): Promise<Video | null> {
  const next = sql`(
    select v.id from ${videos} v
    where (v.status = 'queued' or (v.status = 'rendering' and (v.lease_until is null or v.lease_until < now()) and v.attempts < ${MAX_RENDER_ATTEMPTS}))
    order by (select max(w.started_at) from ${videos} w where w.user_id = v.user_id) asc nulls first, v.created_at, v.id
    limit 1
    for update skip locked
  )`
  const [row] = await db
    .update(videos)
    .set({
      status: 'rendering',
      progress: 0,
      error: null,
      // The database's clock, to the microsecond: the round robin orders accounts by it.
      started_at: sql`now()`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      lease_owner: owner,
      attempts: sql`${videos.attempts} + 1`,
    })
    .where(and(sql`${videos.id} = ${next}`, claimable))
    .returning()
  return row ?? null
}

/** The render goes on: its lease is renewed; false when it is no longer this owner's. */
export async function renewVideoLease(db: Database, id: number, owner: string, leaseSeconds: number) {
  const rows = await db
    .update(videos)
    .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(videos.id, id), eq(videos.status, 'rendering'), eq(videos.lease_owner, owner)))
    .returning({ id: videos.id })
  return rows.length > 0
}

export async function setVideoProgress(db: Database, id: number, owner: string, progress: number): Promise<void> {
  await db
    .update(videos)
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))) })
    .where(and(eq(videos.id, id), eq(videos.status, 'rendering'), eq(videos.lease_owner, owner)))
}

/** The render's result; false when its lease was taken over meanwhile (the other render wins). */
export async function markVideoReady(
  db: Database,
  id: number,
  owner: string,
  input: {
    storageKey: string
    coverKey: string
    durationMs: number
    byteSize: number
    subtitles: Video['subtitles']
    caption: string | null
  },
): Promise<boolean> {
  const rows = await db
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
      lease_until: null,
    })
    .where(and(eq(videos.id, id), eq(videos.status, 'rendering'), eq(videos.lease_owner, owner)))
    .returning({ id: videos.id })
  return rows.length > 0
}

export async function markVideoFailed(db: Database, id: number, owner: string, message: string): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'failed', error: message, finished_at: new Date(), lease_until: null })
    .where(and(eq(videos.id, id), eq(videos.status, 'rendering'), eq(videos.lease_owner, owner)))
}

/** "Tentar de novo": a failed video of this owner goes back to the queue. */
export async function requeueVideo(db: Database, userId: string, id: number): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: 'queued', progress: 0, error: null, finished_at: null, attempts: 0, lease_until: null })
    .where(and(eq(videos.user_id, userId), eq(videos.id, id), eq(videos.status, 'failed')))
    .returning()
  return row ?? null
}

/**
 * After a restart, the videos some instance should render: the queued ones and those whose render
 * stopped with its process (lease run out). A live lease of another instance is left alone; one
 * that ran out MAX_RENDER_ATTEMPTS times is failed with `message`.
 */
export async function recoverVideos(db: Database, message: string): Promise<number[]> {
  await db
    .update(videos)
    .set({ status: 'failed', error: message, finished_at: new Date(), lease_until: null })
    .where(
      and(
        eq(videos.status, 'rendering'),
        sql`(${videos.lease_until} is null or ${videos.lease_until} < now())`,
        sql`${videos.attempts} >= ${MAX_RENDER_ATTEMPTS}`,
      ),
    )
  const rows = await db.select({ id: videos.id }).from(videos).where(claimable)
  return rows.map((row) => row.id)
}

/** "Excluir vídeo": the owner scope's video, unless its Reel is going out right now ('busy'); null
 * when there is no such video. A render in progress finds its row gone and drops its files. */
export async function deleteVideo(db: Database, userId: string, id: number): Promise<Video | 'busy' | null> {
  const [row] = await db
    .delete(videos)
    .where(
      and(
        eq(videos.user_id, userId),
        eq(videos.id, id),
        sql`not exists (select 1 from ${scheduledPublications} where ${scheduledPublications.video_id} = ${videos.id} and ${scheduledPublications.status} = 'publishing')`,
      ),
    )
    .returning()
  if (row) return row
  return (await getVideo(db, userId, id)) ? 'busy' : null
}

export async function deleteVideoFiles(storage: Storage, row: Pick<Video, 'storage_key' | 'cover_key'>) {
  await Promise.all([row.storage_key, row.cover_key].filter((k): k is string => !!k).map((k) => storage.delete(k)))
}

// ------------------------------------------------------------------ the Reel's approval

/**
 * Records that the video as it is now (its revision) is approved to go out as a Reel, by someone
 * who approves (ADR 264). Null when the video is not this owner's or not ready.
 */
export async function approveVideoRevision(db: Database, userId: string, id: number): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ approved_revision: sql`${videos.revision}` })
    .where(and(eq(videos.user_id, userId), eq(videos.id, id), eq(videos.status, 'ready')))
    .returning()
  return row ?? null
}

/** The Reel's caption becomes the video's (a different one makes a new revision: the trigger). */
export async function setVideoCaption(
  db: Database,
  userId: string,
  id: number,
  caption: string,
): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ caption })
    .where(and(eq(videos.user_id, userId), eq(videos.id, id)))
    .returning()
  return row ?? null
}

/** The video's row under lock until the transaction ends (scheduling asks its approval there). */
export async function videoForUpdate(db: Database, userId: string, id: number): Promise<Video | null> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.user_id, userId), eq(videos.id, id)))
    .for('update')
  return row ?? null
}
