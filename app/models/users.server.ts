// The account rows (`users`, one per auth user, same id): what the app keeps about a person.
// Sign-in creates them on first sight (app/utils/auth.server.ts); these functions are for the rest.
import { asc, eq, lt, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { AccountBrand } from '~/domain/brand'
import type { Database } from '~/utils/db.server'

/** Stores what the registration form asked for (full_name, phone) in the `users` row after sign-up. */
export async function saveProfile(
  db: Database,
  profile: { id: string; email: string; full_name: string; phone: string },
) {
  await db
    .insert(users)
    .values(profile)
    .onConflictDoUpdate({
      target: users.id,
      set: { full_name: profile.full_name, phone: profile.phone, updated_at: sql`now()` },
    })
}

export type ProfileInput = {
  id: string
  email: string
  full_name: string | null
  phone: string | null
  role: 'user' | 'admin'
}

/**
 * Creates the profile, or brings an existing one's e-mail and role back to these (name and phone
 * the person may have changed are kept). Used by the seed for its known accounts.
 */
export async function upsertProfile(db: Database, profile: ProfileInput): Promise<void> {
  await db
    .insert(users)
    .values(profile)
    .onConflictDoUpdate({
      target: users.id,
      set: { email: profile.email, role: profile.role, updated_at: sql`now()` },
    })
}

/** The account row of the signed-in person (profile, avatar, brand); null when missing. */
export async function getAccount(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  return row ?? null
}

/** Name and phone from /minha-conta/perfil. */
export async function updateProfile(
  db: Database,
  userId: string,
  profile: { full_name: string; phone: string | null },
) {
  await db.update(users).set({ full_name: profile.full_name, phone: profile.phone }).where(eq(users.id, userId))
}

/** Points the profile at a new photo; the previous photo's URL, for deleting its file. */
export async function setAvatar(db: Database, userId: string, avatar: string | null): Promise<string | null> {
  const before = await getAccount(db, userId)
  await db.update(users).set({ avatar }).where(eq(users.id, userId))
  return before?.avatar ?? null
}

/** Saves the account's brand (replacing it whole); the previous brand, for its old logo file. */
export async function saveBrand(db: Database, userId: string, brand: AccountBrand): Promise<AccountBrand | null> {
  const before = await getAccount(db, userId)
  await db.update(users).set({ theme: brand }).where(eq(users.id, userId))
  return before?.theme ?? null
}

/** Whether someone already has a profile with this address (lower case). */
export async function hasProfileWithEmail(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return Boolean(row)
}

/** An anonymous visitor's name and phone, given with "Salvar meu trabalho" (ADR 269). */
export async function nameVisitor(db: Database, id: string, profile: { full_name: string; phone: string }) {
  await db.update(users).set({ full_name: profile.full_name, phone: profile.phone }).where(eq(users.id, id))
}

/** Anonymous visitors last seen before `cutoff` (ADR 269), oldest first, at most `limit`. */
export async function unusedVisitors(db: Database, cutoff: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(lt(users.anonymous_seen_at, cutoff))
    .orderBy(asc(users.anonymous_seen_at))
    .limit(limit)
  return rows.map((row) => row.id)
}
