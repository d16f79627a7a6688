// The account rows (`users`, one per auth user, same id): what the app keeps about a person.
// Sign-in creates them on first sight (app/utils/auth.server.ts); these functions are for the rest.
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
