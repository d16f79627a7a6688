// Everything the database holds of one person (LGPD art. 18: access and deletion): every table
// with a user_id column, found from the schema itself, so a table added later is exported and
// deleted without anyone remembering to list it (ADR 131). Plus the `users` row and, with the
// built-in auth, the `auth_users` row (both keyed by id). Secrets (password hash, token hashes,
// TOTP secrets) are never exported.
import { and, eq, getTableColumns, getTableName, is, ne, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../db/schema'
import type { Database } from '~/utils/db.server'

type OwnedTable = { name: string; table: PgTable }

const SECRET_COLUMN = /(password|secret|token_hash|token|verifier|code_challenge|hash)$/i

/** Tables of the schema with a user_id column, children before the tables they reference. */
export function ownedTables(): OwnedTable[] {
  const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
  const owned = tables.filter((table) => 'user_id' in getTableColumns(table))
  const names = new Set(owned.map((table) => getTableName(table)))
  const refs = new Map(
    owned.map((table) => [
      getTableName(table),
      getTableConfig(table)
        .foreignKeys.map((fk) => getTableName(fk.reference().foreignTable))
        .filter((name) => names.has(name) && name !== getTableName(table)),
    ]),
  )
  // Depth-first: a table comes after every table that references it.
  const ordered: string[] = []
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return
    path.add(name)
    for (const [child, parents] of refs) if (parents.includes(name)) visit(child, path)
    ordered.push(name)
  }
  for (const name of names) visit(name, new Set())
  const byName = new Map(owned.map((table) => [getTableName(table), table]))
  return ordered.map((name) => ({ name, table: byName.get(name)! }))
}

function redact(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, SECRET_COLUMN.test(key) && value != null ? '[omitido]' : value]),
  )
}

function userIdColumn(table: PgTable) {
  return (getTableColumns(table) as Record<string, ReturnType<typeof getTableColumns>[string]>).user_id!
}

/** Every row of the person, by table name (the account rows first). */
export async function exportAccountRows(
  db: Database,
  userId: string,
): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {}
  out.users = (await db.select().from(schema.users).where(eq(schema.users.id, userId))).map(redact)
  out.auth_users = (await db.select().from(schema.authUsers).where(eq(schema.authUsers.id, userId))).map(redact)
  for (const { name, table } of ownedTables()) {
    const rows = (await db
      .select()
      .from(table)
      .where(eq(userIdColumn(table), userId))) as Record<string, unknown>[]
    out[name] = rows.map(redact)
  }
  // What the person made in an agency they belong to (ADR 218): the agency keeps it, they get a copy.
  const { homes, posts } = schema
  out.homes_made_for_team = (
    await db
      .select()
      .from(homes)
      .where(and(eq(homes.responsible_id, userId), ne(homes.user_id, userId)))
  ).map(redact)
  out.posts_made_for_team = (
    await db
      .select()
      .from(posts)
      .where(and(eq(posts.created_by, userId), ne(posts.user_id, userId)))
  ).map(redact)
  return out
}

/**
 * Deletes every row of the person in one transaction: the owned tables (children first), then
 * the `users` and built-in `auth_users` rows. Nothing is half-deleted.
 */
export async function deleteAccountRows(db: Database, userId: string): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const counts: Record<string, number> = {}
    for (const { name, table } of ownedTables()) {
      const deleted = await tx
        .delete(table)
        .where(eq(userIdColumn(table), userId))
        .returning({ one: sql`1` })
      counts[name] = deleted.length
    }
    await tx.delete(schema.users).where(eq(schema.users.id, userId))
    await tx.delete(schema.authUsers).where(eq(schema.authUsers.id, userId))
    return counts
  })
}

export type AccountSession = {
  id: string
  createdAt: Date
  lastUsedAt: Date
  userAgent: string | null
  ip: string | null
}

/** The built-in auth's open sessions of the person, most recently used first. */
export async function listSessions(db: Database, userId: string): Promise<AccountSession[]> {
  const rows = await db.select().from(schema.authSessions).where(eq(schema.authSessions.user_id, userId))
  return rows
    .map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastUsedAt: row.refreshed_at ?? row.updated_at ?? row.created_at,
      userAgent: row.user_agent,
      ip: row.ip,
    }))
    .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime())
}
