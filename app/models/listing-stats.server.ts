// What each post brought (ADR 224): the short links a post, a media kit or the listing page
// carries, the views and clicks they count (what and when, never who), and the Instagram insights
// read daily for a published post. Reads and writes are scoped by the owner scope's id.
import { randomInt } from 'node:crypto'
import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm'
import {
  homes,
  listingEvents,
  mediaKits,
  postInsights,
  posts,
  scheduledPublications,
  shortLinks,
  socialAccounts,
} from '../../db/schema'
import type { ListingEventKind } from '~/domain/leads'
import type { Database } from '~/utils/db.server'

export type LinkSource = { postId?: number | null; kitId?: number | null }

/** Lower-case letters and digits without the look-alikes (l, 0, 1). */
export const SHORT_CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789'

/** 8 characters of the alphabet: 40 bits, short enough for a caption, each drawn uniformly. */
export function newShortCode(): string {
  return Array.from({ length: 8 }, () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)]).join('')
}

const sourceWhere = (homeId: number, source: LinkSource) =>
  and(
    eq(shortLinks.home_id, homeId),
    source.postId ? eq(shortLinks.post_id, source.postId) : isNull(shortLinks.post_id),
    source.kitId ? eq(shortLinks.media_kit_id, source.kitId) : isNull(shortLinks.media_kit_id),
  )

/** The property's short code for a source (made on first use; one per property and source). */
export async function shortLinkFor(db: Database, userId: string, homeId: number, source: LinkSource = {}) {
  const [found] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(and(eq(shortLinks.user_id, userId), sourceWhere(homeId, source)))
  if (found) return found.code
  await db
    .insert(shortLinks)
    .values({
      code: newShortCode(),
      user_id: userId,
      home_id: homeId,
      post_id: source.postId ?? null,
      media_kit_id: source.kitId ?? null,
    })
    .onConflictDoNothing()
  const [made] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(and(eq(shortLinks.user_id, userId), sourceWhere(homeId, source)))
  return made!.code
}

/** A short code's property and owner scope (public: the code is the only key). */
export async function findShortLink(db: Database, code: string) {
  if (!/^[a-z0-9]{4,16}$/.test(code)) return null
  const [row] = await db
    .select({ code: shortLinks.code, user_id: shortLinks.user_id, home_id: shortLinks.home_id })
    .from(shortLinks)
    .innerJoin(homes, eq(homes.id, shortLinks.home_id))
    .where(and(eq(shortLinks.code, code), isNull(homes.archived_at)))
  return row ?? null
}

export async function recordListingEvent(
  db: Database,
  event: { user_id: string; home_id: number; kind: ListingEventKind; link_code?: string | null },
): Promise<void> {
  await db.insert(listingEvents).values({ ...event, link_code: event.link_code ?? null })
}

export type WeekCounts = { week: string; view: number; whatsapp: number; phone: number; form: number }
export type SourceCounts = {
  post_id: number | null
  post_public_id: string | null
  kit_id: number | null
  view: number
  whatsapp: number
  phone: number
  form: number
}

const countOf = (kind: ListingEventKind) => sql<number>`count(*) filter (where ${listingEvents.kind} = ${kind})::int`

