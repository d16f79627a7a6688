// The agent picks one of a post's headline options (ADR 165): it becomes the cover slide's
// title, scoped by the owner like every post write; the rendered image is cleared, as an edit
// clears it (ADR 034), so the post is drawn again with the new title.
import { and, eq, isNull } from 'drizzle-orm'
import { posts, type Post } from '../../db/schema'
import { headlineSlideIndex, readHeadlines } from '~/domain/headlines'
import type { Database } from '~/utils/db.server'

/** Puts option `index` on the cover; null when the post, the option or a slide is missing. */
export async function chooseHeadline(
  db: Database,
  userId: string,
  postId: number,
  index: number,
): Promise<Post | null> {
  return db.transaction(async (tx) => {
    const owned = and(eq(posts.id, postId), eq(posts.user_id, userId), isNull(posts.deleted_at))
    const [current] = await tx.select().from(posts).where(owned).for('update').limit(1)
    if (!current || current.generating || current.error) return null
    const line = readHeadlines(current.meta)[index]
    const slides = [...(current.meta.slides ?? [])]
    const at = headlineSlideIndex(slides)
    if (!line || at < 0) return null
    slides[at] = { ...slides[at]!, title: line }
    const [post] = await tx
      .update(posts)
      .set({ meta: { ...current.meta, slides }, media: null, screenshotted_at: null })
      .where(owned)
      .returning()
    return post ?? null
  })
}
