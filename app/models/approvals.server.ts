// A piece's approval (ADR 218): its status on the post row, every step in
// approval_events, and the client links. A status moves only from the states it may leave, in
// the statement that records the step, so two reviewers at once cannot both decide.
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { approvalEvents, approvalLinks, homes, posts, postTemplates, users, type ApprovalAction } from '../../db/schema'
import type { ApprovalStatus } from '~/domain/team'
import type { Database } from '~/utils/db.server'

export type Actor = { id: string | null; name: string; linkId?: number | null }

type Step = {
  accountId: string
  postId: number
  action: ApprovalAction
  actor: Actor
  comment?: string | null
}

/** One line of a piece's history. */
const insertStep = (db: Database, step: Step) =>
  db.insert(approvalEvents).values({
    account_id: step.accountId,
    post_id: step.postId,
    actor_id: step.actor.id,
    actor_name: step.actor.name,
    link_id: step.actor.linkId ?? null,
    action: step.action,
    comment: step.comment ?? null,
  })

const ownedPost = (accountId: string, postId: number) =>
  and(eq(posts.id, postId), eq(posts.user_id, accountId), isNull(posts.deleted_at))

/** Moves a post from one of `from` to `to` and records the step; null when it was not in `from`. */
export async function moveApproval(
  db: Database,
  step: {
    accountId: string
    postId: number
    from: ApprovalStatus[]
    to: ApprovalStatus
    action: ApprovalAction
    actor: Actor
    comment?: string | null
    /** The revision the person saw: a decision about an older one decides nothing. */
    revision?: number
  },
) {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      // An approval binds the revision it is given to (ADR 237).
      .set({
        approval_status: step.to,
        ...(step.to === 'approved' ? { approved_revision: sql`${posts.revision}` } : {}),
      })
      .where(
        and(
          ownedPost(step.accountId, step.postId),
          inArray(posts.approval_status, step.from),
          eq(posts.generating, false),
          step.revision === undefined ? undefined : eq(posts.revision, step.revision),
        ),
      )
      .returning()
    if (!post) return null
    await insertStep(tx, step)
    return post
  })
}

/** A step that moves no status (scheduled, published, a link made or revoked). */
export async function recordStep(db: Database, step: Step) {
  await insertStep(db, step)
}

/** A post's history, oldest first. */
export async function historyOf(db: Database, accountId: string, postId: number) {
  return db
    .select({
      id: approvalEvents.id,
      action: approvalEvents.action,
      actor: approvalEvents.actor_name,
      comment: approvalEvents.comment,
      at: approvalEvents.created_at,
    })
    .from(approvalEvents)
    .where(and(eq(approvalEvents.account_id, accountId), eq(approvalEvents.post_id, postId)))
    .orderBy(approvalEvents.created_at, approvalEvents.id)
}

/** The account's latest steps, newest first, with the piece's name (owner and gestores). */
export async function activityOf(db: Database, accountId: string, limit = 50) {
  return db
    .select({
      id: approvalEvents.id,
      postId: approvalEvents.post_id,
      action: approvalEvents.action,
      actor: approvalEvents.actor_name,
      comment: approvalEvents.comment,
      at: approvalEvents.created_at,
      templateName: postTemplates.name,
      homeName: homes.name,
    })
    .from(approvalEvents)
    .innerJoin(posts, eq(posts.id, approvalEvents.post_id))
    .leftJoin(homes, eq(homes.id, posts.home_id))
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .where(eq(approvalEvents.account_id, accountId))
    .orderBy(desc(approvalEvents.created_at), desc(approvalEvents.id))
    .limit(limit)
}

const author = alias(users, 'author')

/** The account's pieces in these states (a corretor: only their own), newest change first. */
export async function piecesInStatus(
  db: Database,
  accountId: string,
  statuses: ApprovalStatus[],
  onlyBy: string | null,
) {
  return db
    .select({
      id: posts.id,
      status: posts.approval_status,
      description: posts.description,
      format: posts.format,
      templateName: postTemplates.name,
      updatedAt: posts.updated_at,
      homeName: homes.name,
      authorName: author.full_name,
      authorEmail: author.email,
    })
    .from(posts)
    .leftJoin(homes, eq(homes.id, posts.home_id))
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .leftJoin(author, eq(author.id, posts.created_by))
    .where(
      and(
        eq(posts.user_id, accountId),
        isNull(posts.deleted_at),
        eq(posts.generating, false),
        inArray(posts.approval_status, statuses),
        onlyBy ? eq(posts.created_by, onlyBy) : undefined,
      ),
    )
    .orderBy(desc(posts.updated_at))
    .limit(100)
}

export async function authorOf(db: Database, postId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.full_name })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.created_by))
    .where(eq(posts.id, postId))
  return row ?? null
}

