// Agencies (ADR 218) below the pages: seats counted under a lock when invites race, an invite
// only for its address and only once, and the approval gate from request to the outbox: a post
// waiting for approval is not scheduled, an edit takes an approval back, a client link decides
// once and only for its revision, and the approved post is published once.
import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { approvalEvents, posts, scheduledPublications, users } from '../../db/schema'
import { parseEnv } from '../../app/env.server'
import { makeSlide } from '../../app/domain/slides'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { ensureProfile } from '../../app/models/auth-profiles.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { planOfSubscription } from '../../app/domain/billing'
import { createClientLink, decideByLink, moveApproval } from '../../app/models/approvals.server'
import { savePostEdits } from '../../app/models/posts.server'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { acceptInvite, createInvite, removeMember } from '../../app/models/team.server'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createJobsOn, type Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createPublishing, startPublishingJobs } from '../../app/workflows/publishing-service.server'
import { seatsOf } from '../../app/workflows/team.server'
import { schedulePost } from '../../app/workflows/scheduling.server'

const logger = createLogger('silent')
let dataDir = ''
let storage: Storage
let handle: DatabaseHandle
let jobs: Jobs
let postImages: ReturnType<typeof createPostImages>
const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const day = 86_400_000

async function person(name: string) {
  const id = randomUUID()
  await handle.db.insert(users).values({ id, email: `${name}-${id}@example.com`, full_name: name })
  return { id, email: `${name}-${id}@example.com` }
}

async function agency(lookupKey = 'imobiliaria_mensal') {
  const owner = await person('dona')
  await applySubscriptionState(handle.db, {
    userId: owner.id,
    provider: 'demo',
    customerId: `demo_cus_${owner.id}`,
    subscriptionId: `demo_sub_${owner.id}`,
    status: 'active',
    lookupKey,
    currentPeriodEnd: new Date(Date.now() + 30 * day),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
  return owner
}

const invite = (accountId: string, email: string, token: string, expiresAt = new Date(Date.now() + 7 * day)) =>
  createInvite(
    handle.db,
    { accountId, email, role: 'corretor', invitedBy: accountId, tokenHash: hash(token), expiresAt },
    5,
  )

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-agencies-'))
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  await handle.migrate()
  jobs = createJobsOn(handle, undefined, logger)
  storage = createDiskStorage(path.join(dataDir, 'uploads'))
  postImages = createPostImages({ storage, logger })
  const publishing = await createPublishing({
    env,
    logger,
    database: handle,
    postImages,
    storage,
    siteUrl: 'http://127.0.0.1:9',
    jobs,
  })
  await startPublishingJobs(publishing, env, logger)
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('eight invites at once fill the four free seats of a five-seat plan, no more', async () => {
  const owner = await agency()
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, (_, n) => invite(owner.id, `pessoa-${n}-${owner.id}@example.com`, `t-${n}-${owner.id}`)),
  )
  expect(outcomes.filter((o) => o === 'created')).toHaveLength(4)
  expect(outcomes.filter((o) => o === 'full')).toHaveLength(4)
})

test('an invite is accepted once, by its own address, before it expires', async () => {
  const owner = await agency()
  const [ana, bruno, carla] = [await person('ana'), await person('bruno'), await person('carla')]
  await invite(owner.id, ana.email, `ana-${owner.id}`)
  await invite(owner.id, carla.email, `carla-${owner.id}`, new Date(Date.now() - 1000))
  const seats = async () => 5
  expect(await acceptInvite(handle.db, hash(`ana-${owner.id}`), bruno, seats)).toBe('other-email')
  expect(await acceptInvite(handle.db, hash(`carla-${owner.id}`), carla, seats)).toBe('expired')
  expect(await acceptInvite(handle.db, hash(`ana-${owner.id}`), ana, seats)).toBe('joined')
  expect(await acceptInvite(handle.db, hash(`ana-${owner.id}`), ana, seats)).toBe('invalid')
  expect(await removeMember(handle.db, owner.id, ana.id)).toBe(true)
  expect(await removeMember(handle.db, owner.id, ana.id)).toBe(false)
})

