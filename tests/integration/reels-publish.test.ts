// Reels publish like posts (ADRs 263, 264). Scheduling a property video as a Reel
// saves a scheduled publication: it is listed on /agendar-posts with the posts, counts toward the
// plan's scheduledPerMonth (a Reel can take the month's last one, and then a post cannot), is
// retried with the posts' backoff when Meta says "not ready", and follows the approval rules: a
// corretor schedules no other member's video, where approval is required only someone who
// approves schedules (and so approves that revision), and the publisher refuses a Reel that is
// not the approved revision with "Precisa de nova aprovação".
import { authorizeHome } from '../support/sample-home'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, posts, scheduledPublications, users, videos } from '../../db/schema'
import { dbContext, jobsContext, type SessionUser } from '../../app/context'
import { makeSlide } from '../../app/domain/slides'
import { zonedDate } from '../../app/domain/dates'
import { NEEDS_NEW_APPROVAL, REEL_NEEDS_REVIEWER, type AccountRole } from '../../app/domain/team'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { listReelOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import {
  insertPublication,
  insertReelPublication,
  listPublications,
} from '../../app/models/scheduled-publications.server'
import { ensureOutboxAccount, saveConnectedAccount } from '../../app/models/social-accounts.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { setVideoCaption } from '../../app/models/videos.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import type { Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { publicationReelFile, runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { toView } from '../../app/workflows/scheduling-actions.server'
import { schedulePost } from '../../app/workflows/scheduling.server'
import { REEL_NOT_YOURS } from '../../app/domain/team'
import { scheduleReel as scheduleReelOf } from '../../app/workflows/video-reels.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { createTestDatabase } from '../setup/db'

const logger = createLogger('silent')
const day = 86_400_000
const TOKEN = 'token-reels'
let dir = ''
let handle: DatabaseHandle
let storage: Storage
let publishing: PublishingDeps
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
let files: http.Server
const queued: { name: string; data: unknown }[] = []
const jobs = { send: async (name: string, data: unknown) => void queued.push({ name, data }) } as unknown as Jobs

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-reels-'))
  storage = createDiskStorage(dir)
  graph = await startMockMetaGraph({ token: TOKEN })
  // The app's /agendar-posts/midia route, where Meta fetches a Reel's MP4 and cover.
  files = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const m = /^\/agendar-posts\/midia\/(\d+)\/(video\.mp4|capa\.jpg)$/.exec(url.pathname)
    const bytes = m ? await publicationReelFile(publishing, Number(m[1]), m[2] as 'video.mp4', url) : null
    if (!bytes) return void res.writeHead(404).end()
    res.writeHead(200).end(Buffer.from(bytes))
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  publishing = {
    db: handle.db,
    logger,
    postImages: createPostImages({ storage, logger }),
    storage,
    graph: createGraphClient({ baseUrl: graph.graphUrl }),
    credentialsKey: 'k'.repeat(32),
    appUrl: `http://127.0.0.1:${(files.address() as AddressInfo).port}`,
    poll: { intervalMs: 0, sleep: async () => {} },
  }
}, 60_000)

afterAll(async () => {
  await graph?.close()
  await new Promise((resolve) => files?.close(resolve))
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

type Member = SessionUser

async function account(lookupKey: 'corretor_mensal' | 'imobiliaria_mensal') {
  const people = {} as Record<AccountRole, Member>
  const owner = randomUUID()
  for (const accountRole of ['owner', 'gestor', 'corretor'] as const) {
    const id = accountRole === 'owner' ? owner : randomUUID()
    await handle.db.insert(users).values({ id, email: `${accountRole}-${id}@example.com`, full_name: accountRole })
    people[accountRole] = { id, email: '', full_name: accountRole, role: 'user', accountId: owner, accountRole }
  }
  await applySubscriptionState(handle.db, {
    userId: owner,
    provider: 'demo',
    customerId: `demo_cus_${owner}`,
    subscriptionId: `demo_sub_${owner}`,
    status: 'active',
    lookupKey,
    currentPeriodEnd: new Date(Date.now() + 30 * day),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
  const [home] = await handle.db
    .insert(homes)
    .values({
      user_id: owner,
      status: 'sale',
      category: 'apartment',
      name: 'Apartamento no Itaim',
      zipcode: '04530-001',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    })
    .returning()
  await authorizeHome(handle.db, owner, home!.id)
  const outbox = await ensureOutboxAccount(handle.db, owner)
  return { ...people, accountId: owner, homeId: home!.id, outbox }
}

/** A ready video by `authorId`: its MP4 and cover in storage, as the renderer leaves them. */
async function videoBy(accountId: string, homeId: number, authorId: string, caption = 'Apartamento à venda') {
  const key = `users/${accountId}/videos/${randomUUID()}`
  await storage.put(
    `${key}/video.mp4`,
    Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(2000)]),
    'video/mp4',
  )
  const cover = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#14213D' } })
    .jpeg()
    .toBuffer()
  await storage.put(`${key}/capa.jpg`, cover, 'image/jpeg')
  const [row] = await handle.db
    .insert(videos)
    .values({
      user_id: accountId,
      created_by: authorId,
      home_id: homeId,
      status: 'ready',
      options: { duration: 30, narration: false, photos: [] },
      caption,
      duration_ms: 30_000,
      byte_size: 2012,
      storage_key: `${key}/video.mp4`,
      cover_key: `${key}/capa.jpg`,
    })
    .returning()
  return row!
}

function contextOf() {
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(jobsContext, jobs)
  return context
}

/** The video page's "Agendar" form, as submitted. */
async function scheduleReel(user: Member, videoId: number, fields: { account_id?: number; caption?: string } = {}) {
  // The form starts with the local outbox ticked.
  const accountId = fields.account_id ?? (await ensureOutboxAccount(handle.db, user.accountId)).id
  return scheduleReelOf(contextOf(), user, videoId, {
    account_ids: [String(accountId)],
    date: zonedDate(new Date(Date.now() + day)),
    time: '10:00',
    caption: fields.caption ?? 'Apartamento à venda',
  })
}

const reelsOf = (videoId: number) =>
  handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.video_id, videoId))

test("a Reel is listed with the posts and counts toward the plan's scheduledPerMonth", async () => {
  const a = await account('corretor_mensal')
  // 29 of the Corretor plan's 30 publications of the month already taken by a post.
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: a.accountId,
      created_by: a.owner.id,
      template: 'dica',
      format: 'feed',
      description: 'Casa com quintal',
      meta: { slides: [makeSlide('a', 'cover', { title: 'Casa com quintal' })] },
    })
    .returning()
  for (let i = 0; i < 29; i++)
    await insertPublication(handle.db, a.accountId, {
      postId: post!.id,
      accountId: a.outbox.id,
      publishAt: new Date(Date.now() + (i + 2) * day),
      caption: 'Casa com quintal',
      slides: [0],
      altText: '',
      ratio: 'original',
      fit: 'cover',
    })
  const video = await videoBy(a.accountId, a.homeId, a.owner.id)
  const outcome = await scheduleReel(a.owner, video.id)
  expect(outcome).toMatchObject({ status: 'scheduled' })
  // On the queue the posts use, for its time.
  expect(queued.at(-1)).toMatchObject({ name: 'publish-post' })

  // Beside the posts on /agendar-posts, named as a Reel of its property.
  const upcoming = (await listPublications(handle.db, a.accountId, { status: ['scheduled'] })).map((row) => toView(row))
  expect(upcoming).toHaveLength(30)
  expect(upcoming.filter((item) => item.videoId === video.id)).toEqual([
    expect.objectContaining({ title: 'Reel — Apartamento no Itaim', caption: 'Apartamento à venda', postId: null }),
  ])

  // The month is full: another Reel is refused with the plan's words, and so is a post.
  const other = await videoBy(a.accountId, a.homeId, a.owner.id)
  const refused = await scheduleReel(a.owner, other.id)
  expect(refused).toMatchObject({
    status: 'over-limit',
    errors: { plan: [expect.stringContaining('Você já agendou 30 de 30 publicações do plano Corretor este mês.')] },
  })
  expect(await reelsOf(other.id)).toHaveLength(0)
  const postRefused = await schedulePost({ db: handle.db, postImages: publishing.postImages, jobs }, a.accountId, {
    by: a.owner,
    postId: post!.id,
    accountIds: [a.outbox.id],
    publishAt: new Date(Date.now() + 40 * day),
    caption: 'Casa com quintal',
    altText: '',
    slides: null,
    ratio: 'original',
    fit: 'cover',
  })
  expect(postRefused).toMatchObject({ status: 'over-limit' })

  // A video waits as one Reel at a time: scheduling it again is refused, nothing doubled.
  expect(await scheduleReel(a.owner, video.id)).toMatchObject({ status: expect.stringMatching(/invalid|over-limit/) })
  expect(await reelsOf(video.id)).toHaveLength(1)
})

