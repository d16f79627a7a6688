// The admin audit log: every change made in /admin, who made it, to what, and when. Written in
// the same transaction as the change where there is one, so a change is never left unrecorded.
import { and, desc, eq } from 'drizzle-orm'
import { adminAuditLog, type AdminAuditEntry } from '../../db/schema'
import type { AuditAction } from '~/domain/audit'
import type { Database } from '~/utils/db.server'

export type { AdminAuditEntry }

export type AuditInput = {
  actor: { id: string; email: string }
  action: AuditAction
  target: { type: 'template' | 'user'; id: string | number; label: string }
  details?: Record<string, unknown>
}

/** `db` may be a transaction. */
export async function recordAudit(db: Pick<Database, 'insert'>, input: AuditInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    actor_id: input.actor.id,
    actor_email: input.actor.email,
    action: input.action,
    target_type: input.target.type,
    target_id: String(input.target.id),
    target_label: input.target.label,
    details: input.details ?? {},
  })
}

export async function listAudit(
  db: Database,
  filter: { target?: { type: 'template' | 'user'; id: string | number }; limit?: number } = {},
): Promise<AdminAuditEntry[]> {
  const where = filter.target
    ? and(eq(adminAuditLog.target_type, filter.target.type), eq(adminAuditLog.target_id, String(filter.target.id)))
    : undefined
  return db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
    .limit(filter.limit ?? 50)
}
