// A property's owner authorisations (issue 65) and its launch registration: read per property
// or for many at once (the scheduling lists), written one at a time. Scoped by the account.
import { and, desc, eq, inArray } from 'drizzle-orm'
import { homeAuthorizations, homes } from '../../db/schema'
import { authorizationState, pausedBy } from '~/domain/compliance'
import { zonedDate } from '~/domain/dates'
import type { Database } from '~/utils/db.server'

export type HomeAuthorization = typeof homeAuthorizations.$inferSelect
export type NewHomeAuthorization = Omit<typeof homeAuthorizations.$inferInsert, 'id' | 'created_at' | 'user_id'>

/** The property's authorisations, newest first; [] for another account's property. */
export async function listAuthorizations(db: Database, accountId: string, homeId: number) {
  return db
    .select()
    .from(homeAuthorizations)
    .where(and(eq(homeAuthorizations.user_id, accountId), eq(homeAuthorizations.home_id, homeId)))
    .orderBy(desc(homeAuthorizations.ends_on), desc(homeAuthorizations.id))
}

/** Every term of these properties, by property (the lists' paused badges in one query). */
export async function authorizationTermsOf(db: Database, accountId: string, homeIds: readonly number[]) {
  const byHome = new Map<number, { starts_on: string; ends_on: string }[]>()
  if (homeIds.length === 0) return byHome
  const rows = await db
    .select({
      home_id: homeAuthorizations.home_id,
      starts_on: homeAuthorizations.starts_on,
      ends_on: homeAuthorizations.ends_on,
    })
    .from(homeAuthorizations)
    .where(and(eq(homeAuthorizations.user_id, accountId), inArray(homeAuthorizations.home_id, [...homeIds])))
  for (const row of rows) byHome.set(row.home_id, [...(byHome.get(row.home_id) ?? []), row])
  return byHome
}

/** Why a publication of this property is held back now (its authorisation), or null when it may go out. */
export async function pauseReasonOf(db: Database, accountId: string, homeId: number | null, now = new Date()) {
  if (homeId === null) return null
  const terms = await authorizationTermsOf(db, accountId, [homeId])
  return pausedBy(authorizationState(terms.get(homeId) ?? [], zonedDate(now)))
}

export async function insertAuthorization(db: Database, accountId: string, input: NewHomeAuthorization) {
  const [row] = await db
    .insert(homeAuthorizations)
    .values({ ...input, user_id: accountId })
    .returning()
  return row!
}

/** The document keys of a property's authorisations (deleted with the property). */
export async function authorizationDocumentKeys(db: Database, accountId: string, homeId: number) {
  const rows = await listAuthorizations(db, accountId, homeId)
  return rows.flatMap((row) => (row.document_key ? [row.document_key] : []))
}

/** A launch's registration and developer; false when the property is not the account's. */
export async function saveIncorporation(
  db: Database,
  accountId: string,
  homeId: number,
  input: { incorporation_registry: string | null; developer_name: string | null },
): Promise<boolean> {
  const rows = await db
    .update(homes)
    .set(input)
    .where(and(eq(homes.id, homeId), eq(homes.user_id, accountId)))
    .returning({ id: homes.id })
  return rows.length > 0
}
