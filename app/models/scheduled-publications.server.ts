// Scheduled publications, scoped by owner, plus the state changes the publishing worker makes:
// a lease so two workers never publish the same row at once, and progress it resumes from. A
// publication sends a post, or a property video as a Reel (video_id, ADR 263).
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import {
  approvalEvents,
  homes,
  postTemplates,
  posts,
  scheduledPublications,
  socialAccounts,
  videos,
} from '../../db/schema'
import type {
  ImageFit,
  PublicationKind,
  PublicationStatus,
  PublishProgress,
  PublishRatio,
  SocialProvider,
} from '~/domain/scheduling'
import type { Database } from '~/utils/db.server'

export type Publication = typeof scheduledPublications.$inferSelect

export type NewPublication = {
  postId: number
  accountId: number
  publishAt: Date
  caption: string
  slides: number[]
  altText: string
  ratio: PublishRatio
  fit: ImageFit
  /** 'story': each image goes out as one Story (issue 63). */
  kind?: PublicationKind
  altTexts?: string[]
  collaborators?: string[]
  firstComment?: string
}

/**
 * Saves a publication; the same post, account and minute already waiting (a double tap, a
 * resubmit) is that one, not a second (scheduled_publications_once_idx).
 */
export async function insertPublication(db: Database, userId: string, input: NewPublication): Promise<Publication> {
  const [row] = await db
    .insert(scheduledPublications)
    .values({
      user_id: userId,
      post_id: input.postId,
      social_account_id: input.accountId,
      publish_at: input.publishAt,
      caption: input.caption,
      slides: input.slides,
      alt_text: input.altText,
      ratio: input.ratio,
      fit: input.fit,
      kind: input.kind ?? 'feed',
      alt_texts: input.altTexts ?? [],
      collaborators: input.collaborators ?? [],
      first_comment: input.firstComment ?? '',
    })
    .onConflictDoNothing()
    .returning()
  if (row) return row
  const [existing] = await db
    .select()
    .from(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.user_id, userId),
        eq(scheduledPublications.post_id, input.postId),
        eq(scheduledPublications.social_account_id, input.accountId),
        eq(scheduledPublications.publish_at, input.publishAt),
        eq(scheduledPublications.kind, input.kind ?? 'feed'),
        inArray(scheduledPublications.status, ['scheduled', 'publishing']),
      ),
    )
  return existing!
}

/**
 * Saves a Reel: the video's one publication waiting to go out (scheduled_publications_reel_once_idx);
 * null when the video already has one waiting.
 */
