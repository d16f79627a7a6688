// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise the dev mailbox,
// kept in the dev_emails table (shown at /dev/emails outside production) and written to the log,
// so confirmation and recovery links can be followed offline.
import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { createContext } from 'react-router'
import { devEmails } from '../../../db/schema'
import type { Database } from '../../utils/db.server'

export type EmailMessage = {
  to: string
  subject: string
  text: string
  html?: string
}

export type EmailService = {
  backend: 'smtp' | 'dev-mailbox'
  send(message: EmailMessage): Promise<void>
}

type Log = { info(msg: string, fields?: Record<string, unknown>): void }

export function createEmailService(options: {
  smtpUrl?: string
  from: string
  db: Database
  logger?: Log
}): EmailService {
  const { smtpUrl, from, db, logger } = options
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      backend: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message })
        logger?.info('email sent', { to: message.to, subject: message.subject })
      },
    }
  }
  return {
    backend: 'dev-mailbox',
    async send(message) {
      await db.insert(devEmails).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      })
      logger?.info('email kept in the dev mailbox (/dev/emails)', {
        to: message.to,
        subject: message.subject,
        text: message.text,
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

export const emailContext = createContext<EmailService>()
