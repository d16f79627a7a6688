// Published = approved (ADR 237) and roles in every action (ADR 236), below the pages: a client's
// approval is the client's, a corretor schedules and edits only their own pieces, every edit of
// what goes out sends an approved post back to approval, and the publisher sends only the
// approved revision ("Precisa de nova aprovação" otherwise). Scheduling twice is one publication.
import { RouterContextProvider } from 'react-router'
import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { posts, scheduledPublications, users } from '../../db/schema'
import { makeSlide } from '../../app/domain/slides'
import type { AccountRole } from '../../app/domain/team'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { createClientLink, decideByLink, moveApproval } from '../../app/models/approvals.server'
import { chooseComposition } from '../../app/models/post-composition.server'
import { chooseHeadline } from '../../app/models/post-headlines.server'
import { savePostEdits } from '../../app/models/posts.server'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createJobsOn, type Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { requeuePublication } from '../../app/models/scheduled-publications.server'
import { runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { editScheduled, schedulePost } from '../../app/workflows/scheduling.server'
import { schedulingAction } from '../../app/routes/scheduling/actions.server'
import { dbContext, jobsContext, postImagesContext, type SessionUser } from '../../app/context'

const logger = createLogger('silent')
const day = 86_400_000
const hash = (token: string) => createHash('sha256').update(token).digest('hex')
let dataDir = ''
let handle: DatabaseHandle
let jobs: Jobs
let postImages: ReturnType<typeof createPostImages>
let storage: Storage
let publishing: PublishingDeps

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-approved-'))
  handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  await handle.migrate()
  // The queue holds the publications; no worker runs: the test runs each attempt itself.
  jobs = createJobsOn(handle, undefined, logger)
  await jobs.start()
  storage = createDiskStorage(path.join(dataDir, 'uploads'))
  postImages = createPostImages({ storage, logger })
  publishing = {
    db: handle.db,
    logger,
    postImages,
    storage,
    graph: createGraphClient({ baseUrl: 'http://127.0.0.1:9' }),
    credentialsKey: 'k'.repeat(32),
    appUrl: 'http://127.0.0.1:9',
  }
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function agency() {
  const people = {} as Record<AccountRole, { id: string; accountRole: AccountRole; name: string }>
  for (const accountRole of ['owner', 'gestor', 'corretor'] as const) {
    const id = randomUUID()
    await handle.db.insert(users).values({ id, email: `${accountRole}-${id}@example.com`, full_name: accountRole })
    people[accountRole] = { id, accountRole, name: accountRole }
  }
  const owner = people.owner.id
  // Imobiliária: five seats, so approval is required by default.
  await applySubscriptionState(handle.db, {
    userId: owner,
    provider: 'demo',
    customerId: `demo_cus_${owner}`,
    subscriptionId: `demo_sub_${owner}`,
    status: 'active',
    lookupKey: 'imobiliaria_mensal',
    currentPeriodEnd: new Date(Date.now() + 30 * day),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
  const outbox = await ensureOutboxAccount(handle.db, owner)
  return { ...people, accountId: owner, outbox }
}

async function postBy(accountId: string, authorId: string, caption = 'Casa com quintal') {
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: accountId,
      created_by: authorId,
      template: 'dica',
      format: 'feed',
      description: caption,
      meta: { slides: [makeSlide('a', 'cover', { title: 'Casa com quintal' })], headlines: ['Seu quintal espera'] },
    })
    .returning()
  return post!
}

const deps = () => ({ db: handle.db, postImages, jobs })
const approve = (accountId: string, postId: number, by: { id: string; name: string }) =>
  moveApproval(handle.db, {
    accountId,
    postId,
    actor: by,
    from: ['draft', 'pending', 'changes'],
    to: 'approved',
    action: 'approved',
  })
const postRow = async (id: number) => (await handle.db.select().from(posts).where(eq(posts.id, id)))[0]!
const publicationRow = async (id: number) =>
  (await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!

function input(team: Awaited<ReturnType<typeof agency>>, by: { id: string; accountRole: AccountRole }, postId: number) {
  return {
    by,
    postId,
    accountIds: [team.outbox.id],
    publishAt: new Date(Date.now() + 5000),
    caption: 'Casa com quintal',
    altText: '',
    slides: null,
    ratio: 'original' as const,
    fit: 'cover' as const,
  }
}
// "Now" a minute back for the pre-flight, so a publication due in 5 s is accepted.
const aMinuteAgo = () => new Date(Date.now() - 60_000)

test("a corretor's own post stays unapproved after the client approves it through a link; forced scheduling is refused", async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.corretor.id)
  await createClientLink(handle.db, {
    accountId: team.accountId,
    postId: post.id,
    actor: team.corretor,
    revision: post.revision,
    tokenHash: hash(`link-${post.id}`),
    expiresAt: new Date(Date.now() + day),
  })
  expect((await decideByLink(handle.db, hash(`link-${post.id}`), 'approved', null)).outcome).toBe('decided')
  expect((await postRow(post.id)).approval_status).toBe('draft')
  const outcome = await schedulePost(deps(), team.accountId, input(team, team.corretor, post.id), aMinuteAgo())
  expect(outcome.status).toBe('not-approved')
  expect(
    await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.post_id, post.id)),
  ).toEqual([])
})