test('roles and approval: a corretor schedules no other member’s video, nor an unapproved one; a gestor’s schedule approves the revision', async () => {
  const a = await account('imobiliaria_mensal')
  const gestorsVideo = await videoBy(a.accountId, a.homeId, a.gestor.id)
  const corretorsVideo = await videoBy(a.accountId, a.homeId, a.corretor.id, 'Legenda do corretor')

  // Another member's video: refused by POLICY, whatever the approval.
  expect(await scheduleReel(a.corretor, gestorsVideo.id)).toMatchObject({
    status: 'forbidden',
    errors: { video: [REEL_NOT_YOURS] },
  })
  // Their own, where the agency requires approval: someone who approves must schedule it; the
  // caption they typed is not kept either (nothing half-written).
  expect(await scheduleReel(a.corretor, corretorsVideo.id, { caption: 'Legenda que ninguém leu' })).toMatchObject({
    status: 'forbidden',
    errors: { video: [REEL_NEEDS_REVIEWER] },
  })
  expect(await reelsOf(corretorsVideo.id)).toHaveLength(0)
  const [kept] = await handle.db.select().from(videos).where(eq(videos.id, corretorsVideo.id))
  expect(kept!.caption).toBe('Legenda do corretor')

  // The gestor schedules it: that approves the video's revision as it is now.
  expect(await scheduleReel(a.gestor, corretorsVideo.id, { caption: 'Legenda aprovada' })).toMatchObject({
    status: 'scheduled',
  })
  const [approved] = await handle.db.select().from(videos).where(eq(videos.id, corretorsVideo.id))
  expect(approved!.approved_revision).toBe(approved!.revision)
  const [reel] = await reelsOf(corretorsVideo.id)
  expect(reel!.caption).toBe('Legenda aprovada')

  // The caption changes afterwards (any path): the publisher refuses what nobody approved.
  await setVideoCaption(handle.db, a.accountId, corretorsVideo.id, 'Legenda trocada depois')
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, reel!.id))
  expect(await runPublication(publishing, reel!.id)).toBe('failed')
  const [refused] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, reel!.id))
  expect(refused!.error).toMatch(new RegExp(`^${NEEDS_NEW_APPROVAL}`))
  expect(await listReelOutbox(storage, a.accountId)).toHaveLength(0)

  // A Reel forced past the form (never approved) is refused the same way.
  const forced = await insertReelPublication(handle.db, a.accountId, {
    videoId: gestorsVideo.id,
    accountId: a.outbox.id,
    publishAt: new Date(Date.now() - 1000),
    caption: gestorsVideo.caption,
  })
  expect(await runPublication(publishing, forced!.id)).toBe('failed')
  const [forcedRow] = await handle.db
    .select()
    .from(scheduledPublications)
    .where(eq(scheduledPublications.id, forced!.id))
  expect(forcedRow!.error).toMatch(new RegExp(`^${NEEDS_NEW_APPROVAL}`))

  // Scheduled by the gestor and unchanged: it goes out, to the outbox here.
  const fresh = await videoBy(a.accountId, a.homeId, a.corretor.id)
  const scheduled = await scheduleReel(a.gestor, fresh.id)
  expect(scheduled).toMatchObject({ status: 'scheduled' })
  const id = (scheduled as { publicationId: number }).publicationId
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, id))
  expect(await runPublication(publishing, id)).toBe('published')
  expect(await listReelOutbox(storage, a.accountId)).toEqual([expect.objectContaining({ videoId: fresh.id })])
})

