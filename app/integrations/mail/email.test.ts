// Production does not start with the dev mailbox by accident (ADR 143), and the mailbox's log line
// never holds the body (sign-in and recovery links).
import { expect, test } from 'vitest'
import { createEmailService, productionMailProblem } from './email.server'

test('production needs SMTP_URL, or DEV_MAILBOX chosen on purpose', () => {
  expect(productionMailProblem({ NODE_ENV: 'production', DEV_MAILBOX: false })).toMatch(
    /SMTP_URL: obrigatório em produção/,
  )
  expect(productionMailProblem({ NODE_ENV: 'production', DEV_MAILBOX: true })).toBeNull()
  expect(productionMailProblem({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', DEV_MAILBOX: false })).toBeNull()
  expect(productionMailProblem({ NODE_ENV: 'development', DEV_MAILBOX: false })).toBeNull()
})

test('the dev mailbox logs who and what about, never the body or its link', async () => {
  const lines: string[] = []
  const log = (msg: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ msg, ...fields }))
  const email = createEmailService({
    from: 'x@vitrine.app',
    devMailbox: { keep: async () => undefined },
    logger: { info: log, warn: log, error: log, debug: log } as never,
  })
  await email.send({
    to: 'ana@example.com',
    subject: 'Redefinir senha',
    text: 'Abra https://vitrine.app/redefinir-senha?token=SEGREDO123',
  })
  expect(lines.join('\n')).toContain('Redefinir senha')
  expect(lines.join('\n')).not.toContain('SEGREDO123')
})