test("a corretor cannot schedule a gestor's approved post nor change its scheduled caption; the outbox gets only what was approved", async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.gestor.id)
  await approve(team.accountId, post.id, team.gestor)
  expect((await schedulePost(deps(), team.accountId, input(team, team.corretor, post.id), aMinuteAgo())).status).toBe(
    'forbidden',
  )
  const scheduled = await schedulePost(deps(), team.accountId, input(team, team.gestor, post.id), aMinuteAgo())
  expect(scheduled.status).toBe('scheduled')
  const id = scheduled.status === 'scheduled' ? scheduled.ids[0]! : 0
  expect(
    (await editScheduled(deps(), team.accountId, team.corretor, id, { caption: 'Legenda que ninguém leu' })).status,
  ).toBe('forbidden')
  expect((await publicationRow(id)).caption).toBe('Casa com quintal')

  // The owner may change it: the caption becomes the post's and the post goes back to approval.
  expect(await editScheduled(deps(), team.accountId, team.owner, id, { caption: 'Legenda nova' })).toEqual({
    status: 'saved',
    revised: true,
  })
  expect(await postRow(post.id)).toMatchObject({ approval_status: 'pending', description: 'Legenda nova' })
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, id))
  expect(await runPublication(publishing, id)).toBe('failed')
  expect((await publicationRow(id)).error).toContain('Precisa de nova aprovação')
  expect(await listOutbox(storage, team.accountId)).toEqual([])

  // Approved again, "Tentar novamente" publishes the approved caption.
  await approve(team.accountId, post.id, team.gestor)
  await requeuePublication(handle.db, team.accountId, id, new Date(Date.now() - 10_000))
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, id))
  expect(await runPublication(publishing, id)).toBe('published')
  const sent = await listOutbox(storage, team.accountId)
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({ caption: 'Legenda nova' })
}, 60_000)

test('an edit after scheduling is not published unseen: the publisher refuses it', async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.gestor.id)
  await approve(team.accountId, post.id, team.gestor)
  const scheduled = await schedulePost(deps(), team.accountId, input(team, team.gestor, post.id), aMinuteAgo())
  const id = scheduled.status === 'scheduled' ? scheduled.ids[0]! : 0
  await savePostEdits(handle.db, team.accountId, post.id, {
    description: 'Casa com quintal',
    slides: [
      {
        id: 'a',
        title: 'Título que ninguém aprovou',
        description: null,
        button: null,
        image: null,
        hide: false,
        showAvatar: false,
      },
    ],
  })
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, id))
  expect(await runPublication(publishing, id)).toBe('failed')
  expect((await publicationRow(id)).error).toContain('Precisa de nova aprovação')
  expect(await listOutbox(storage, team.accountId)).toEqual([])
}, 60_000)

test('an approved post whose cover title is changed ("Títulos sugeridos") goes back to approval', async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.corretor.id)
  const approved = await approve(team.accountId, post.id, team.gestor)
  expect(approved).toMatchObject({ approval_status: 'approved', approved_revision: post.revision })
  const changed = await chooseHeadline(handle.db, team.accountId, post.id, 0)
  expect(changed).toMatchObject({ approval_status: 'pending', revision: post.revision + 1 })
  expect(changed!.meta.slides![0]!.title).toBe('Seu quintal espera')
})

test('an approved post whose cover composition is switched ("Capa") goes back to approval', async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.corretor.id)
  await approve(team.accountId, post.id, team.gestor)
  const changed = await chooseComposition(handle.db, team.accountId, post.id, 'magazine')
  expect(changed).toMatchObject({ approval_status: 'pending', revision: post.revision + 1 })
  expect(changed!.meta.fields).toMatchObject({ composition: 'magazine' })
})

test('scheduling the same post at the same minute twice leaves one publication', async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.gestor.id)
  await approve(team.accountId, post.id, team.gestor)
  const twice = input(team, team.gestor, post.id)
  const [first, second] = await Promise.all([
    schedulePost(deps(), team.accountId, twice, aMinuteAgo()),
    schedulePost(deps(), team.accountId, twice, aMinuteAgo()),
  ])
  expect(first).toMatchObject({ status: 'scheduled' })
  expect(second).toEqual(first)
  const rows = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.post_id, post.id))
  expect(rows).toHaveLength(1)
}, 60_000)

test("a corretor cannot cancel nor retry a gestor's scheduled publication; the gestor can", async () => {
  const team = await agency()
  const post = await postBy(team.accountId, team.gestor.id)
  await approve(team.accountId, post.id, team.gestor)
  const later = { ...input(team, team.gestor, post.id), publishAt: new Date(Date.now() + 3_600_000) }
  const outcome = await schedulePost(deps(), team.accountId, later)
  expect(outcome.status).toBe('scheduled')
  const id = outcome.status === 'scheduled' ? outcome.ids[0]! : 0
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(postImagesContext, postImages)
  context.set(jobsContext, jobs)
  const as = (person: { id: string; accountRole: AccountRole }): SessionUser => ({
    id: person.id,
    email: `${person.id}@example.com`,
    full_name: null,
    role: 'user',
    accountId: team.accountId,
    accountRole: person.accountRole,
  })
  const submit = (intent: string, person: { id: string; accountRole: AccountRole }) => {
    const form = new FormData()
    form.set('publicacao', String(id))
    form.set('intent', intent)
    return schedulingAction(
      context,
      new Request('http://localhost/agendar-posts', { method: 'POST', body: form }),
      as(person),
    )
  }
  for (const intent of ['cancel', 'retry']) {
    const refused = await submit(intent, team.corretor)
    expect(refused).toMatchObject({
      init: { status: 403 },
      data: { error: expect.stringMatching(/outra pessoa da equipe/) },
    })
  }
  expect(await publicationRow(id)).toMatchObject({ status: 'scheduled' })
  const cancelled = await submit('cancel', team.gestor)
  expect(cancelled).toBeInstanceOf(Response)
  expect(await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id))).toHaveLength(0)
})
