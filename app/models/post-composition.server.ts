// The agent switches a post's cover composition ("Capa"): kept in the post's fields beside its
// style, scoped by the owner like every post write; the rendered image is cleared, as an edit
// clears it (ADR 034), so the post is drawn again with the new cover.
import { and, eq, isNull } from 'drizzle-orm'
import { posts, type Post } from '../../db/schema'
import { COMPOSITION_FIELD_NAME, type CompositionId } from '~/domain/compositions'
import type { Database } from '~/utils/db.server'

/** Sets the post's composition; null when the post is not this owner's, or not ready. */
export async function chooseComposition(
  db: Database,
  userId: string,
  postId: number,
  composition: CompositionId,
): Promise<Post | null> {
  return db.transaction(async (tx) => {
    const owned = and(eq(posts.id, postId), eq(posts.user_id, userId), isNull(posts.deleted_at))
    const [current] = await tx.select().from(posts).where(owned).for('update').limit(1)
    if (!current || current.generating || current.error) return null
    const fields = { ...(current.meta.fields ?? {}), [COMPOSITION_FIELD_NAME]: composition }
    const [post] = await tx
      .update(posts)
      .set({ meta: { ...current.meta, fields }, media: null, screenshotted_at: null })
      .where(owned)
      .returning()
    return post ?? null
  })
}
