// Feed connections (issue 18): an `integrations` row (spec §3: name, sealed api_connection,
// synced_at) with its feed_sources row, the listings last read and the sync reports. Every
// read a route makes is scoped by the owner's id.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { feedListings, feedSources, feedSyncs, integrations } from '../../db/schema'
import type { FeedAutomations, FeedKind, FeedReportError, FeedUnknownValue } from '~/domain/feeds'
import type { Database } from '~/utils/db.server'

export type FeedConnection = {
  id: number
  user_id: string
  name: string
  kind: FeedKind
  format: string | null
  url: string | null
  upload_key: string | null
  api_connection: { apiKey: string | null; apiHost: string | null }
  automations: FeedAutomations
  synced_at: Date | null
  syncing_at: Date | null
  created_at: Date
}

const connectionColumns = {
  id: integrations.id,
  user_id: integrations.user_id,
  name: integrations.name,
  kind: feedSources.kind,
  format: feedSources.format,
  url: feedSources.url,
  upload_key: feedSources.upload_key,
  api_connection: integrations.api_connection,
  automations: feedSources.automations,
  synced_at: integrations.synced_at,
  syncing_at: feedSources.syncing_at,
  created_at: integrations.created_at,
}

const connections = (db: Database) =>
  db
    .select(connectionColumns)
    .from(integrations)
    .innerJoin(feedSources, eq(feedSources.integration_id, integrations.id))

export type NewFeedConnection = {
  name: string
  kind: FeedKind
  format: string | null
  url?: string | null
  uploadKey?: string | null
  apiConnection?: { apiKey: string | null; apiHost: string | null }
}

export async function createFeedConnection(
  db: Database,
  userId: string,
  input: NewFeedConnection,
): Promise<FeedConnection> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrations)
      .values({
        name: input.name,
        user_id: userId,
        api_connection: input.apiConnection ?? { apiKey: null, apiHost: null },
      })
      .returning({ id: integrations.id })
    await tx.insert(feedSources).values({
      integration_id: row!.id,
      user_id: userId,
      kind: input.kind,
      format: input.format,
      url: input.url ?? null,
      upload_key: input.uploadKey ?? null,
    })
    return row!.id
  })
  return (await getFeedConnection(db, userId, id))!
}

export async function getFeedConnection(db: Database, userId: string, id: number): Promise<FeedConnection | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [row] = await connections(db).where(
    and(eq(integrations.id, id), eq(integrations.user_id, userId), isNull(integrations.deleted_at)),
  )
  return row ?? null
}

export async function listFeedConnections(db: Database, userId: string): Promise<FeedConnection[]> {
  return connections(db)
    .where(and(eq(integrations.user_id, userId), isNull(integrations.deleted_at)))
    .orderBy(desc(integrations.created_at), desc(integrations.id))
}

/** Connections a scheduled run should read: by address or API, not synced since `before`. */
export async function listDueConnections(db: Database, before: Date): Promise<FeedConnection[]> {
  return connections(db).where(
    and(
      isNull(integrations.deleted_at),
      sql`${feedSources.kind} in ('url', 'vista')`,
      or(isNull(integrations.synced_at), lt(integrations.synced_at, before)),
    ),
  )
}

export async function updateFeedSource(
  db: Database,
  userId: string,
  id: number,
  values: Partial<{ automations: FeedAutomations; format: string | null; upload_key: string | null }>,
) {
  await db
    .update(feedSources)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(feedSources.integration_id, id), eq(feedSources.user_id, userId)))
}

/** Soft delete (spec: deleted_at); its homes stay, their listings forgotten. */
export async function deleteFeedConnection(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(integrations)
    .set({ deleted_at: new Date() })
    .where(and(eq(integrations.id, id), eq(integrations.user_id, userId), isNull(integrations.deleted_at)))
    .returning({ id: integrations.id })
  if (rows.length) await db.delete(feedListings).where(eq(feedListings.integration_id, id))
  return rows.length > 0
}