export async function createClientLink(
  db: Database,
  link: { accountId: string; postId: number; revision: number; tokenHash: string; expiresAt: Date; actor: Actor },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(approvalLinks)
      .values({
        account_id: link.accountId,
        post_id: link.postId,
        revision: link.revision,
        token_hash: link.tokenHash,
        expires_at: link.expiresAt,
        created_by: link.actor.id,
      })
      .returning()
    await insertStep(tx, {
      accountId: link.accountId,
      postId: link.postId,
      actor: { ...link.actor, linkId: row!.id },
      action: 'client_link_created',
    })
    return row!
  })
}

/** The links of a post that a client can still open. */
export async function openLinksOf(db: Database, accountId: string, postId: number, now = new Date()) {
  return db
    .select({ id: approvalLinks.id, expiresAt: approvalLinks.expires_at, revision: approvalLinks.revision })
    .from(approvalLinks)
    .where(
      and(
        eq(approvalLinks.account_id, accountId),
        eq(approvalLinks.post_id, postId),
        isNull(approvalLinks.revoked_at),
        isNull(approvalLinks.decided_at),
        gt(approvalLinks.expires_at, now),
      ),
    )
    .orderBy(desc(approvalLinks.created_at))
}

export async function revokeClientLink(db: Database, accountId: string, postId: number, linkId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(approvalLinks)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(approvalLinks.id, linkId),
          eq(approvalLinks.account_id, accountId),
          eq(approvalLinks.post_id, postId),
          isNull(approvalLinks.revoked_at),
        ),
      )
      .returning({ id: approvalLinks.id })
    if (revoked.length === 0) return false
    await insertStep(tx, { accountId, postId, actor: { ...actor, linkId }, action: 'client_link_revoked' })
    return true
  })
}

/** What a client link opens: the link and its post (never anything else of the account). */
export async function clientLinkOf(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ link: approvalLinks, post: posts })
    .from(approvalLinks)
    .innerJoin(posts, eq(posts.id, approvalLinks.post_id))
    .where(and(eq(approvalLinks.token_hash, tokenHash), isNull(posts.deleted_at)))
  return row ?? null
}

export type ClientDecision = 'approved' | 'changes'
export type ClientOutcome = 'decided' | 'gone' | 'changed' | 'decided-before'

/**
 * A client's answer through a link: counted once, for the revision the link was made for, and
 * only while the piece waits for it (a link made before a change, or used once, decides nothing).
 */
export async function decideByLink(
  db: Database,
  tokenHash: string,
  decision: ClientDecision,
  comment: string | null,
  now = new Date(),
): Promise<{ outcome: ClientOutcome; postId?: number; accountId?: string }> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(approvalLinks).where(eq(approvalLinks.token_hash, tokenHash)).for('update')
    if (!link || link.revoked_at || link.expires_at <= now) return { outcome: 'gone' }
    if (link.decided_at) return { outcome: 'decided-before' }
    // The client's answer is the client's: it is recorded, it never moves the agency's own
    // approval (a corretor could otherwise approve their own post through a link, ADR 237).
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(ownedPost(link.account_id, link.post_id), eq(posts.revision, link.revision)))
      .for('update')
    if (!post) return { outcome: 'changed' }
    await tx.update(approvalLinks).set({ decided_at: now }).where(eq(approvalLinks.id, link.id))
    await insertStep(tx, {
      accountId: link.account_id,
      postId: link.post_id,
      actor: { id: null, name: 'Cliente', linkId: link.id },
      action: decision === 'approved' ? 'client_approved' : 'client_changes_requested',
      comment,
    })
    return { outcome: 'decided', postId: link.post_id, accountId: link.account_id }
  })
}

/** The account's approval setting and its owner's name (what the team page and the links show). */
export async function approvalSettingOf(db: Database, accountId: string) {
  const [row] = await db.select({ requireApproval: users.require_approval }).from(users).where(eq(users.id, accountId))
  return row?.requireApproval ?? null
}

export async function setApprovalSetting(db: Database, accountId: string, value: boolean) {
  await db.update(users).set({ require_approval: value }).where(eq(users.id, accountId))
}

/** How many pieces wait for a reviewer (the navigation's badge). */
export async function waitingCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.user_id, accountId), isNull(posts.deleted_at), eq(posts.approval_status, 'pending')))
  return row?.n ?? 0
}

/** The post's approval, its row locked until the transaction ends (scheduling asks). */
export async function approvalStateForUpdate(tx: Database, accountId: string, postId: number) {
  const [row] = await tx
    .select({ status: posts.approval_status, revision: posts.revision, approvedRevision: posts.approved_revision })
    .from(posts)
    .where(ownedPost(accountId, postId))
    .for('update')
  return row ?? null
}
