// A post with what its slides show, for anyone with its link (/posts/{publicId}) or for its owner:
// the post (not deleted), its property when it is the owner's own, and the owner's signature (a
// member's post: the member's name and phone on the agency's brand, ADR 218).
import { and, eq, isNull, type SQL } from 'drizzle-orm'
import { homes, posts, users, type Home, type Post } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export type PostRows = {
  post: Pick<
    Post,
    | 'id'
    | 'public_id'
    | 'user_id'
    | 'home_id'
    | 'template'
    | 'format'
    | 'meta'
    | 'media'
    | 'description'
    | 'generating'
    | 'error'
    | 'updated_at'
    | 'generated_at'
  >
  home: Home | null
  owner: { full_name: string | null; phone: string | null; theme: Home['theme']; updated_at: Date } | null
}

/** By its public id, or by id for its owner; null when there is none. */
export function postRows(db: Database, which: { publicId: string } | { userId: string; postId: number }) {
  return 'publicId' in which
    ? postRowsWhere(db, eq(posts.public_id, which.publicId))
    : postRowsWhere(db, and(eq(posts.id, which.postId), eq(posts.user_id, which.userId))!)
}

async function postRowsWhere(db: Database, which: SQL): Promise<PostRows | null> {
  const [post] = await db
    .select({
      id: posts.id,
      public_id: posts.public_id,
      user_id: posts.user_id,
      home_id: posts.home_id,
      template: posts.template,
      format: posts.format,
      meta: posts.meta,
      media: posts.media,
      description: posts.description,
      generating: posts.generating,
      error: posts.error,
      updated_at: posts.updated_at,
      generated_at: posts.generated_at,
      created_by: posts.created_by,
    })
    .from(posts)
    .where(and(which, isNull(posts.deleted_at)))
    .limit(1)
  if (!post) return null
  const [home] = post.home_id
    ? await db
        .select()
        .from(homes)
        // The property must be the post owner's own: a post never shows someone else's data.
        .where(and(eq(homes.id, post.home_id), eq(homes.user_id, post.user_id)))
        .limit(1)
    : []
  const signature = { full_name: users.full_name, phone: users.phone, theme: users.theme, updated_at: users.updated_at }
  const [owner] = await db.select(signature).from(users).where(eq(users.id, post.user_id)).limit(1)
  const { created_by: author, ...row } = post
  // A member's post (ADR 218) carries their own name and phone on the agency's brand.
  const [member] =
    author && author !== post.user_id ? await db.select(signature).from(users).where(eq(users.id, author)).limit(1) : []
  if (!owner || !member) return { post: row, home: home ?? null, owner: owner ?? null }
  return {
    post: row,
    home: home ?? null,
    owner: {
      ...owner,
      full_name: member.full_name ?? owner.full_name,
      phone: member.phone ?? owner.phone,
      updated_at: member.updated_at > owner.updated_at ? member.updated_at : owner.updated_at,
    },
  }
}
