// E-mails after a recorded decision (ADR 261): with the mail server down, an
// approval, a team invite and a lead are recorded and their pages answer as usual; the e-mails
// wait in the job queue (pg-boss on the same database) and go out when the server is back, tried
// again with backoff. The queue holds no invite token and no lead's personal data.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { accountInvites, homes, leads, posts, users } from '../../db/schema'
import {
  authBackendContext,
  dbContext,
  emailContext,
  envContext,
  jobsContext,
  userContext,
  type SessionUser,
} from '../../app/context'
import { parseEnv } from '../../app/env.server'
import type { EmailMessage, EmailService } from '../../app/integrations/mail/email.server'
import { makeSlide } from '../../app/domain/slides'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createJobs, type Jobs, type SqlClient } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { reviewAction } from '../../app/routes/approvals/review-action.server'
import { MAIL_QUEUE, startMailJobs } from '../../app/workflows/mail-jobs.server'
import { sendLeadEmail } from '../../app/workflows/leads.server'
import { teamAction } from '../../app/routes/account/team-actions.server'
import { sendQueuedInvite } from '../../app/workflows/team.server'
import { jardinsApartment } from '../support/sample-home'

const logger = createLogger('silent')
let dataDir = ''
let handle: DatabaseHandle
let jobs: Jobs
const owner = crypto.randomUUID()
const corretor = crypto.randomUUID()
const sent: EmailMessage[] = []
let smtpDown = true
let tries = 0
const email: EmailService = {
  backend: 'smtp',
  async send(message) {
    tries += 1
    if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
    sent.push(message)
  },
}
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1:9' })
const asOwner: SessionUser = {
  id: owner,
  email: `dona-${owner}@example.com`,
  full_name: 'Dona',
  role: 'user',
  accountId: owner,
  accountRole: 'owner',
}

function contextOf(user: SessionUser | null) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  context.set(dbContext, handle.db)
  context.set(jobsContext, jobs)
  context.set(emailContext, email)
  context.set(envContext, env)
  // The auth service's invite is for people with no account: everyone here has one.
  context.set(authBackendContext, { siteUrl: 'http://127.0.0.1:9' } as never)
  return context
}

const queued = async () =>
  (
    await handle.db.execute<{ state: string; data: unknown }>(
      sql`select state, data from pgboss.job where name = ${MAIL_QUEUE} order by created_on`,
    )
  ).rows

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-mail-queue-'))
  handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  await handle.migrate()
  // The app's queue, with a short retry delay so that "later" is seconds in a test.
  const client = (handle.db as unknown as { $client: SqlClient }).$client
  jobs = createJobs({ client, logger, pollingIntervalSeconds: 0.5, retryDelay: 1 })
  await jobs.start()
  await handle.db.insert(users).values([
    { id: owner, email: asOwner.email, full_name: 'Dona' },
    { id: corretor, email: `corretor-${corretor}@example.com`, full_name: 'Caio' },
    // The invitee has an account: the invite is our own e-mail, not the auth service's.
    { id: crypto.randomUUID(), email: 'nova@example.com', full_name: 'Nova' },
  ])
  await applySubscriptionState(handle.db, {
    userId: owner,
    provider: 'demo',
    customerId: `demo_cus_${owner}`,
    subscriptionId: `demo_sub_${owner}`,
    status: 'active',
    lookupKey: 'imobiliaria_mensal',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('SMTP down: the approval, the invite and the lead are recorded, the pages answer; the e-mails go out when it is back', async () => {
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: owner,
      created_by: corretor,
      approval_status: 'pending',
      template: 'dica',
      format: 'feed',
      description: 'Dica do dia',
      meta: { slides: [makeSlide('a', 'text', { title: 'Dica' })] },
    })
    .returning()
  const approved = (await reviewAction(
    contextOf(asOwner),
    asOwner,
    post!.id,
    new URLSearchParams({ intent: 'approve' }) as unknown as FormData,
  )) as Response
  expect(approved.status).toBe(302)
  expect((await handle.db.select().from(posts).where(eq(posts.id, post!.id)))[0]!.approval_status).toBe('approved')

  const inviteForm = new FormData()
  for (const [k, v] of Object.entries({ intent: 'invite', email: 'nova@example.com', role: 'corretor' }))
    inviteForm.set(k, v)
  const invited = (await teamAction(inviteForm, contextOf(asOwner), asOwner)) as Response
  expect(invited.status).toBe(302)
  const [invite] = await handle.db.select().from(accountInvites).where(eq(accountInvites.account_id, owner))
  expect(invite).toMatchObject({ email: 'nova@example.com', accepted_at: null, revoked_at: null })

  const [home] = await handle.db
    .insert(homes)
    .values(jardinsApartment(owner, { responsible_id: corretor }))
    .returning()
  const [lead] = await handle.db
    .insert(leads)
    .values({
      user_id: owner,
      agent_id: corretor,
      home_id: home!.id,
      name: 'Lia Cliente',
      phone: '11988887777',
      consent_at: new Date(),
    })
    .returning()
  // The listing form queues the lead's e-mail like this (its rate limits are tested in leads.spec).
  await jobs.send(MAIL_QUEUE, { kind: 'lead', leadId: lead!.id }, { singletonKey: `mail-lead-${lead!.id}` })

  // Nothing was sent during the requests: three e-mails wait, none with a secret or the lead's phone.
  expect(tries).toBe(0)
  const waiting = await queued()
  expect(waiting).toHaveLength(3)
  const stored = JSON.stringify(waiting)
  expect(stored).not.toMatch(/\/convite\/[\w-]{43}/)
  expect(stored).not.toContain('11988887777')

  // The worker starts while the mail server is still down: each e-mail fails and waits for its retry.
  await startMailJobs(jobs, () => contextOf(null), { invite: sendQueuedInvite, lead: sendLeadEmail })
  await expect.poll(() => tries, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
  expect(sent).toHaveLength(0)
  expect((await queued()).some((job) => job.state === 'retry')).toBe(true)

  // Back up: the retries deliver all three.
  smtpDown = false
  await expect
    .poll(async () => (sent.length === 3 ? 3 : JSON.stringify({ sent: sent.map((m) => m.to), jobs: await queued() })), {
      timeout: 60_000,
    })
    .toBe(3)
  const byTo = (to: string) => sent.find((message) => message.to === to)
  expect(byTo(`corretor-${corretor}@example.com`)).toBeDefined()
  expect(sent.filter((m) => m.to === `corretor-${corretor}@example.com`).map((m) => m.subject)).toEqual(
    expect.arrayContaining([expect.stringContaining('aprov'), expect.stringContaining('Novo contato')]),
  )
  const inviteMail = byTo('nova@example.com')!
  const token = /\/convite\/([\w-]{43})/.exec(inviteMail.text)![1]!
  // The link works: its hash is the invite's (the token made when the e-mail went out).
  const { createHash } = await import('node:crypto')
  const [renewed] = await handle.db.select().from(accountInvites).where(eq(accountInvites.id, invite!.id))
  expect(renewed!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
  expect((await queued()).every((job) => job.state === 'completed')).toBe(true)
}, 90_000)
