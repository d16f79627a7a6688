// The account rows (`users`, one per auth user, same id): what the app keeps about a person.
import { sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { Database } from '../utils/db.server'

/** Stores what the registration form asked for in the `users` row (spec §7). */
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
