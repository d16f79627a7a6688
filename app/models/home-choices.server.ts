// A user's properties as pickers show them (/assistente, /audio, /ambientes): newest first.
import { desc, eq } from 'drizzle-orm'
import { homes } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export type HomeChoice = { id: number; name: string; place: string }

export async function homeChoices(db: Database, userId: string, limit = 200): Promise<HomeChoice[]> {
  const rows = await db
    .select({ id: homes.id, name: homes.name, neighborhood: homes.neighborhood, city: homes.city })
    .from(homes)
    .where(eq(homes.user_id, userId))
    .orderBy(desc(homes.updated_at), desc(homes.id))
    .limit(limit)
  return rows.map((home) => ({
    id: home.id,
    name: home.name,
    place: [home.neighborhood, home.city].filter(Boolean).join(', '),
  }))
}
