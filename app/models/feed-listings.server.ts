// The listings a feed connection last read, and the homes they became. A sync reads them all
// once (one row per listing, a few hundred bytes each) and writes only what changed.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { feedListings, homes, type Home, type MediaItem } from '../../db/schema'
import type { FeedHomeFields, FeedPhoto } from '~/domain/feeds'
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

/** Stores the downloaded gallery; returns the gallery it replaced, or null when the home is gone. */
export async function savePhotos(
  db: Database,
  userId: string,
  integrationId: number,
  pending: PendingPhotos,
  gallery: MediaItem[],
  complete: boolean,
): Promise<MediaItem[] | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ gallery: homes.gallery })
      .from(homes)
      .where(and(eq(homes.id, pending.home_id), eq(homes.user_id, userId)))
    if (before) await tx.update(homes).set({ gallery }).where(eq(homes.id, pending.home_id))
    await tx
      .update(feedListings)
      .set({ photos_state: 'done', photos_hash: complete ? pending.photos_hash : `${pending.photos_hash}:incompleto` })
      .where(and(eq(feedListings.integration_id, integrationId), eq(feedListings.external_id, pending.external_id)))
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
