// Posts a sync drafted from a listing's event (new, price drop, sold/rented): an ordinary post
// whose meta.draft marks it as waiting for the agent's approval (ADR 123).
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { homes, postTemplates, posts, templateCategories } from '../../db/schema'
import type { AutomationEvent } from '~/domain/feeds'
import type { Database } from '~/utils/db.server'

export type DraftMark = { event: AutomationEvent; integration_id: number; listing_id: string }

export async function getTemplateBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ template: postTemplates, category_slug: templateCategories.slug })
    .from(postTemplates)
    .leftJoin(templateCategories, eq(templateCategories.id, postTemplates.category_id))
    .where(eq(postTemplates.slug, slug))
  return row ? { ...row.template, category_slug: row.category_slug } : null
}

export async function markDraft(db: Database, userId: string, postId: number, mark: DraftMark) {
  await db
    .update(posts)
    .set({ meta: sql`jsonb_set(${posts.meta}, '{draft}', ${JSON.stringify(mark)}::jsonb)` })
    .where(and(eq(posts.id, postId), eq(posts.user_id, userId)))
}

export type DraftPost = {
  id: number
  publicId: string
  event: AutomationEvent
  listingId: string
  homeName: string | null
  description: string | null
  error: string | null
  template: string | null
}

/** The drafts of one connection still waiting for approval, newest first. */
export async function listDrafts(db: Database, userId: string, integrationId: number): Promise<DraftPost[]> {
  const rows = await db
    .select({
      id: posts.id,
      publicId: posts.public_id,
      meta: posts.meta,
      description: posts.description,
      error: posts.error,
      template: posts.template,
      homeName: homes.name,
    })
    .from(posts)
    .leftJoin(homes, eq(homes.id, posts.home_id))
    .where(
      and(
        eq(posts.user_id, userId),
        isNull(posts.deleted_at),
        sql`(${posts.meta}->'draft'->>'integration_id')::int = ${integrationId}`,
      ),
    )
    .orderBy(desc(posts.created_at), desc(posts.id))
    .limit(50)
  return rows.map((row) => {
    const mark = row.meta.draft as DraftMark
    return {
      id: row.id,
      publicId: row.publicId,
      event: mark.event,
      listingId: mark.listing_id,
      homeName: row.homeName,
      description: row.description,
      error: row.error,
      template: row.template,
    }
  })
}

/** Approves a draft: it becomes an ordinary post of the history. False when not this user's draft. */
export async function approveDraft(db: Database, userId: string, postId: number): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ meta: sql`${posts.meta} - 'draft'` })
    .where(and(eq(posts.id, postId), eq(posts.user_id, userId), isNull(posts.deleted_at), sql`${posts.meta} ? 'draft'`))
    .returning({ id: posts.id })
  return rows.length > 0
}

/** Discards a draft (soft delete, like any post). */
export async function discardDraft(db: Database, userId: string, postId: number): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ deleted_at: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.user_id, userId), isNull(posts.deleted_at), sql`${posts.meta} ? 'draft'`))
    .returning({ id: posts.id })
  return rows.length > 0
}
