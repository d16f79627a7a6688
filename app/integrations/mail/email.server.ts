// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise the dev mailbox,
// kept in the dev_emails table (shown at /dev/emails outside production) and written to the log,
// so confirmation and recovery links can be followed offline.
import nodemailer from 'nodemailer'

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

/** Where e-mails stay when there is no SMTP server (app/models/dev-emails.server.ts). */
export type DevMailbox = { keep(message: EmailMessage): Promise<void> }

export function createEmailService(options: {
  smtpUrl?: string
  from: string
  devMailbox: DevMailbox
  logger?: Log
}): EmailService {
  const { smtpUrl, from, devMailbox, logger } = options
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
      await devMailbox.keep(message)
      // Never the body: it holds sign-in and recovery links (ADR 143).
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
