// The agent's public page (ADR 223): its handle and search-engine switch, and the properties it
// shows: the owner scope's active ones only (archived never). Public reads go through the handle;
// the owner's reads and writes through the owner scope's id, as every model.
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import { homes, publicPages, users, type Home } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export type PublicPageSettings = { handle: string; noindex: boolean }

export async function getPublicPage(db: Database, userId: string): Promise<PublicPageSettings | null> {
  const [row] = await db
    .select({ handle: publicPages.handle, noindex: publicPages.noindex })
    .from(publicPages)
    .where(eq(publicPages.user_id, userId))
  return row ?? null
}

/** Saves the handle; 'taken' when another owner has it (the unique index decides, even in a race). */
export async function savePublicPage(
  db: Database,
  userId: string,
  settings: PublicPageSettings,
): Promise<'saved' | 'taken'> {
  const [other] = await db
    .select({ user_id: publicPages.user_id })
    .from(publicPages)
    .where(eq(publicPages.handle, settings.handle))
  if (other && other.user_id !== userId) return 'taken'
  try {
    await db
      .insert(publicPages)
      .values({ user_id: userId, ...settings })
      .onConflictDoUpdate({ target: publicPages.user_id, set: { ...settings, updated_at: new Date() } })
    return 'saved'
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || (error instanceof Error && /unique/i.test(error.message)))
      return 'taken'
    throw error
  }
}

export type PageOwner = {
  user_id: string
  handle: string
  noindex: boolean
  full_name: string | null
  phone: string | null
  avatar: string | null
  theme: (typeof users.$inferSelect)['theme']
  /** The profile's last change (the share card's version). */
  updated_at: Date
}

/** The page of a handle and what its owner shows on it (never the e-mail). */
export async function findPageByHandle(db: Database, handle: string): Promise<PageOwner | null> {
  const [row] = await db
    .select({
      user_id: publicPages.user_id,
      handle: publicPages.handle,
      noindex: publicPages.noindex,
      full_name: users.full_name,
      phone: users.phone,
      avatar: users.avatar,
      theme: users.theme,
      updated_at: users.updated_at,
    })
    .from(publicPages)
    .innerJoin(users, eq(users.id, publicPages.user_id))
    .where(eq(publicPages.handle, handle))
  return row ?? null
}

/** The owner's page by its id (a short link knows the owner, not the handle). */
export async function findPageByOwner(db: Database, userId: string): Promise<PageOwner | null> {
  const page = await getPublicPage(db, userId)
  return page ? findPageByHandle(db, page.handle) : null
}

export type PublicHomeFilters = { status?: 'sale' | 'rent' | null; city?: string | null }

const active = (userId: string) => and(eq(homes.user_id, userId), isNull(homes.archived_at))

/** The owner scope's active properties, newest first, with the filters of the page. */
export async function listPublicHomes(db: Database, userId: string, filters: PublicHomeFilters = {}): Promise<Home[]> {
  const conditions = [active(userId)]
  if (filters.status) conditions.push(eq(homes.status, filters.status))
  if (filters.city) conditions.push(eq(homes.city, filters.city))
  return db
    .select()
    .from(homes)
    .where(and(...conditions))
    .orderBy(desc(homes.created_at), desc(homes.id))
    .limit(200)
}

/** The cities of the active properties (the filter's choices). */
export async function listPublicCities(db: Database, userId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ city: homes.city }).from(homes).where(active(userId)).orderBy(asc(homes.city))
  return rows.map((row) => row.city)
}

/** One active property of the owner scope, or null (archived, another owner's, absent). */
export async function getPublicHome(db: Database, userId: string, id: number): Promise<Home | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [home] = await db
    .select()
    .from(homes)
    .where(and(eq(homes.id, id), active(userId)))
  return home ?? null
}

/** Every indexable page and its active properties (the sitemap). */
export async function listSitemapEntries(db: Database) {
  return db
    .select({ handle: publicPages.handle, id: homes.id, name: homes.name, updated_at: homes.updated_at })
    .from(publicPages)
    .leftJoin(homes, and(eq(homes.user_id, publicPages.user_id), isNull(homes.archived_at)))
    .where(eq(publicPages.noindex, false))
    .orderBy(asc(publicPages.handle), desc(homes.id))
    .limit(50_000)
}
