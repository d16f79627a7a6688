// The JWT secret when none is configured: made once, kept in the database, so every instance
// and every restart signs with the same key.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { authInstance } from '../../db/schema-auth'
import type { Database } from '../../app/utils/db.server'

export async function loadOrCreateJwtSecret(db: Database) {
  await db
    .insert(authInstance)
    .values({ id: 1, jwt_secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(authInstance).where(eq(authInstance.id, 1))
  return row!.jwt_secret
}
