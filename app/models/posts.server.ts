// Posts: every read and write is scoped by the owner's id here, so a route cannot forget.
// A post is created with generating=true and always leaves that state: finishPost sets
// generated_at, failPost keeps a pt-BR reason for the retry button, and recoverStuckPosts (run
// at start-up) fails any post a crash left generating.
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { homes, postTemplates, posts, type Post, type PostMeta, type Slide } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export type { Post }

export const POSTS_PER_PAGE = 20

/** The message kept on a post a crash or a restart left generating. */
export const STUCK_POST_MESSAGE = 'A geração foi interrompida. Tente gerar de novo.'

export type NewPostInput = {
  templateId: number | null
  template: string | null
  category: string | null
  homeId: number | null
  format: string
  fields: Record<string, unknown>
  /** The member who asked for it (ADR 218); the account's owner when absent. */
  createdBy?: string
}

const notDeleted = isNull(posts.deleted_at)
const owned = (userId: string, postId: number) => and(eq(posts.id, postId), eq(posts.user_id, userId), notDeleted)

export async function createGeneratingPost(db: Database, userId: string, input: NewPostInput): Promise<Post> {
  const [post] = await db
    .insert(posts)
    .values({
      user_id: userId,
      created_by: input.createdBy ?? userId,
      template_id: input.templateId,
      template: input.template,
      category: input.category,
      home_id: input.homeId,
      format: input.format,
      type: input.format === 'carousel' ? 'carousel' : 'image',
      generating: true,
      meta: { fields: input.fields, slides: [] },
    })
    .returning()
  return post!
}

/** Marks a post generating again (retry), clearing its last failure. */
export async function restartGeneration(db: Database, userId: string, postId: number): Promise<Post | null> {
  const [post] = await db.update(posts).set({ generating: true, error: null }).where(owned(userId, postId)).returning()
  return post ?? null
}

export async function finishPost(
  db: Database,
  userId: string,
  postId: number,
  result: { description: string; slides: Slide[]; writer?: string; headlines?: string[] },
): Promise<Post | null> {
  const [post] = await db
    .update(posts)
    .set({
      description: result.description,
      meta: sql`jsonb_set(jsonb_set(jsonb_set(${posts.meta}, '{slides}', ${JSON.stringify(result.slides)}::jsonb), '{writer}', ${JSON.stringify(result.writer ?? 'offline')}::jsonb), '{headlines}', ${JSON.stringify(result.headlines ?? [])}::jsonb)`,
      generating: false,
      error: null,
      generated_at: new Date(),
    })
    .where(owned(userId, postId))
    .returning()
  return post ?? null
}

export async function failPost(db: Database, userId: string, postId: number, message: string): Promise<Post | null> {
  const [post] = await db
    .update(posts)
    .set({ generating: false, error: message })
    .where(and(eq(posts.id, postId), eq(posts.user_id, userId)))
    .returning()
  return post ?? null
}

/** Fails every post left generating for longer than `olderThanMs` (a crash, a restart). */
export async function recoverStuckPosts(db: Database, olderThanMs = 5 * 60_000): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ generating: false, error: STUCK_POST_MESSAGE })
    .where(and(eq(posts.generating, true), lt(posts.updated_at, new Date(Date.now() - olderThanMs))))
    .returning({ id: posts.id })
  return rows.length
}

export async function getPost(db: Database, userId: string, postId: number): Promise<Post | null> {
  if (!Number.isSafeInteger(postId) || postId <= 0) return null
  const [post] = await db.select().from(posts).where(owned(userId, postId)).limit(1)
  return post ?? null
}

export type PostListItem = Pick<
  Post,
  | 'id'
  | 'public_id'
  | 'description'
  | 'generating'
  | 'error'
  | 'generated_at'
  | 'created_at'
  | 'format'
  | 'template_id'
  | 'home_id'
  | 'meta'
> & { template_name: string | null; home_name: string | null }