/** Counts per week (Monday first, the last `weeks` weeks) and per post or kit that carried the link. */
export async function homeResults(db: Database, userId: string, homeId: number, weeks = 8) {
  const since = new Date(Date.now() - weeks * 7 * 24 * 3600 * 1000)
  const scope = and(eq(listingEvents.user_id, userId), eq(listingEvents.home_id, homeId))
  const week = sql<string>`to_char(date_trunc('week', ${listingEvents.created_at} at time zone 'America/Sao_Paulo'), 'YYYY-MM-DD')`
  const counts = {
    view: countOf('view'),
    whatsapp: countOf('whatsapp'),
    phone: countOf('phone'),
    form: countOf('form'),
  }
  const [perWeek, totals, perSource] = await Promise.all([
    db
      .select({ week, ...counts })
      .from(listingEvents)
      .where(and(scope, gte(listingEvents.created_at, since)))
      .groupBy(week)
      .orderBy(week),
    db.select(counts).from(listingEvents).where(scope),
    db
      .select({
        post_id: shortLinks.post_id,
        post_public_id: posts.public_id,
        kit_id: shortLinks.media_kit_id,
        ...counts,
      })
      .from(listingEvents)
      .innerJoin(shortLinks, eq(shortLinks.code, listingEvents.link_code))
      .leftJoin(posts, eq(posts.id, shortLinks.post_id))
      .leftJoin(mediaKits, eq(mediaKits.id, shortLinks.media_kit_id))
      .where(and(scope, sql`(${shortLinks.post_id} is not null or ${shortLinks.media_kit_id} is not null)`))
      .groupBy(shortLinks.post_id, posts.public_id, shortLinks.media_kit_id),
  ])
  return {
    weeks: perWeek as WeekCounts[],
    totals: totals[0] ?? { view: 0, whatsapp: 0, phone: 0, form: 0 },
    sources: perSource as SourceCounts[],
  }
}

/** The latest insights read of each published Instagram post of the property. */
export async function homeInsights(db: Database, userId: string, homeId: number) {
  const rows = await db
    .selectDistinctOn([postInsights.publication_id], {
      publication_id: postInsights.publication_id,
      post_id: scheduledPublications.post_id,
      permalink: scheduledPublications.permalink,
      day: postInsights.day,
      reach: postInsights.reach,
      saved: postInsights.saved,
      shares: postInsights.shares,
    })
    .from(postInsights)
    .innerJoin(scheduledPublications, eq(scheduledPublications.id, postInsights.publication_id))
    .innerJoin(posts, eq(posts.id, scheduledPublications.post_id))
    .where(and(eq(postInsights.user_id, userId), eq(posts.home_id, homeId)))
    .orderBy(postInsights.publication_id, desc(postInsights.day))
  return rows
}

/**
 * Where a page of publications to read ended: the next page starts after it. The time as the
 * database's text, to the microsecond: a JavaScript Date keeps milliseconds, and the last row of
 * the last page would come back after itself, again and again.
 */
export type InsightsCursor = { publishedAt: string; id: number }

/**
 * Publications on Instagram to read insights of: published since `since`, with a media id, from any
 * owner; one page of `limit` in publication order, after `after` (the daily job reads every page,
 * along the index on published_at).
 */
export async function publicationsToRead(db: Database, since: Date, after: InsightsCursor | null = null, limit = 2000) {
  return db
    .select({
      id: scheduledPublications.id,
      user_id: scheduledPublications.user_id,
      external_id: scheduledPublications.external_id,
      social_account_id: scheduledPublications.social_account_id,
      cursor_at: sql<string>`${scheduledPublications.published_at}::text`,
    })
    .from(scheduledPublications)
    .innerJoin(socialAccounts, eq(socialAccounts.id, scheduledPublications.social_account_id))
    .where(
      and(
        eq(socialAccounts.provider, 'instagram'),
        isNull(socialAccounts.deleted_at),
        isNotNull(scheduledPublications.external_id),
        gte(scheduledPublications.published_at, since),
        after
          ? sql`(${scheduledPublications.published_at}, ${scheduledPublications.id}) > (${after.publishedAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(scheduledPublications.published_at), asc(scheduledPublications.id))
    .limit(limit)
}

/** Stores one day's reading of a publication (the day's row is replaced when read twice). */
export async function saveInsights(
  db: Database,
  row: { user_id: string; publication_id: number; day: string; reach: number; saved: number; shares: number },
) {
  await db
    .insert(postInsights)
    .values(row)
    .onConflictDoUpdate({
      target: [postInsights.publication_id, postInsights.day],
      set: { reach: row.reach, saved: row.saved, shares: row.shares },
    })
}

/** The short code a post's caption carries, or null. */
export async function postShortLink(db: Database, userId: string, postId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(and(eq(shortLinks.user_id, userId), eq(shortLinks.post_id, postId)))
    .limit(1)
  return row?.code ?? null
}
