// A person's data version (ADR 201): moved by database triggers whenever their users, homes or
// subscriptions rows change (db/migrations/0012_user-data-versions.sql). 0 until the first write
// after the migration. A member of an agency reads their own and the account's together (ADR 218).
import { eq, or, sql } from 'drizzle-orm'
import { accountMembers, userDataVersions } from '../../db/schema'
import { preparedQuery, type Database } from '~/utils/db.server'

const versionOf = preparedQuery((db) =>
  db
    .select({ version: sql<string>`coalesce(sum(${userDataVersions.version}), 0)` })
    .from(userDataVersions)
    .where(
      or(
        eq(userDataVersions.user_id, sql.placeholder('userId')),
        sql`${userDataVersions.user_id} = (select ${accountMembers.account_id} from ${accountMembers} where ${accountMembers.user_id} = ${sql.placeholder('userId')})`,
      ),
    )
    .prepare('user_data_version'),
)

export async function userDataVersion(db: Database, userId: string): Promise<number> {
  const [row] = await versionOf(db).execute({ userId })
  return Number(row?.version ?? 0)
}
