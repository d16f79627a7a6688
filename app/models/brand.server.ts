// What the brand editor's preview draws: the account's most recently changed property that has
// photos (a real post cover of the agent's own listing), or its latest property, or none.
import { and, desc, eq, sql } from 'drizzle-orm'
import { homes, type Home } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export async function previewHome(db: Database, userId: string): Promise<Home | null> {
  const [withPhotos] = await db
    .select()
    .from(homes)
    .where(and(eq(homes.user_id, userId), sql`jsonb_array_length(${homes.gallery}) > 0`))
    .orderBy(desc(homes.updated_at))
    .limit(1)
  if (withPhotos) return withPhotos
  const [latest] = await db
    .select()
    .from(homes)
    .where(eq(homes.user_id, userId))
    .orderBy(desc(homes.updated_at))
    .limit(1)
  return latest ?? null
}
