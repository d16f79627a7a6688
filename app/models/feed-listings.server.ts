// The listings a feed connection last read, and the homes they became. A sync reads them all
// once (one row per listing, a few hundred bytes each) and writes only what changed.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { feedListings, feedSyncs, homes, integrations, type Home, type MediaItem } from '../../db/schema'
import type { FeedHomeFields, FeedPhoto, FeedReportError } from '~/domain/feeds'
import type { Database } from '~/utils/db.server'

export type KnownListing = {
  external_id: string
  home_id: number | null
  hash: string
  photos_hash: string
  price: number | null
  rental_price: number | null
  state: 'active' | 'archived'
}

export async function loadKnownListings(db: Database, integrationId: number): Promise<Map<string, KnownListing>> {
  const rows = await db
    .select({
      external_id: feedListings.external_id,
      home_id: feedListings.home_id,
      hash: feedListings.hash,
      photos_hash: feedListings.photos_hash,
      price: feedListings.price,
      rental_price: feedListings.rental_price,
      state: feedListings.state,
    })
    .from(feedListings)
    .where(eq(feedListings.integration_id, integrationId))
  return new Map(rows.map((row) => [row.external_id, row]))
}

export type ListingWrite = {
  integrationId: number
  integrationName: string
  userId: string
  externalId: string
  hash: string
  photosHash: string
  home: FeedHomeFields
  raw: Record<string, string>
  archived: boolean
  /** The photos to download (phase 2), or null when they did not change. */
  photos: FeedPhoto[] | null
}

const listingValues = (write: ListingWrite, homeId: number | null) => ({
  integration_id: write.integrationId,
  external_id: write.externalId,
  home_id: homeId,
  hash: write.hash,
  photos_hash: write.photosHash,
  price: write.home.price,
  rental_price: write.home.rental_price,
  state: write.archived ? ('archived' as const) : ('active' as const),
  raw: write.raw,
  ...(write.photos
    ? { photos: write.photos, photos_state: write.photos.length ? ('pending' as const) : ('done' as const) }
    : {}),
  updated_at: new Date(),
})

/** A new listing: its home (photos follow in phase 2) and its listing row, together. */
export async function insertFeedHome(db: Database, write: ListingWrite): Promise<Home> {
  return db.transaction(async (tx) => {
    const [home] = await tx
      .insert(homes)
      .values({
        ...write.home,
        user_id: write.userId,
        integration_id: write.integrationId,
        integration_name: write.integrationName,
        archived_at: write.archived ? new Date() : null,
      })
      .returning()
    await tx.insert(feedListings).values(listingValues(write, home!.id))
    return home!
  })
}

/**
 * A changed listing: the home's feed fields, its archived state, and the listing row. Returns
 * the home as it was before, or null when the agent has deleted it (then only the listing row).
 */
export async function updateFeedHome(db: Database, write: ListingWrite, homeId: number | null): Promise<Home | null> {
  return db.transaction(async (tx) => {
    const [before] = homeId
      ? await tx
          .select()
          .from(homes)
          .where(and(eq(homes.id, homeId), eq(homes.user_id, write.userId)))
      : []
    if (before) {
      await tx
        .update(homes)
        .set({
          ...write.home,
          archived_at: write.archived ? (before.archived_at ?? new Date()) : null,
          updated_at: new Date(),
        })
        .where(eq(homes.id, before.id))
    }
    const values = listingValues(write, before ? before.id : null)
    await tx
      .insert(feedListings)
      .values(values)
      .onConflictDoUpdate({ target: [feedListings.integration_id, feedListings.external_id], set: values })
    return before ?? null
  })
}

/** A listing of the same agent read by another of their sources (the one last updated wins). */
export type OtherSourceListing = {
  integration_id: number
  home_id: number | null
  photos_hash: string
  photos_state: 'pending' | 'done'
}

/** The agent's listings from their other live sources, by listing code (ADR 213: no duplicates). */
export async function loadOtherSourcesListings(
  db: Database,
  userId: string,
  integrationId: number,
): Promise<Map<string, OtherSourceListing>> {
  const rows = await db
    .select({
      external_id: feedListings.external_id,
      integration_id: feedListings.integration_id,
      home_id: feedListings.home_id,
      photos_hash: feedListings.photos_hash,
      photos_state: feedListings.photos_state,
    })
    .from(feedListings)
    .innerJoin(integrations, eq(integrations.id, feedListings.integration_id))
    .where(and(eq(integrations.user_id, userId), ne(integrations.id, integrationId), isNull(integrations.deleted_at)))
    .orderBy(asc(feedListings.updated_at))
  return new Map(rows.map(({ external_id, ...row }) => [external_id, row]))
}

/**
 * A listing another source of the agent already imported: its home moves to this source and
 * takes this feed's fields; the other source's row goes (were that feed to send it again, the
 * home would move back, never be created twice). Returns the home as it was, or null when gone.
 */