export async function insertReelPublication(
  db: Database,
  userId: string,
  input: {
    videoId: number
    accountId: number
    publishAt: Date
    caption: string
    /** 'story': the Reel's video goes out as a Story too (issue 63). */
    kind?: PublicationKind
    collaborators?: string[]
    firstComment?: string
  },
): Promise<Publication | null> {
  const [row] = await db
    .insert(scheduledPublications)
    .values({
      user_id: userId,
      video_id: input.videoId,
      social_account_id: input.accountId,
      publish_at: input.publishAt,
      caption: input.caption,
      kind: input.kind ?? 'feed',
      collaborators: input.collaborators ?? [],
      first_comment: input.firstComment ?? '',
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** The video's latest Reel (the one waiting, else the last one), for the video's page. */
export async function latestReelOf(db: Database, userId: string, videoId: number): Promise<Publication | null> {
  const [row] = await db
    .select()
    .from(scheduledPublications)
    .where(and(eq(scheduledPublications.user_id, userId), eq(scheduledPublications.video_id, videoId)))
    .orderBy(desc(scheduledPublications.id))
    .limit(1)
  return row ?? null
}

/** Who a publication is of: the author of its post or video (ADR 236); null when not the account's. */
export async function publicationAuthor(db: Database, accountId: string, id: number) {
  const [row] = await db
    .select({ createdBy: sql<string | null>`coalesce(${posts.created_by}, ${videos.created_by})` })
    .from(scheduledPublications)
    .leftJoin(posts, eq(posts.id, scheduledPublications.post_id))
    .leftJoin(videos, eq(videos.id, scheduledPublications.video_id))
    .where(and(eq(scheduledPublications.id, id), eq(scheduledPublications.user_id, accountId)))
  return row ?? null
}

export async function getPublication(db: Database, userId: string, id: number): Promise<Publication | null> {
  const [row] = await db
    .select()
    .from(scheduledPublications)
    .where(and(eq(scheduledPublications.id, id), eq(scheduledPublications.user_id, userId)))
    .limit(1)
  return row ?? null
}

/** The worker's read: no owner to scope by (the job carries the id it was given). */
export async function loadPublicationForWorker(db: Database, id: number): Promise<Publication | null> {
  const [row] = await db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)).limit(1)
  return row ?? null
}

export type PublicationListItem = Publication & {
  accountName: string | null
  provider: SocialProvider | null
  /** The post's template name and property name: how the lists name a post (never a slug). */
  templateName: string | null
  homeName: string | null
  /** The property the piece is of (its authorisation may pause the publication). */
  homeId: number | null
}

export type PublicationFilter = {
  status?: PublicationStatus[]
  accountId?: number | null
  from?: Date
  to?: Date
  limit?: number
  order?: 'asc' | 'desc'
}

export async function listPublications(
  db: Database,
  userId: string,
  filter: PublicationFilter = {},
): Promise<PublicationListItem[]> {
  const where = and(
    eq(scheduledPublications.user_id, userId),
    filter.status ? inArray(scheduledPublications.status, filter.status) : undefined,
    filter.accountId ? eq(scheduledPublications.social_account_id, filter.accountId) : undefined,
    filter.from ? gte(scheduledPublications.publish_at, filter.from) : undefined,
    filter.to ? lt(scheduledPublications.publish_at, filter.to) : undefined,
  )
  const order = filter.order === 'desc' ? desc(scheduledPublications.publish_at) : asc(scheduledPublications.publish_at)
  const rows = await db
    .select({
      publication: scheduledPublications,
      accountName: socialAccounts.name,
      provider: socialAccounts.provider,
      templateName: postTemplates.name,
      homeName: homes.name,
      homeId: homes.id,
    })
    .from(scheduledPublications)
    .leftJoin(socialAccounts, eq(socialAccounts.id, scheduledPublications.social_account_id))
    .leftJoin(posts, eq(posts.id, scheduledPublications.post_id))
    .leftJoin(videos, eq(videos.id, scheduledPublications.video_id))
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .leftJoin(
      homes,
      and(
        eq(homes.id, sql`coalesce(${posts.home_id}, ${videos.home_id})`),
        eq(homes.user_id, scheduledPublications.user_id),
      ),
    )
    .where(where)
    .orderBy(order, asc(scheduledPublications.id))
    .limit(filter.limit ?? 200)
  return rows.map((row) => ({
    ...row.publication,
    accountName: row.accountName,
    provider: row.provider,
    templateName: row.templateName,
    homeName: row.homeName,
    homeId: row.homeId,
  }))
}

export type PublicationEdit = Partial<
  Pick<
    Publication,
    'caption' | 'slides' | 'alt_text' | 'alt_texts' | 'ratio' | 'fit' | 'collaborators' | 'first_comment'
  >
>

/** Edits a publication that has not gone out yet; false when it is not the user's or too late. */
export async function editPublication(
  db: Database,
  userId: string,
  id: number,
  edit: PublicationEdit,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPublications)
    .set(edit)
    .where(
      and(
        eq(scheduledPublications.id, id),
        eq(scheduledPublications.user_id, userId),
        inArray(scheduledPublications.status, ['scheduled', 'failed']),
      ),
    )
    .returning({ id: scheduledPublications.id })
  return rows.length > 0
}

/** Back to the queue after a failure ("tentar novamente"), at `publishAt`. */
export async function requeuePublication(
  db: Database,
  userId: string,
  id: number,
  publishAt: Date,
): Promise<Publication | null> {
  const [row] = await db
    .update(scheduledPublications)
    .set({ status: 'scheduled', error: null, attempts: 0, publish_at: publishAt, lease_until: null })
    .where(
      and(
        eq(scheduledPublications.id, id),
        eq(scheduledPublications.user_id, userId),
        eq(scheduledPublications.status, 'failed'),
      ),
    )
    .returning()
  return row ?? null
}

export async function deletePublication(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.id, id),
        eq(scheduledPublications.user_id, userId),
        inArray(scheduledPublications.status, ['scheduled', 'failed']),
      ),
    )
    .returning({ id: scheduledPublications.id })
  return rows.length > 0
}

// ------------------------------------------------------------------ the worker's side

/**
 * Takes the row for one attempt: only when it is due, not finished, and no other worker holds a
 * live lease. Returns null otherwise, which is how a second worker (or a job run twice) knows to
 * leave it alone.
 */
