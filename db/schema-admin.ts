// The admin area's own table: every change an admin makes, who made it, to what, and when.
import { index, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One admin change. The actor's e-mail is copied so the line still reads after the account goes. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    actor_id: uuid('actor_id'),
    actor_email: text('actor_email').notNull(),
    /** What was done: 'template.create', 'user.disable', … (app/domain/audit.ts names them). */
    action: text('action').notNull(),
    /** 'template' or 'user'. */
    target_type: text('target_type').notNull(),
    target_id: text('target_id').notNull(),
    /** A readable name of the target at the time (template name, user e-mail). */
    target_label: text('target_label').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.created_at)],
)

export type AdminAuditEntry = typeof adminAuditLog.$inferSelect
