// A person's data version (ADR 201): moved by database triggers whenever their users, homes or
// subscriptions rows change (db/migrations/0012_user-data-versions.sql). 0 until the first write
// after the migration.
import { eq, sql } from 'drizzle-orm'
import { userDataVersions } from '../../db/schema'
import { preparedQuery, type Database } from '~/utils/db.server'

const versionOf = preparedQuery((db) =>
  db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.user_id, sql.placeholder('userId')))
    .prepare('user_data_version'),
)

export async function userDataVersion(db: Database, userId: string): Promise<number> {
  const [row] = await versionOf(db).execute({ userId })
  return row?.version ?? 0
}