export async function claimPublication(db: Database, id: number, leaseSeconds: number): Promise<Publication | null> {
  const [row] = await db
    .update(scheduledPublications)
    .set({
      status: 'publishing',
      attempts: sql`${scheduledPublications.attempts} + 1`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      and(
        eq(scheduledPublications.id, id),
        inArray(scheduledPublications.status, ['scheduled', 'publishing']),
        lte(scheduledPublications.publish_at, sql`now() + interval '5 seconds'`),
        or(isNull(scheduledPublications.lease_until), lt(scheduledPublications.lease_until, sql`now()`)),
      ),
    )
    .returning()
  return row ?? null
}

export async function saveProgress(db: Database, id: number, progress: PublishProgress) {
  await db.update(scheduledPublications).set({ progress }).where(eq(scheduledPublications.id, id))
}

export async function markPublished(
  db: Database,
  id: number,
  result: { externalId: string; permalink: string | null },
) {
  const [row] = await db
    .update(scheduledPublications)
    .set({
      status: 'published',
      published: true,
      published_at: new Date(),
      external_id: result.externalId,
      permalink: result.permalink,
      error: null,
      lease_until: null,
    })
    .where(eq(scheduledPublications.id, id))
    .returning({ accountId: scheduledPublications.user_id, postId: scheduledPublications.post_id })
  // The post's history (ADR 218) says when it went out (a Reel's video has no history page).
  if (row?.postId)
    await db.insert(approvalEvents).values({
      account_id: row.accountId,
      post_id: row.postId,
      actor_id: null,
      actor_name: 'Vitrine',
      action: 'published',
    })
}

/** The first comment's id, or why it could not be posted (the publication stays published). */
export async function saveComment(db: Database, id: number, result: { id: string | null; error: string | null }) {
  await db
    .update(scheduledPublications)
    .set({ comment_id: result.id, comment_error: result.error })
    .where(eq(scheduledPublications.id, id))
}

export async function markFailed(db: Database, id: number, reason: string) {
  await db
    .update(scheduledPublications)
    .set({ status: 'failed', error: reason, lease_until: null })
    .where(eq(scheduledPublications.id, id))
}

/** An attempt that will be retried: the lease is let go, the reason kept for the page. */
export async function releaseForRetry(db: Database, id: number, reason: string) {
  await db
    .update(scheduledPublications)
    .set({ status: 'scheduled', error: reason, lease_until: null })
    .where(eq(scheduledPublications.id, id))
}

/** A due publication held back (its property's authorisation lapsed): back to scheduled, the attempt not counted. */
export async function pausePublication(db: Database, id: number, reason: string) {
  await db
    .update(scheduledPublications)
    .set({
      status: 'scheduled',
      error: reason,
      lease_until: null,
      attempts: sql`greatest(${scheduledPublications.attempts} - 1, 0)`,
    })
    .where(eq(scheduledPublications.id, id))
}

/** The property's publications still to go out (posts and Reels of it), their pause reason cleared. */
export async function resumePublicationsOfHome(
  db: Database,
  accountId: string,
  homeId: number,
  pausedReason: string,
): Promise<Pick<Publication, 'id' | 'publish_at'>[]> {
  const ofHome = or(
    inArray(
      scheduledPublications.post_id,
      db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.user_id, accountId), eq(posts.home_id, homeId))),
    ),
    inArray(
      scheduledPublications.video_id,
      db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.user_id, accountId), eq(videos.home_id, homeId))),
    ),
  )
  const where = and(eq(scheduledPublications.user_id, accountId), eq(scheduledPublications.status, 'scheduled'), ofHome)
  await db
    .update(scheduledPublications)
    .set({ error: null })
    .where(and(where, eq(scheduledPublications.error, pausedReason)))
  return db
    .select({ id: scheduledPublications.id, publish_at: scheduledPublications.publish_at })
    .from(scheduledPublications)
    .where(where)
}

/** Publications still to go out (start-up re-enqueues them; the queue drops duplicates). */
export async function pendingPublications(db: Database): Promise<Pick<Publication, 'id' | 'publish_at'>[]> {
  return db
    .select({ id: scheduledPublications.id, publish_at: scheduledPublications.publish_at })
    .from(scheduledPublications)
    .where(inArray(scheduledPublications.status, ['scheduled', 'publishing']))
}

/** The account's publications going out (or gone out) in [from, to): what counts against a day. */
export async function countPublicationsBetween(
  db: Database,
  userId: string,
  socialAccountId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.user_id, userId),
        eq(scheduledPublications.social_account_id, socialAccountId),
        inArray(scheduledPublications.status, ['scheduled', 'publishing', 'published']),
        gte(scheduledPublications.publish_at, from),
        lt(scheduledPublications.publish_at, to),
      ),
    )
  return row?.n ?? 0
}
