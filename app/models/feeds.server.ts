// Feed connections (ADR 120): an `integrations` row (the product's Integration: name, sealed api_connection,
// synced_at) with its feed_sources row, the listings last read and the sync reports. Every
// read a route makes is scoped by the owner's id.
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
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

/** The heartbeat's period while a sync holds its lock (ADR 213). */
export const SYNC_HEARTBEAT_MS = 20_000
/** A lock whose heartbeat is older than this belongs to a process that died: the next sync takes it. */
export const SYNC_LOCK_STALE_MS = 2 * 60_000

/** True while a sync of the connection runs (its lock is held and its heartbeat fresh). */
export const isSyncing = (connection: Pick<FeedConnection, 'syncing_at'>, now = new Date()) =>
  connection.syncing_at != null && now.getTime() - new Date(connection.syncing_at).getTime() < SYNC_LOCK_STALE_MS

/**
 * Takes the connection's sync lock for `owner`; false when a live sync holds it. A lock is free
 * when nobody holds it, when its heartbeat is stale, or when `isDead` says its holder is gone.
 */
export async function claimSync(
  db: Database,
  id: number,
  owner: string,
  isDead: (holder: string | null) => boolean = () => false,
  now = new Date(),
): Promise<boolean> {
  const stale = new Date(now.getTime() - SYNC_LOCK_STALE_MS)
  const take = (holder: SQL) =>
    db
      .update(feedSources)
      .set({ syncing_at: now, sync_owner: owner })
      .where(and(eq(feedSources.integration_id, id), holder))
      .returning({ id: feedSources.integration_id })
  if ((await take(or(isNull(feedSources.syncing_at), lt(feedSources.syncing_at, stale))!)).length) return true
  const [held] = await db
    .select({ owner: feedSources.sync_owner })
    .from(feedSources)
    .where(eq(feedSources.integration_id, id))
  if (!held || !isDead(held.owner)) return false
  // Taken only from that holder: two processes finding it dead at once, one wins.
  const holder = held.owner === null ? isNull(feedSources.sync_owner) : eq(feedSources.sync_owner, held.owner)
  return (await take(and(sql`${feedSources.syncing_at} is not null`, holder)!)).length > 0
}

/** The holder's heartbeat; false when the lock is no longer its own (taken over). */
export async function beatSync(db: Database, id: number, owner: string): Promise<boolean> {
  const rows = await db
    .update(feedSources)
    .set({ syncing_at: new Date() })
    .where(and(eq(feedSources.integration_id, id), eq(feedSources.sync_owner, owner)))
    .returning({ id: feedSources.integration_id })
  return rows.length > 0
}

/**
 * Releases `owner`'s lock and, after a sync that worked, records when: in one transaction, so that
 * a page read in between never sees the sync over but not done (it stopped refreshing on "Ainda
 * não sincronizado"). A lock another process took over is left to it.
 */
export async function releaseSync(db: Database, id: number, owner: string, syncedAt: Date | null) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(feedSources)
      .set({ syncing_at: null, sync_owner: null })
      .where(and(eq(feedSources.integration_id, id), eq(feedSources.sync_owner, owner)))
      .returning({ id: feedSources.integration_id })
    if (syncedAt && rows.length)
      await tx.update(integrations).set({ synced_at: syncedAt }).where(eq(integrations.id, id))
  })
}

/** Connections whose sync holds a lock or left photos waiting: start-up and the hourly run look at them. */
export async function listInterruptedConnections(
  db: Database,
): Promise<(FeedConnection & { sync_owner: string | null })[]> {
  return db
    .select({ ...connectionColumns, sync_owner: feedSources.sync_owner })
    .from(integrations)
    .innerJoin(feedSources, eq(feedSources.integration_id, integrations.id))
    .where(
      and(
        isNull(integrations.deleted_at),
        or(
          sql`${feedSources.syncing_at} is not null`,
          sql`exists (select 1 from ${feedListings} where ${feedListings.integration_id} = ${integrations.id} and ${feedListings.photos_state} = 'pending' and ${feedListings.home_id} is not null)`,
        ),
      ),
    )
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
  /** Listings already imported from another of the agent's sources: that home was updated. */
  matched: number
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

/** A report whose listings were never all read (its process died): failed, with why, in pt-BR. */
export async function failInterruptedReport(db: Database, id: number, failure: string): Promise<void> {
  await db
    .update(feedSyncs)
    .set({ failure, finished_at: new Date() })
    .where(and(eq(feedSyncs.id, id), isNull(feedSyncs.finished_at)))
}

export async function getSyncReport(db: Database, id: number): Promise<FeedSync | null> {
  const [row] = await db.select().from(feedSyncs).where(eq(feedSyncs.id, id))
  return row ?? null
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
