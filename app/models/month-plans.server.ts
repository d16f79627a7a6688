// "Mês pronto" (ADR 283): a month plan and its pieces, scoped by the account like every piece.
// The drafting job claims one waiting piece at a time (skip locked), so two workers never draft
// one piece and a restart finds the pieces it left (`recoverMonthPieces`).
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import {
  homes,
  monthPieces,
  monthPlans,
  posts,
  scheduledPublications,
  videos,
  type MonthPiece,
  type MonthPieceEdits,
  type MonthPieceStatus,
  type MonthPlan,
  type MonthPlanStatus,
} from '../../db/schema'
import type { Rhythm, RhythmId } from '~/domain/month-plan'
import type { PlannedSlot, PlannerHome } from '~/domain/month-planner'
import type { Database } from '~/utils/db.server'

export type { MonthPiece, MonthPlan }

export async function createMonthPlan(
  db: Database,
  accountId: string,
  input: {
    createdBy: string | null
    start: string
    days: number
    rhythmId: RhythmId
    rhythm: Rhythm
    homeIds: number[]
    slots: PlannedSlot[]
    autopilot?: boolean
  },
): Promise<MonthPlan> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(monthPlans)
      .values({
        user_id: accountId,
        created_by: input.createdBy,
        start_date: input.start,
        days: input.days,
        rhythm_id: input.rhythmId,
        rhythm: input.rhythm,
        home_ids: input.homeIds,
        autopilot: input.autopilot ?? false,
      })
      .returning()
    if (input.slots.length) await tx.insert(monthPieces).values(input.slots.map((slot) => pieceRow(plan!, slot)))
    return plan!
  })
}

const pieceRow = (plan: Pick<MonthPlan, 'id' | 'user_id'>, slot: PlannedSlot) => ({
  plan_id: plan.id,
  user_id: plan.user_id,
  kind: slot.kind,
  message: slot.message,
  home_id: slot.homeId,
  template_slug: slot.template,
  composition: slot.composition,
  occasion: slot.occasion,
  publish_at: slot.publishAt,
})

/** Adds planned slots to an existing plan ("Refazer o mês", the feed's new listing). */
export async function addPieces(db: Database, plan: Pick<MonthPlan, 'id' | 'user_id'>, slots: PlannedSlot[]) {
  if (slots.length === 0) return
  await db.insert(monthPieces).values(slots.map((slot) => pieceRow(plan, slot)))
}

export async function getMonthPlan(db: Database, accountId: string, id: number): Promise<MonthPlan | null> {
  const [row] = await db
    .select()
    .from(monthPlans)
    .where(and(eq(monthPlans.id, id), eq(monthPlans.user_id, accountId)))
  return row ?? null
}

export async function latestMonthPlan(db: Database, accountId: string): Promise<MonthPlan | null> {
  const [row] = await db
    .select()
    .from(monthPlans)
    .where(eq(monthPlans.user_id, accountId))
    .orderBy(desc(monthPlans.created_at), desc(monthPlans.id))
    .limit(1)
  return row ?? null
}

/** The worker's read (the job carries the plan's id). */
export async function loadMonthPlanForWorker(db: Database, id: number): Promise<MonthPlan | null> {
  const [row] = await db.select().from(monthPlans).where(eq(monthPlans.id, id))
  return row ?? null
}

export async function setPlanStatus(db: Database, accountId: string, id: number, status: MonthPlanStatus) {
  await db
    .update(monthPlans)
    .set({ status })
    .where(and(eq(monthPlans.id, id), eq(monthPlans.user_id, accountId)))
}

/** The plan back to drafting (its new waiting pieces), told again when ready. */
export async function restartDrafting(db: Database, accountId: string, id: number) {
  await db
    .update(monthPlans)
    .set({ status: 'drafting', notified_at: null })
    .where(and(eq(monthPlans.id, id), eq(monthPlans.user_id, accountId)))
}

/** Marks the plan drafted once: true for the call that did it (that one sends the e-mail). */
export async function markPlanDrafted(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(monthPlans)
    .set({ status: 'ready', notified_at: new Date() })
    .where(and(eq(monthPlans.id, id), eq(monthPlans.status, 'drafting')))
    .returning({ id: monthPlans.id })
  return rows.length > 0
}

