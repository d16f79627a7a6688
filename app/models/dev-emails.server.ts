// The dev mailbox (app/integrations/mail/email.server.ts): e-mails kept in the database when there
// is no SMTP server, shown at /dev/emails.
import { desc, eq } from 'drizzle-orm'
import { devEmails } from '../../db/schema'
import type { Database } from '~/utils/db.server'

type KeptEmail = { to: string; subject: string; text: string; html?: string }

export function devMailboxOf(db: Database) {
  return {
    async keep(message: KeptEmail) {
      await db.insert(devEmails).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      })
    },
  }
}

/** The dev mailbox, newest first; optionally one recipient's. */
export async function listDevEmails(db: Database, options: { to?: string; limit?: number } = {}) {
  const query = db.select().from(devEmails)
  const filtered = options.to ? query.where(eq(devEmails.to, options.to.toLowerCase())) : query
  return filtered.orderBy(desc(devEmails.id)).limit(options.limit ?? 50)
}

export async function getDevEmail(db: Database, id: number) {
  const [email] = await db.select().from(devEmails).where(eq(devEmails.id, id)).limit(1)
  return email
}