export type PostPage = { items: PostListItem[]; total: number; page: number; pages: number }

/** The agent's posts, newest first, optionally of one template and/or one property. */
export async function listPosts(
  db: Database,
  userId: string,
  filters: { templateId?: number | null; homeId?: number | null; page?: number } = {},
): Promise<PostPage> {
  const where = and(
    eq(posts.user_id, userId),
    notDeleted,
    filters.templateId ? eq(posts.template_id, filters.templateId) : undefined,
    filters.homeId ? eq(posts.home_id, filters.homeId) : undefined,
  )
  const [{ total }] = (await db.select({ total: count() }).from(posts).where(where)) as [{ total: number }]
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_PAGE))
  const page = Math.min(Math.max(1, filters.page ?? 1), pages)
  const items = await db
    .select({
      id: posts.id,
      public_id: posts.public_id,
      description: posts.description,
      generating: posts.generating,
      error: posts.error,
      generated_at: posts.generated_at,
      created_at: posts.created_at,
      format: posts.format,
      template_id: posts.template_id,
      home_id: posts.home_id,
      meta: posts.meta,
      template_name: postTemplates.name,
      // A property of someone else never shows, even if ids were tampered with.
      home_name: homes.name,
    })
    .from(posts)
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .leftJoin(homes, and(eq(homes.id, posts.home_id), eq(homes.user_id, userId)))
    .where(where)
    .orderBy(desc(posts.created_at), desc(posts.id))
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE)
  return { items, total, page, pages }
}

/** What a post is called on screen: its template's name and its property's (the owner's own). */
export async function getPostNames(db: Database, userId: string, postId: number) {
  const [row] = await db
    .select({ template_name: postTemplates.name, home_name: homes.name })
    .from(posts)
    .leftJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .leftJoin(homes, and(eq(homes.id, posts.home_id), eq(homes.user_id, userId)))
    .where(owned(userId, postId))
    .limit(1)
  return row ?? null
}

/** The templates and properties the agent's posts use, for the history filters. */
export async function listPostFilters(db: Database, userId: string) {
  const templates = await db
    .selectDistinct({ id: postTemplates.id, name: postTemplates.name })
    .from(posts)
    .innerJoin(postTemplates, eq(postTemplates.id, posts.template_id))
    .where(and(eq(posts.user_id, userId), notDeleted))
    .orderBy(postTemplates.name)
  const properties = await db
    .selectDistinct({ id: homes.id, name: homes.name })
    .from(posts)
    .innerJoin(homes, and(eq(homes.id, posts.home_id), eq(homes.user_id, userId)))
    .where(and(eq(posts.user_id, userId), notDeleted))
    .orderBy(homes.name)
  return { templates, homes: properties }
}

/** Soft delete: the row stays with deleted_at set and disappears from every query. */
export async function deletePost(db: Database, userId: string, postId: number): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ deleted_at: new Date() })
    .where(owned(userId, postId))
    .returning({ id: posts.id })
  return rows.length > 0
}

/** A copy of a finished post, new slide ids included, to edit without losing the original. */
export async function duplicatePost(
  db: Database,
  userId: string,
  postId: number,
  createdBy: string = userId,
): Promise<Post | null> {
  const original = await getPost(db, userId, postId)
  if (!original || original.generating) return null
  const meta: PostMeta = {
    ...original.meta,
    slides: (original.meta.slides ?? []).map((slide, index) => ({
      ...slide,
      id: `${slide.id}-c${Date.now().toString(36)}${index}`,
    })),
  }
  const [copy] = await db
    .insert(posts)
    .values({
      user_id: userId,
      created_by: createdBy,
      home_id: original.home_id,
      template_id: original.template_id,
      template: original.template,
      category: original.category,
      description: original.description,
      media: null,
      format: original.format,
      type: original.type,
      meta,
      generating: false,
      error: original.error,
      generated_at: original.generated_at,
    })
    .returning()
  return copy ?? null
}