/** The next waiting piece of the plan, claimed (status drafting); null when none waits. */
export async function claimNextPiece(db: Database, planId: number): Promise<MonthPiece | null> {
  const next = db
    .select({ id: monthPieces.id })
    .from(monthPieces)
    .where(and(eq(monthPieces.plan_id, planId), eq(monthPieces.status, 'waiting')))
    .orderBy(asc(monthPieces.publish_at), asc(monthPieces.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [piece] = await db
    .update(monthPieces)
    .set({ status: 'drafting', attempts: sql`${monthPieces.attempts} + 1` })
    // A scalar subquery runs once (an InitPlan): `id in (…)` may run it per row and, skipping the
    // rows it has just locked, claim every waiting piece at once.
    .where(and(eq(monthPieces.id, sql`(${next})`), eq(monthPieces.status, 'waiting')))
    .returning()
  return piece ?? null
}

export async function finishPiece(
  db: Database,
  id: number,
  made: { postId?: number | null; videoId?: number | null; error?: string | null },
) {
  const status: MonthPieceStatus = made.error ? 'failed' : 'ready'
  await db
    .update(monthPieces)
    .set({
      status,
      error: made.error ?? null,
      ...(made.postId !== undefined ? { post_id: made.postId } : {}),
      ...(made.videoId !== undefined ? { video_id: made.videoId } : {}),
    })
    .where(eq(monthPieces.id, id))
}

/** A piece drafted again ("Tentar de novo", "Trocar" of a failed one). */
export async function requeuePiece(db: Database, accountId: string, id: number) {
  const rows = await db
    .update(monthPieces)
    .set({ status: 'waiting', error: null, attempts: 0 })
    .where(and(eq(monthPieces.id, id), eq(monthPieces.user_id, accountId)))
    .returning()
  return rows[0] ?? null
}

/** Pieces a stopped process left drafting go back to waiting; the plans still drafting. */
export async function recoverMonthPieces(db: Database): Promise<number[]> {
  await db
    .update(monthPieces)
    .set({ status: 'waiting' })
    .where(and(eq(monthPieces.status, 'drafting'), lt(monthPieces.attempts, 3)))
  await db
    .update(monthPieces)
    .set({ status: 'failed', error: 'A preparação desta peça foi interrompida várias vezes. Tente de novo.' })
    .where(eq(monthPieces.status, 'drafting'))
  const plans = await db.select({ id: monthPlans.id }).from(monthPlans).where(eq(monthPlans.status, 'drafting'))
  return plans.map((p) => p.id)
}

/** How far the drafting is: pieces by status. */
export async function planProgress(db: Database, planId: number) {
  const rows = await db
    .select({ status: monthPieces.status, n: count() })
    .from(monthPieces)
    .where(eq(monthPieces.plan_id, planId))
    .groupBy(monthPieces.status)
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<MonthPieceStatus, number>>
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0)
  return { total, done: (by.ready ?? 0) + (by.failed ?? 0), failed: by.failed ?? 0 }
}

export type PieceView = MonthPiece & {
  homeName: string | null
  post: {
    id: number
    publicId: string
    description: string | null
    generating: boolean
    error: string | null
    approvalStatus: 'draft' | 'pending' | 'changes' | 'approved'
    revision: number
    approvedRevision: number | null
    createdBy: string | null
    updatedAt: Date
  } | null
  video: {
    id: number
    status: string
    caption: string
    revision: number
    approvedRevision: number | null
    createdBy: string | null
  } | null
  publication: { id: number; status: string; publishAt: Date } | null
}

/** The plan's pieces in time order, with their post or video and their publication. */
export async function listPieces(
  db: Database,
  accountId: string,
  planId: number,
  homeId?: number,
): Promise<PieceView[]> {
  const rows = await db
    .select({
      piece: monthPieces,
      homeName: homes.name,
      post: posts,
      video: videos,
      publication: scheduledPublications,
    })
    .from(monthPieces)
    .leftJoin(homes, and(eq(homes.id, monthPieces.home_id), eq(homes.user_id, accountId)))
    .leftJoin(posts, and(eq(posts.id, monthPieces.post_id), isNull(posts.deleted_at), eq(posts.user_id, accountId)))
    .leftJoin(videos, and(eq(videos.id, monthPieces.video_id), eq(videos.user_id, accountId)))
    .leftJoin(scheduledPublications, eq(scheduledPublications.id, monthPieces.publication_id))
    .where(
      and(
        eq(monthPieces.plan_id, planId),
        eq(monthPieces.user_id, accountId),
        homeId === undefined ? undefined : eq(monthPieces.home_id, homeId),
      ),
    )
    .orderBy(asc(monthPieces.publish_at), asc(monthPieces.id))
  return rows.map((r) => ({
    ...r.piece,
    homeName: r.homeName,
    post: r.post
      ? {
          id: r.post.id,
          publicId: r.post.public_id,
          description: r.post.description,
          generating: r.post.generating,
          error: r.post.error,
          approvalStatus: r.post.approval_status,
          revision: r.post.revision,
          approvedRevision: r.post.approved_revision,
          createdBy: r.post.created_by,
          updatedAt: r.post.updated_at,
        }
      : null,
    video: r.video
      ? {
          id: r.video.id,
          status: r.video.status,
          caption: r.video.caption,
          revision: r.video.revision,
          approvedRevision: r.video.approved_revision,
          createdBy: r.video.created_by,
        }
      : null,
    publication: r.publication
      ? { id: r.publication.id, status: r.publication.status, publishAt: r.publication.publish_at }
      : null,
  }))
}

export async function getPiece(
  db: Database,
  accountId: string,
  planId: number,
  id: number,
): Promise<MonthPiece | null> {
  const [row] = await db
    .select()
    .from(monthPieces)
    .where(and(eq(monthPieces.id, id), eq(monthPieces.plan_id, planId), eq(monthPieces.user_id, accountId)))
  return row ?? null
}

/** Records what the agent changed by hand (merged with what was before). */
export async function updatePiece(
  db: Database,
  accountId: string,
  id: number,
  change: { edits?: MonthPieceEdits; publishAt?: Date; composition?: string; publicationId?: number | null },
) {
  await db
    .update(monthPieces)
    .set({
      ...(change.edits ? { edits: sql`${monthPieces.edits} || ${JSON.stringify(change.edits)}::jsonb` } : {}),
      ...(change.publishAt ? { publish_at: change.publishAt } : {}),
      ...(change.composition ? { composition: change.composition } : {}),
      ...(change.publicationId !== undefined ? { publication_id: change.publicationId } : {}),
    })
    .where(and(eq(monthPieces.id, id), eq(monthPieces.user_id, accountId)))
}

export async function deletePieces(db: Database, accountId: string, ids: number[]) {
  if (ids.length === 0) return
  await db.delete(monthPieces).where(and(inArray(monthPieces.id, ids), eq(monthPieces.user_id, accountId)))
}

/**
 * The active properties as the planner weighs them: when each arrived, whether its price went
 * down lately (a "Baixou o preço!" post or draft with the old price), how many posts it has had.
 */
export async function plannerHomes(
  db: Database,
  accountId: string,
  now = new Date(),
): Promise<
  (PlannerHome & {
    name: string
    price: number | null
    rentalPrice: number | null
    oldPrice: number | null
    photos: number
  })[]
> {
  const since = new Date(now.getTime() - 60 * 86_400_000)
  const rows = await db
    .select({
      id: homes.id,
      name: homes.name,
      status: homes.status,
      createdAt: homes.created_at,
      floorPlans: sql<number>`jsonb_array_length(${homes.floor_plans})`,
      photos: sql<number>`jsonb_array_length(${homes.gallery})`,
      price: homes.price,
      rentalPrice: homes.rental_price,
      postsSoFar: sql<number>`(select count(*)::int from ${posts} p where p.home_id = ${homes.id} and p.deleted_at is null)`,
      oldPrice: sql<number | null>`(select max((p.meta->'fields'->>'old_price')::numeric)::bigint from ${posts} p
        where p.home_id = ${homes.id} and p.deleted_at is null and p.created_at >= ${since.toISOString()}
        and (p.meta->'fields'->>'old_price') ~ '^[0-9]+$')`,
    })
    .from(homes)
    .where(and(eq(homes.user_id, accountId), isNull(homes.archived_at)))
    .orderBy(desc(homes.created_at))
  return rows.map((r) => {
    const current = r.price ?? r.rentalPrice
    const oldPrice = r.oldPrice === null ? null : Number(r.oldPrice)
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      createdAt: r.createdAt,
      hasFloorPlan: Number(r.floorPlans) > 0,
      photos: Number(r.photos),
      price: r.price,
      rentalPrice: r.rentalPrice,
      postsSoFar: Number(r.postsSoFar),
      oldPrice,
      priceDrop: oldPrice !== null && current !== null && current < oldPrice,
    }
  })
}

