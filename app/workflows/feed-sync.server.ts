// Sync of a property feed (ADR 120, 213): reads the source as a stream, writes only the listings
// whose content changed (a hash per listing and one for its photos), archives the homes of
// listings gone from the feed (never deletes), and keeps a report. Run by "Sincronizar agora",
// by an upload, and hourly by the job runner through syncDueConnections. ADR 120.
import { createHash } from 'node:crypto'
import { FeedReadError, summariseUnknown, type FeedItem, type FeedListing } from '~/domain/feeds'
import type { FeedFetchOptions } from '~/integrations/feeds/fetch.server'
import type { Storage } from '~/integrations/storage/storage.server'
import type { CopyWriter } from '~/integrations/ai/ai.server'
import { limitMessage } from '~/domain/billing'
import { canCreateHome, currentPlan } from '~/models/quota.server'
import {
  adoptFeedHome,
  archiveMissing,
  insertFeedHome,
  loadKnownListings,
  loadOtherSourcesListings,
  requeuePhotos,
  updateFeedHome,
  type KnownListing,
  type ListingWrite,
  type OtherSourceListing,
} from '~/models/feed-listings.server'
import {
  beatSync,
  claimSync,
  finishSyncReport,
  getSyncReport,
  hasFinishedSync,
  listDueConnections,
  releaseSync,
  startSyncReport,
  SYNC_HEARTBEAT_MS,
  type FeedConnection,
  type FeedSync,
  type SyncCounts,
  type SyncTrigger,
} from '~/models/feeds.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { isDeadOwner, processOwner } from '~/utils/process-owner.server'
import { draftPosts, type DraftEvent } from './feed-drafts.server'
import { importPendingPhotos } from './feed-photos.server'
import { openFeedSource } from './feed-source.server'
import { currentLogger } from '~/utils/logger.server'

export type FeedSyncDeps = {
  db: Database
  storage: Storage
  /** The key that seals stored credentials (credentialsKeyFor). */
  credentialsSecret: string
  fetchOptions?: FeedFetchOptions
  /** Drafts posts for the automations; none when absent. */
  writer?: CopyWriter
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>
  /** After the drafts: the sync's listing events, for "Mês pronto" (a piece in the month's next free slot, ADR 283). */
  onListingEvents?: (accountId: string, events: DraftEvent[]) => Promise<void>
  /** Listings written at once in phase 1 (default 4); phase 2 uses the same number of photo workers when given (default one per core). */
  concurrency?: number
}