export async function adoptFeedHome(db: Database, write: ListingWrite, from: OtherSourceListing): Promise<Home | null> {
  return db.transaction(async (tx) => {
    const [before] = from.home_id
      ? await tx
          .select()
          .from(homes)
          .where(and(eq(homes.id, from.home_id), eq(homes.user_id, write.userId)))
      : []
    if (before)
      await tx
        .update(homes)
        .set({
          ...write.home,
          integration_id: write.integrationId,
          integration_name: write.integrationName,
          archived_at: write.archived ? (before.archived_at ?? new Date()) : null,
          updated_at: new Date(),
        })
        .where(eq(homes.id, before.id))
    await tx
      .delete(feedListings)
      .where(and(eq(feedListings.integration_id, from.integration_id), eq(feedListings.external_id, write.externalId)))
    const values = listingValues(write, before ? before.id : null)
    await tx
      .insert(feedListings)
      .values(values)
      .onConflictDoUpdate({ target: [feedListings.integration_id, feedListings.external_id], set: values })
    return before ?? null
  })
}

/** Archives the homes of listings the feed no longer has; returns how many. */
export async function archiveMissing(db: Database, integrationId: number, externalIds: string[]): Promise<number> {
  let archived = 0
  for (let i = 0; i < externalIds.length; i += 500) {
    const batch = externalIds.slice(i, i + 500)
    const rows = await db
      .update(feedListings)
      .set({ state: 'archived', updated_at: new Date() })
      .where(and(eq(feedListings.integration_id, integrationId), inArray(feedListings.external_id, batch)))
      .returning({ home_id: feedListings.home_id })
    const ids = rows.map((row) => row.home_id).filter((id): id is number => id !== null)
    if (ids.length)
      await db
        .update(homes)
        .set({ archived_at: new Date() })
        .where(and(inArray(homes.id, ids), isNull(homes.archived_at)))
    archived += rows.length
  }
  return archived
}

export type PendingPhotos = { external_id: string; home_id: number; photos: FeedPhoto[]; photos_hash: string }

/** Up to `limit` listings whose photos wait for download. */
export async function listPendingPhotos(db: Database, integrationId: number, limit: number): Promise<PendingPhotos[]> {
  const rows = await db
    .select({
      external_id: feedListings.external_id,
      home_id: feedListings.home_id,
      photos: feedListings.photos,
      photos_hash: feedListings.photos_hash,
    })
    .from(feedListings)
    .where(
      and(
        eq(feedListings.integration_id, integrationId),
        eq(feedListings.photos_state, 'pending'),
        sql`${feedListings.home_id} is not null`,
      ),
    )
    .orderBy(feedListings.external_id)
    .limit(limit)
  return rows.filter((row): row is PendingPhotos => row.home_id !== null)
}

/**
 * Stores the downloaded gallery and, in the same transaction, counts it in the sync's report with
 * the photos' failures (a sync killed midway still counts what it stored; at most 400 errors).
 * Returns the gallery it replaced, or null when the home is gone (then nothing is counted).
 */
export async function savePhotos(
  db: Database,
  userId: string,
  integrationId: number,
  pending: PendingPhotos,
  gallery: MediaItem[],
  report: { id: number; errors: FeedReportError[] },
): Promise<MediaItem[] | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ gallery: homes.gallery })
      .from(homes)
      .where(and(eq(homes.id, pending.home_id), eq(homes.user_id, userId)))
    if (before) await tx.update(homes).set({ gallery }).where(eq(homes.id, pending.home_id))
    const complete = report.errors.length === 0
    await tx
      .update(feedListings)
      .set({ photos_state: 'done', photos_hash: complete ? pending.photos_hash : `${pending.photos_hash}:incompleto` })
      .where(and(eq(feedListings.integration_id, integrationId), eq(feedListings.external_id, pending.external_id)))
    const errors = JSON.stringify(report.errors)
    await tx
      .update(feedSyncs)
      .set({
        photos: sql`${feedSyncs.photos} + ${before ? gallery.length : 0}`,
        errors: sql`(case when jsonb_array_length(${feedSyncs.errors}) < 400 then ${feedSyncs.errors} || ${errors}::jsonb else ${feedSyncs.errors} end)`,
        finished_at: new Date(),
      })
      .where(eq(feedSyncs.id, report.id))
    return before ? before.gallery : null
  })
}

/** How many listings of a connection still wait for their photos. */
export async function countPendingPhotos(db: Database, integrationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(feedListings)
    .where(and(eq(feedListings.integration_id, integrationId), eq(feedListings.photos_state, 'pending')))
  return Number(row?.n ?? 0)
}

/** Photos that failed last time are tried again (the listing itself did not change). */
export async function requeuePhotos(db: Database, integrationId: number, externalId: string, photos: FeedPhoto[]) {
  await db
    .update(feedListings)
    .set({ photos, photos_state: 'pending' })
    .where(and(eq(feedListings.integration_id, integrationId), eq(feedListings.external_id, externalId)))
}