/** Times already taken by publications outside the plan (nothing within 2 h of them). */
export async function busyTimes(db: Database, accountId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: scheduledPublications.publish_at })
    .from(scheduledPublications)
    .where(
      and(
        eq(scheduledPublications.user_id, accountId),
        inArray(scheduledPublications.status, ['scheduled', 'publishing']),
        gte(scheduledPublications.publish_at, from),
        lt(scheduledPublications.publish_at, to),
        sql`not exists (select 1 from ${monthPieces} mp where mp.publication_id = ${scheduledPublications.id})`,
      ),
    )
  return rows.map((r) => r.at)
}

/** The plans whose period starts on or after this day (the autopilot drafts next month once). */
export async function planStartingFrom(db: Database, accountId: string, start: string): Promise<MonthPlan | null> {
  const [row] = await db
    .select()
    .from(monthPlans)
    .where(and(eq(monthPlans.user_id, accountId), gte(monthPlans.start_date, start)))
    .limit(1)
  return row ?? null
}

/** The account's months, newest first. */
export async function listMonthPlans(db: Database, accountId: string, limit = 12): Promise<MonthPlan[]> {
  return db
    .select()
    .from(monthPlans)
    .where(eq(monthPlans.user_id, accountId))
    .orderBy(desc(monthPlans.created_at), desc(monthPlans.id))
    .limit(limit)
}

/** Each account's latest plan made since `since` (the autopilot repeats it for next month). */
export async function plansForAutopilot(db: Database, since: Date): Promise<MonthPlan[]> {
  return db
    .selectDistinctOn([monthPlans.user_id])
    .from(monthPlans)
    .where(gte(monthPlans.created_at, since))
    .orderBy(monthPlans.user_id, desc(monthPlans.created_at), desc(monthPlans.id))
}