type SyncState = {
  connection: FeedConnection
  known: Map<string, KnownListing>
  /** The agent's listings from their other sources, by code: matched, never created twice. */
  others: Map<string, OtherSourceListing>
  seen: Set<string>
  counts: SyncCounts
  unknown: Map<string, number>
  events: DraftEvent[]
  automate: boolean
  homesLeft: number
  /** Why the plan refuses more homes once the sync reaches its limit (pt-BR). */
  quotaMessage: string
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url')

function listingWrite(
  state: SyncState,
  listing: FeedListing,
  photosHash: string,
  photos: FeedListing['photos'] | null,
): ListingWrite {
  return {
    integrationId: state.connection.id,
    integrationName: state.connection.name,
    userId: state.connection.user_id,
    externalId: listing.externalId,
    hash: hashOf([listing.home, listing.state, listing.raw]),
    photosHash,
    home: listing.home,
    raw: listing.raw,
    archived: listing.state !== 'active',
    photos,
  }
}

async function createListing(deps: FeedSyncDeps, state: SyncState, listing: FeedListing, photosHash: string) {
  if (listing.state !== 'active') return
  if (state.homesLeft <= 0) {
    state.counts.errors.push({ listingId: listing.externalId, reason: `Não importado: ${state.quotaMessage}` })
    return
  }
  state.homesLeft--
  const home = await insertFeedHome(deps.db, listingWrite(state, listing, photosHash, listing.photos))
  state.counts.created++
  if (state.automate)
    state.events.push({ event: 'new', homeId: home.id, listingId: listing.externalId, oldPrice: null, rented: false })
}

/** A listing another source of the agent imported: that home is updated and moves to this source. */
async function adoptListing(
  deps: FeedSyncDeps,
  state: SyncState,
  listing: FeedListing,
  other: OtherSourceListing,
  photosHash: string,
) {
  // The same photos, already downloaded, are kept ('…:incompleto' carries on: the next sync retries).
  const samePhotos = other.home_id !== null && other.photos_state === 'done' && other.photos_hash.startsWith(photosHash)
  const write = listingWrite(
    state,
    listing,
    samePhotos ? other.photos_hash : photosHash,
    samePhotos ? null : listing.photos,
  )
  await adoptFeedHome(deps.db, write, other)
  state.counts.matched++
}

async function changeListing(
  deps: FeedSyncDeps,
  state: SyncState,
  listing: FeedListing,
  known: KnownListing,
  photosHash: string,
) {
  const photos = known.photos_hash !== photosHash ? listing.photos : null
  const write = listingWrite(state, listing, photosHash, photos)
  const before = await updateFeedHome(deps.db, write, known.home_id)
  const nowArchived = write.archived && known.state === 'active'
  if (nowArchived) state.counts.archived++
  else state.counts.updated++
  if (!before || !state.automate) return
  if (nowArchived)
    state.events.push({
      event: 'sold',
      homeId: before.id,
      listingId: listing.externalId,
      oldPrice: null,
      rented: listing.state === 'rented',
    })
  const dropped = (old: number | null, now: number | null) => Boolean(old && now && now < old)
  if (
    !write.archived &&
    (dropped(known.price, listing.home.price) || dropped(known.rental_price, listing.home.rental_price))
  )
    state.events.push({
      event: 'price_drop',
      homeId: before.id,
      listingId: listing.externalId,
      oldPrice: known.price ?? known.rental_price,
      rented: false,
    })
}

async function applyItem(deps: FeedSyncDeps, state: SyncState, item: FeedItem) {
  if (!item.ok) {
    if (item.error.externalId) state.seen.add(item.error.externalId)
    state.counts.errors.push({ listingId: item.error.externalId, reason: item.error.reason })
    return
  }
  const listing = item.listing
  if (state.seen.has(listing.externalId)) {
    state.counts.errors.push({
      listingId: listing.externalId,
      reason: 'Código repetido no feed: só o primeiro anúncio com ele foi lido.',
    })
    return
  }
  state.seen.add(listing.externalId)
  for (const { field, value } of listing.unknown) {
    const key = `${field}\u0000${value}`
    state.unknown.set(key, (state.unknown.get(key) ?? 0) + 1)
  }
  const photosHash = hashOf(listing.photos)
  const known = state.known.get(listing.externalId)
  const other = known ? undefined : state.others.get(listing.externalId)
  if (other) return adoptListing(deps, state, listing, other, photosHash)
  if (!known) return createListing(deps, state, listing, photosHash)
  const write = listingWrite(state, listing, photosHash, null)
  const sameState = known.state === (write.archived ? 'archived' : 'active')
  if (known.hash === write.hash && sameState && known.photos_hash.startsWith(photosHash)) {
    // Photos that failed last time ('…:incompleto') are tried again; the listing is unchanged.
    if (known.photos_hash !== photosHash && known.home_id)
      await requeuePhotos(deps.db, state.connection.id, listing.externalId, listing.photos)
    state.counts.unchanged++
    return
  }
  return changeListing(deps, state, listing, known, photosHash)
}

/** Runs `work` on each item with at most `limit` at once, in arrival order. */
async function forEachBounded<T>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>()
  let failure: unknown = null
  try {
    for await (const item of items) {
      const task: Promise<void> = work(item)
        .catch((error) => void (failure ??= error))
        .finally(() => running.delete(task))
      running.add(task)
      if (running.size >= limit) await Promise.race(running)
      if (failure) break
    }
  } finally {
    await Promise.all(running)
  }
  if (failure) throw failure
}

async function newState(deps: FeedSyncDeps, connection: FeedConnection): Promise<SyncState> {
  const quota = await canCreateHome(deps.db, connection.user_id)
  return {
    connection,
    known: await loadKnownListings(deps.db, connection.id),
    others: await loadOtherSourcesListings(deps.db, connection.user_id, connection.id),
    seen: new Set(),
    counts: {
      created: 0,
      updated: 0,
      matched: 0,
      archived: 0,
      unchanged: 0,
      drafts: 0,
      errors: [],
      unknown: [],
      failure: null,
    },
    unknown: new Map(),
    events: [],
    automate: await hasFinishedSync(deps.db, connection.id),
    homesLeft: quota.limit === null ? Number.POSITIVE_INFINITY : Math.max(0, quota.limit - (quota.used ?? 0)),
    // Said as the plan's own message once every slot is taken ("Você já tem 3 de 3 imóveis…").
    quotaMessage:
      quota.limit === null
        ? ''
        : limitMessage(await currentPlan(deps.db, connection.user_id), 'homes', quota.limit, quota.limit),
  }
}

