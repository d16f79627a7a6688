// The e-mail service: SMTP through nodemailer when SMTP_URL is set, else the dev mailbox.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createEmailService } from '../../app/integrations/mail/email.server'
import { devMailboxOf, listDevEmails } from '../../app/models/dev-emails.server'
import { startSmtpServer } from '../mocks/smtp'
import { createAuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle.close())

test('with SMTP_URL, mail goes out over SMTP and nothing is kept in the dev mailbox', async () => {
  const smtp = await startSmtpServer()
  try {
    const email = createEmailService({
      smtpUrl: smtp.url,
      from: 'Vitrine <nao-responda@vitrine.app>',
      devMailbox: devMailboxOf(handle.db),
    })
    expect(email.backend).toBe('smtp')
    await email.send({
      to: 'ana@example.com',
      subject: 'Redefinição de senha',
      text: 'Olá, Ana',
      html: '<p>Olá, Ana</p>',
    })
    expect(smtp.messages).toHaveLength(1)
    expect(smtp.messages[0]!.to).toEqual(['ana@example.com'])
    expect(smtp.messages[0]!.from).toBe('nao-responda@vitrine.app')
    expect(smtp.messages[0]!.raw).toContain('Subject: =?UTF-8?Q?Redefini=C3=A7=C3=A3o_de_senha?=')
    expect(await listDevEmails(handle.db, { to: 'ana@example.com' })).toEqual([])
  } finally {
    await smtp.close()
  }
})

test('without SMTP_URL, mail is kept in the dev mailbox; the log names it, never its text', async () => {
  const logged: unknown[] = []
  const email = createEmailService({
    from: 'Vitrine <nao-responda@vitrine.app>',
    devMailbox: devMailboxOf(handle.db),
    logger: { info: (msg, fields) => logged.push({ msg, ...fields }) },
  })
  expect(email.backend).toBe('dev-mailbox')
  await email.send({ to: 'bia@example.com', subject: 'Confirme seu e-mail', text: 'link' })
  const [kept] = await listDevEmails(handle.db, { to: 'bia@example.com' })
  expect(kept).toMatchObject({ subject: 'Confirme seu e-mail', text: 'link' })
  expect(logged).toEqual([expect.objectContaining({ to: 'bia@example.com', subject: 'Confirme seu e-mail' })])
  expect(JSON.stringify(logged)).not.toContain('link')
})

test('the auth API sends its recovery e-mail over SMTP in pt-BR', async () => {
  const smtp = await startSmtpServer()
  const email = createEmailService({
    smtpUrl: smtp.url,
    from: 'nao-responda@vitrine.app',
    devMailbox: devMailboxOf(handle.db),
  })
  const auth = await createAuthHarness(handle.db, 'in-process', { sendEmail: (m) => email.send(m) })
  try {
    await auth.client().auth.signUp({ email: 'carla@example.com', password: 'segredo123' })
    await auth.client().auth.resetPasswordForEmail('carla@example.com')
    expect(smtp.messages).toHaveLength(1)
    const raw = smtp.messages[0]!.raw.replace(/=\r\n/g, '')
    expect(raw).toContain('token_hash=')
    expect(raw).toContain('type=3Drecovery')
  } finally {
    await auth.close()
    await smtp.close()
  }
})