test('a Reel Meta is not ready to publish is retried like a post, and goes out once', async () => {
  const a = await account('corretor_mensal')
  const instagram = await saveConnectedAccount(handle.db, a.accountId, publishing.credentialsKey, {
    provider: 'instagram',
    name: '@imobiliaria.teste',
    externalId: 'ig-user-1',
    token: TOKEN,
    expiresAt: new Date(Date.now() + 30 * day),
  })
  const video = await videoBy(a.accountId, a.homeId, a.owner.id)
  const scheduled = await scheduleReel(a.owner, video.id, { account_id: instagram })
  expect(scheduled).toMatchObject({ status: 'scheduled' })
  const id = (scheduled as { publicationId: number }).publicationId
  await handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000) })
    .where(eq(scheduledPublications.id, id))
  graph.state.publish9007 = 1
  // Meta says "Media ID is not available": the attempt lets the lease go and the queue retries.
  expect(await runPublication(publishing, id)).toBe('retry')
  const [waiting] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id))
  expect(waiting).toMatchObject({ status: 'scheduled', attempts: 1, lease_until: null })
  expect(waiting!.progress.container).toBeTruthy()
  expect(await runPublication(publishing, id)).toBe('published')
  // The container made on the first attempt was reused: one Reel container, one post on Instagram.
  const reels = [...graph.state.containers.values()].filter((c) => c.mediaType === 'REELS')
  expect(reels).toHaveLength(1)
  expect(graph.state.media).toHaveLength(1)
  const [done] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id))
  expect(done).toMatchObject({ status: 'published', attempts: 2, external_id: graph.state.media[0]!.id })
})