async function runSync(deps: FeedSyncDeps, connection: FeedConnection): Promise<SyncCounts> {
  const state = await newState(deps, connection)
  try {
    const items = openFeedSource(deps, connection)
    await forEachBounded(items, deps.concurrency ?? 4, (item) => applyItem(deps, state, item))
  } catch (error) {
    if (!(error instanceof FeedReadError)) throw error
    state.counts.failure = error.message
  }
  if (!state.counts.failure) {
    const gone = [...state.known.values()].filter((k) => k.state === 'active' && !state.seen.has(k.external_id))
    state.counts.archived += await archiveMissing(
      deps.db,
      connection.id,
      gone.map((k) => k.external_id),
    )
  }
  state.counts.unknown = summariseUnknown(state.unknown)
  if (deps.writer && state.events.length) {
    const drafted = await draftPosts(
      { db: deps.db, writer: deps.writer, logger: deps.logger },
      connection,
      state.events,
    )
    state.counts.drafts = drafted.drafts
    state.counts.errors.push(...drafted.errors)
  }
  if (deps.onListingEvents && state.events.length)
    await deps
      .onListingEvents(connection.user_id, state.events)
      .catch((error: unknown) => deps.logger?.error('month pieces from listing events failed', { error }))
  return state.counts
}

export type SyncOutcome = {
  /** The report once the listings are written (phase 1). */
  report: FeedSync
  /** Phase 2, the photos: resolves with the final report (photos counted, photo errors added). */
  photos: Promise<FeedSync>
}

const unexpected = (): SyncCounts => ({
  created: 0,
  updated: 0,
  matched: 0,
  archived: 0,
  unchanged: 0,
  drafts: 0,
  errors: [],
  unknown: [],
  failure: 'A sincronização parou por um erro inesperado. Tente de novo.',
})

export type SyncLock = { release: (syncedAt: Date | null) => Promise<void> }

/**
 * Takes a connection's sync lock for this process and beats its heartbeat until released (ADR
 * 213); null while a live sync holds it. `soleProcess`: the embedded database, which no other
 * process can have open, so any other holder is dead.
 */
export async function holdSyncLock(db: Database, id: number, soleProcess = false): Promise<SyncLock | null> {
  const isDead = soleProcess ? (holder: string | null) => holder !== processOwner : isDeadOwner
  if (!(await claimSync(db, id, processOwner, isDead))) return null
  const beat = setInterval(
    () =>
      void beatSync(db, id, processOwner).catch((error: unknown) =>
        currentLogger().warn('feed sync heartbeat not written', { id, error }),
      ),
    SYNC_HEARTBEAT_MS,
  )
  beat.unref()
  return {
    release: async (syncedAt) => {
      clearInterval(beat)
      await releaseSync(db, id, processOwner, syncedAt)
    },
  }
}

/** Phase 2 under the held lock: each listing's photos counted in the report as they are saved. */
export async function photoPhase(
  deps: FeedSyncDeps,
  connection: FeedConnection,
  reportId: number,
  ok: boolean,
  lock: SyncLock,
): Promise<FeedSync> {
  try {
    await importPendingPhotos(deps, connection, reportId)
  } catch (error) {
    deps.logger?.error('feed photos failed', { integrationId: connection.id, error })
  } finally {
    await lock.release(ok ? new Date() : null)
  }
  return (await getSyncReport(deps.db, reportId))!
}

/**
 * Starts one sync of one connection: the listings are written before this resolves, the photos
 * follow (`photos`), under the same lock. Null when another sync of it is running. A feed that
 * cannot be read (malformed XML, host down) ends with `failure` and archives nothing.
 */
export async function startSync(
  deps: FeedSyncDeps,
  connection: FeedConnection,
  trigger: SyncTrigger,
): Promise<SyncOutcome | null> {
  const lock = await holdSyncLock(deps.db, connection.id)
  if (!lock) return null
  let report: FeedSync
  let counts: SyncCounts
  try {
    report = await startSyncReport(deps.db, connection, trigger)
    counts = await runSync(deps, connection).catch((error) => {
      deps.logger?.error('feed sync failed', { integrationId: connection.id, error })
      return unexpected()
    })
    report = await finishSyncReport(deps.db, report.id, counts)
  } catch (error) {
    await lock.release(null)
    throw error
  }
  return { report, photos: photoPhase(deps, connection, report.id, !counts.failure, lock) }
}

/** One whole sync, photos included (the job runner, tests). Null when one is running. */
export async function syncConnection(
  deps: FeedSyncDeps,
  connection: FeedConnection,
  trigger: SyncTrigger,
): Promise<FeedSync | null> {
  const outcome = await startSync(deps, connection, trigger)
  return outcome ? outcome.photos : null
}

/** The scheduled run (hourly, by the job runner): every URL and Vista connection not synced since `olderThanMs`. */
export async function syncDueConnections(
  deps: FeedSyncDeps,
  olderThanMs = 55 * 60_000,
  now = new Date(),
): Promise<FeedSync[]> {
  const due = await listDueConnections(deps.db, new Date(now.getTime() - olderThanMs))
  const reports: FeedSync[] = []
  for (const connection of due) {
    const report = await syncConnection(deps, connection, 'schedule')
    if (report) reports.push(report)
  }
  return reports
}
