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
      // Never the body: it holds sign-in and recovery links (issue 20).
      logger?.info('email kept in the dev mailbox (/dev/emails)', { to: message.to, subject: message.subject })
    },
  }
}

/**
 * Why this environment must not start, or null: in production, e-mail goes out by SMTP, or the
 * dev mailbox was chosen on purpose (DEV_MAILBOX=true, e2e and offline demos only).
 */
export function productionMailProblem(env: {
  NODE_ENV: string
  SMTP_URL?: string
  DEV_MAILBOX: boolean
}): string | null {
  if (env.NODE_ENV !== 'production' || env.SMTP_URL || env.DEV_MAILBOX) return null
  return [
    'SMTP_URL: obrigatório em produção — sem ele, os e-mails de acesso e recuperação ficariam na caixa de desenvolvimento.',
    'SMTP_URL: required in production (recovery e-mails would stay in the dev mailbox); set DEV_MAILBOX=true only for tests or offline demos.',
  ].join('\n')
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