test("a member's header shows the agency's plan, read with their profile; a person alone has none", async () => {
  const owner = await agency()
  const ana = await person('ana')
  const headerPlan = async (who: { id: string; email: string }) =>
    planOfSubscription((await ensureProfile(handle.db, who)).subscription)?.name ?? null
  expect(await headerPlan(ana)).toBeNull()
  await invite(owner.id, ana.email, `plano-${owner.id}`)
  // The seats are the plan's, read inside the join's transaction: on the embedded database a read
  // from outside it waited for it forever, and "Entrar na equipe" never answered.
  expect(await acceptInvite(handle.db, hash(`plano-${owner.id}`), ana, seatsOf)).toBe('joined')
  expect(await ensureProfile(handle.db, ana)).toMatchObject({ accountId: owner.id, accountRole: 'corretor' })
  expect(await headerPlan(ana)).toBe('Imobiliária')
  expect(await headerPlan(owner)).toBe('Imobiliária')
  expect(await removeMember(handle.db, owner.id, ana.id)).toBe(true)
  expect(await headerPlan(ana)).toBeNull()
})

test('approval gates scheduling; an edit takes it back; a client link decides once, for its revision; published once', async () => {
  const owner = await agency()
  const outbox = await ensureOutboxAccount(handle.db, owner.id)
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: owner.id,
      created_by: owner.id,
      template: 'dica',
      format: 'feed',
      description: 'Dica do dia',
      meta: { slides: [makeSlide('a', 'text', { title: 'Dica' })] },
    })
    .returning()
  const postId = post!.id
  const deps = { db: handle.db, postImages, jobs }
  const input = (publishAt: Date, caption = 'Dica revisada') => ({
    by: { id: owner.id, accountRole: 'owner' as const },
    postId,
    accountIds: [outbox.id],
    publishAt,
    caption,
    altText: '',
    slides: null,
    ratio: 'original' as const,
    fit: 'cover' as const,
  })
  const actor = { id: owner.id, name: 'Dona' }
  const step = { accountId: owner.id, postId, actor }

  // Imobiliária requires approval by default: a draft and a post waiting are refused.
  const before = input(new Date(Date.now() + day), 'Dica do dia')
  expect((await schedulePost(deps, owner.id, before)).status).toBe('not-approved')
  await moveApproval(handle.db, { ...step, from: ['draft'], to: 'pending', action: 'submitted' })
  expect((await schedulePost(deps, owner.id, before)).status).toBe('not-approved')

  // Approved, then edited: back to approval, and a link made before the edit decides nothing.
  await moveApproval(handle.db, { ...step, from: ['pending'], to: 'approved', action: 'approved' })
  const old = await createClientLink(handle.db, {
    ...step,
    revision: post!.revision,
    tokenHash: hash(`old-${postId}`),
    expiresAt: new Date(Date.now() + day),
  })
  expect(old.revision).toBe(1)
  const edited = await savePostEdits(handle.db, owner.id, postId, { description: 'Dica revisada', slides: [] })
  expect(edited).toMatchObject({ approval_status: 'pending', revision: 2, approved_revision: 1 })
  expect((await decideByLink(handle.db, hash(`old-${postId}`), 'approved', null)).outcome).toBe('changed')

  // A link for the current revision: decided once; a second answer changes nothing; the
  // client's approval is the client's, never the agency's.
  await createClientLink(handle.db, {
    ...step,
    revision: 2,
    tokenHash: hash(`new-${postId}`),
    expiresAt: new Date(Date.now() + day),
  })
  expect((await decideByLink(handle.db, hash(`new-${postId}`), 'approved', null)).outcome).toBe('decided')
  expect((await decideByLink(handle.db, hash(`new-${postId}`), 'changes', 'Outra cor')).outcome).toBe('decided-before')
  const [afterClient] = await handle.db.select().from(posts).where(eq(posts.id, postId))
  expect(afterClient!.approval_status).toBe('pending')
  expect((await schedulePost(deps, owner.id, input(new Date(Date.now() + day)))).status).toBe('not-approved')
  const approved = await moveApproval(handle.db, { ...step, from: ['pending'], to: 'approved', action: 'approved' })
  expect(approved).toMatchObject({ approval_status: 'approved', approved_revision: 2 })

  // Scheduled ("now" a minute back for the pre-flight: due in 5 s), then published once.
  const outcome = await schedulePost(deps, owner.id, input(new Date(Date.now() + 5000)), new Date(Date.now() - 60_000))
  expect(outcome.status).toBe('scheduled')
  const id = outcome.status === 'scheduled' ? outcome.ids[0]! : 0
  const statusOf = async () =>
    (await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!
  const end = Date.now() + 40_000
  while ((await statusOf()).status !== 'published' && Date.now() < end) await new Promise((r) => setTimeout(r, 250))
  expect(await statusOf()).toMatchObject({ status: 'published', attempts: 1 })
  expect(await listOutbox(storage, owner.id)).toHaveLength(1)
  const published = await handle.db
    .select()
    .from(approvalEvents)
    .where(and(eq(approvalEvents.post_id, postId), eq(approvalEvents.action, 'published')))
  expect(published).toHaveLength(1)
}, 90_000)