export type SlideEdit = Pick<Slide, 'id' | 'title' | 'description' | 'button' | 'image' | 'hide' | 'showAvatar'>

/**
 * Saves the agent's edits: the caption and, per slide, the words, image, visibility and avatar,
 * in the order given. Slides are matched by id; unknown ids are ignored and a slide left out
 * keeps its place at the end, so a stale form never loses a slide. The rendered image is
 * cleared (media, screenshotted_at) because it no longer matches.
 */
export async function savePostEdits(
  db: Database,
  userId: string,
  postId: number,
  edits: { description: string; slides: SlideEdit[] },
): Promise<Post | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(posts).where(owned(userId, postId)).for('update').limit(1)
    if (!current || current.generating) return null
    const existing = current.meta.slides ?? []
    const byId = new Map(existing.map((slide) => [slide.id, slide]))
    const seen = new Set<string>()
    const slides: Slide[] = []
    for (const edit of edits.slides) {
      const slide = byId.get(edit.id)
      if (!slide || seen.has(edit.id)) continue
      seen.add(edit.id)
      slides.push({
        ...slide,
        title: edit.title ?? null,
        description: edit.description ?? null,
        button: edit.button ?? null,
        image: edit.image ?? null,
        hide: edit.hide,
        showAvatar: edit.showAvatar,
      })
    }
    for (const slide of existing) if (!seen.has(slide.id)) slides.push(slide)
    const [post] = await tx
      .update(posts)
      .set({
        description: edits.description,
        meta: { ...current.meta, slides },
        media: null,
        screenshotted_at: null,
        // The change makes a new revision and sends an approved post back to approval: the
        // posts_new_revision trigger does it for every statement that changes the words or slides.
      })
      .where(owned(userId, postId))
      .returning()
    return post ?? null
  })
}

/**
 * The caption a publication sends becomes the post's own, so the approval covers it: a new
 * revision (the trigger sends an approved post back to approval). Null when not the account's.
 */
export async function setPostCaption(db: Database, userId: string, postId: number, caption: string) {
  const [post] = await db
    .update(posts)
    .set({ description: caption })
    .where(and(owned(userId, postId), eq(posts.generating, false)))
    .returning()
  return post ?? null
}

/** A change of what a post publishes that its row does not hold (a publication's images): a new revision. */
export async function reviseWithoutContent(db: Database, userId: string, postId: number) {
  const [post] = await db
    .update(posts)
    .set({
      revision: sql`${posts.revision} + 1`,
      approval_status: sql`case when ${posts.approval_status} = 'approved' then 'pending' else ${posts.approval_status} end`,
    })
    .where(owned(userId, postId))
    .returning()
  return post ?? null
}

/** Posts the agent created since `since` (deleted ones count: they were generated). */
/**
 * Notes that the account downloaded this post (the free plan's last first step). Only `meta`
 * changes: the post's version, and so its cached images, stay as they were.
 */
export async function markPostDownloaded(db: Database, userId: string, postId: number): Promise<void> {
  await db
    .update(posts)
    .set({ meta: sql`${posts.meta} || '{"downloaded": true}'::jsonb`, updated_at: sql`${posts.updated_at}` })
    .where(and(owned(userId, postId), sql`not (${posts.meta} ? 'downloaded')`))
}

export async function countPostsSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.user_id, userId), sql`${posts.created_at} >= ${since.toISOString()}`))
  return Number(row?.total ?? 0)
}

/** The property's latest post made from `template` (its "Sequência de Stories"), or null. */
export async function latestPostOfHome(
  db: Database,
  userId: string,
  homeId: number,
  template: string,
): Promise<Post | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.user_id, userId), eq(posts.home_id, homeId), eq(posts.template, template), notDeleted))
    .orderBy(desc(posts.id))
    .limit(1)
  return row ?? null
}