/** A sync lock older than this is a sync that died with its server: the next one takes it. */
const SYNC_LOCK_STALE_MS = 30 * 60_000

/** True while a sync of the connection runs (its lock is held and not stale). */
export const isSyncing = (connection: Pick<FeedConnection, 'syncing_at'>, now = new Date()) =>
  connection.syncing_at != null && now.getTime() - new Date(connection.syncing_at).getTime() < SYNC_LOCK_STALE_MS

/** Takes the connection's sync lock; false when another sync holds it (stale after 30 min). */
export async function claimSync(db: Database, id: number, now = new Date()): Promise<boolean> {
  const stale = new Date(now.getTime() - SYNC_LOCK_STALE_MS)
  const rows = await db
    .update(feedSources)
    .set({ syncing_at: now })
    .where(
      and(eq(feedSources.integration_id, id), or(isNull(feedSources.syncing_at), lt(feedSources.syncing_at, stale))),
    )
    .returning({ id: feedSources.integration_id })
  return rows.length > 0
}

/**
 * Releases the lock and, after a sync that worked, records when: in one transaction, so that a page
 * read in between never sees the sync over but not done (it stopped refreshing on "Ainda não
 * sincronizado").
 */
export async function releaseSync(db: Database, id: number, syncedAt: Date | null) {
  await db.transaction(async (tx) => {
    if (syncedAt) await tx.update(integrations).set({ synced_at: syncedAt }).where(eq(integrations.id, id))
    await tx.update(feedSources).set({ syncing_at: null }).where(eq(feedSources.integration_id, id))
  })
}

export type FeedSync = typeof feedSyncs.$inferSelect
export type SyncTrigger = FeedSync['trigger']

export async function startSyncReport(
  db: Database,
  connection: FeedConnection,
  trigger: SyncTrigger,
): Promise<FeedSync> {
  const [row] = await db
    .insert(feedSyncs)
    .values({ integration_id: connection.id, user_id: connection.user_id, trigger })
    .returning()
  return row!
}

export type SyncCounts = {
  created: number
  updated: number
  archived: number
  unchanged: number
  drafts: number
  errors: FeedReportError[]
  unknown: FeedUnknownValue[]
  failure: string | null
}

export async function finishSyncReport(db: Database, id: number, counts: SyncCounts): Promise<FeedSync> {
  const [row] = await db
    .update(feedSyncs)
    .set({ ...counts, errors: counts.errors.slice(0, 200), finished_at: new Date() })
    .where(eq(feedSyncs.id, id))
    .returning()
  return row!
}

/** Phase 2's figures: the photos stored, and their failures after the listings' errors. */
export async function addPhotosToReport(
  db: Database,
  id: number,
  photos: number,
  errors: FeedReportError[],
): Promise<FeedSync> {
  const [row] = await db
    .update(feedSyncs)
    .set({
      photos,
      errors: sql`(${feedSyncs.errors} || ${JSON.stringify(errors.slice(0, 200))}::jsonb)`,
      finished_at: new Date(),
    })
    .where(eq(feedSyncs.id, id))
    .returning()
  return row!
}

export async function listSyncReports(db: Database, userId: string, id: number, limit = 10): Promise<FeedSync[]> {
  return db
    .select()
    .from(feedSyncs)
    .where(and(eq(feedSyncs.integration_id, id), eq(feedSyncs.user_id, userId)))
    .orderBy(desc(feedSyncs.started_at), desc(feedSyncs.id))
    .limit(limit)
}

/** Has this connection finished a sync before (automations start from the second one)? */
export async function hasFinishedSync(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: feedSyncs.id })
    .from(feedSyncs)
    .where(and(eq(feedSyncs.integration_id, id), sql`${feedSyncs.finished_at} is not null`, isNull(feedSyncs.failure)))
    .limit(1)
  return Boolean(row)
}
