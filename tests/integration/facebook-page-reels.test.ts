// A property video as a Reel to Instagram and to a Facebook Page (ADR 320), below the HTTP layer:
// a real database, the Reel form's workflow, the publishing attempts and the real Graph and Pages
// clients against the local Graph server (tests/mocks/meta-graph.ts with meta-pages-video.ts),
// which downloads the MP4 from the signed address a local server serves with the app's own
// function, as Facebook would. The two destinations are two publications, each published once:
// one Reel on Instagram, one video_reels start and finish on the Page, even when an attempt dies
// after the start or hangs in the finish. A Reel as a Story goes to the Page through video_stories.
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
import { homes, scheduledPublications, users, videos } from '../../db/schema'
import { dbContext, jobsContext, type SessionUser } from '../../app/context'
import { zonedDate } from '../../app/domain/dates'
import { createGraphClient, GraphError } from '../../app/integrations/meta/graph.server'
import { createPagesClient } from '../../app/integrations/meta/facebook-pages.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { insertReelPublication } from '../../app/models/scheduled-publications.server'
import { ensureOutboxAccount, saveConnectedAccount } from '../../app/models/social-accounts.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import type { Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { publicationReelFile, runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { scheduleReel } from '../../app/workflows/video-reels.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { createTestDatabase } from '../setup/db'

const logger = createLogger('silent')
const day = 86_400_000
const TOKEN = 'token-reels'
const PAGE = { id: '900100200300', token: 'page-token-1' }
let dir = ''
let handle: DatabaseHandle
let storage: Storage
let publishing: PublishingDeps
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
let files: http.Server
const jobs = { send: async () => {} } as unknown as Jobs

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-page-reels-'))
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
    pages: createPagesClient({ baseUrl: graph.graphUrl }),
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

/** An agent on a paid plan with an authorised property, Instagram and their Facebook Page. */
async function agent() {
  const id = randomUUID()
  await handle.db.insert(users).values({ id, email: `ana-${id}@example.com`, full_name: 'Ana' })
  await applySubscriptionState(handle.db, {
    userId: id,
    provider: 'demo',
    customerId: `demo_cus_${id}`,
    subscriptionId: `demo_sub_${id}`,
    status: 'active',
    lookupKey: 'corretor_mensal',
    currentPeriodEnd: new Date(Date.now() + 30 * day),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
  const [home] = await handle.db
    .insert(homes)
    .values({
      user_id: id,
      status: 'sale',
      category: 'apartment',
      name: 'Apartamento no Itaim',
      zipcode: '04530-001',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    })
    .returning()
  await authorizeHome(handle.db, id, home!.id)
  const connect = (provider: 'instagram' | 'facebook', name: string, externalId: string, token: string) =>
    saveConnectedAccount(handle.db, id, publishing.credentialsKey, {
      provider,
      name,
      externalId,
      token,
      expiresAt: provider === 'instagram' ? new Date(Date.now() + 30 * day) : null,
    })
  const user: SessionUser = { id, email: '', full_name: 'Ana', role: 'user', accountId: id, accountRole: 'owner' }
  return {
    user,
    homeId: home!.id,
    outbox: (await ensureOutboxAccount(handle.db, id)).id,
    instagram: await connect('instagram', '@imobiliaria.teste', 'ig-user-1', TOKEN),
    page: await connect('facebook', 'Imobiliária Teste', PAGE.id, PAGE.token),
  }
}

/** A ready video: its MP4 and cover in storage, as the renderer leaves them. */
async function video(accountId: string, homeId: number) {
  const key = `users/${accountId}/videos/${randomUUID()}`
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(2000)])
  await storage.put(`${key}/video.mp4`, mp4, 'video/mp4')
  const cover = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#14213D' } })
    .jpeg()
    .toBuffer()
  await storage.put(`${key}/capa.jpg`, cover, 'image/jpeg')
  const [row] = await handle.db
    .insert(videos)
    .values({
      user_id: accountId,
      created_by: accountId,
      home_id: homeId,
      status: 'ready',
      options: { duration: 30, narration: false, photos: [] },
      caption: 'Apartamento no Itaim',
      duration_ms: 30_000,
      byte_size: 2012,
      storage_key: `${key}/video.mp4`,
      cover_key: `${key}/capa.jpg`,
    })
    .returning()
  return row!.id
}

function contextOf() {
  const context = new RouterContextProvider()
  context.set(dbContext, handle.db)
  context.set(jobsContext, jobs)
  return context
}

/** The video page's "Agendar" form, as submitted, with these accounts ticked. */
const schedule = (user: SessionUser, videoId: number, accountIds: number[]) =>
  scheduleReel(contextOf(), user, videoId, {
    account_ids: accountIds.map(String),
    date: zonedDate(new Date(Date.now() + day)),
    time: '10:00',
    caption: 'Apartamento no Itaim, pronto para morar #imoveis',
  })

/** Due now, its lease let go (as after the lease of an attempt that died ran out). */
const due = (id: number) =>
  handle.db
    .update(scheduledPublications)
    .set({ publish_at: new Date(Date.now() - 1000), lease_until: null })
    .where(eq(scheduledPublications.id, id))

const rowOf = async (id: number) =>
  (await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!

/** The Page's video calls since `from`, as the local Graph server received them. */
const callsSince = (from: number) => graph.state.videoCalls.slice(from).filter((call) => !call.startsWith('upload '))
const uploadsSince = (from: number) => graph.state.videoCalls.slice(from).filter((call) => call.startsWith('upload '))

test('a Reel to Instagram and the Page: two publications, each published once; none ticked is refused', async () => {
  const a = await agent()
  const videoId = await video(a.user.accountId, a.homeId)
  // None ticked: refused beside the field, the values kept, nothing saved.
  const refused = await schedule(a.user, videoId, [])
  expect(refused).toMatchObject({
    status: 'invalid',
    errors: { account_ids: ['Escolha ao menos uma conta.'] },
    values: { time: '10:00', account_ids: [] },
  })
  const scheduled = await schedule(a.user, videoId, [a.instagram, a.page])
  expect(scheduled.status).toBe('scheduled')
  const ids = (scheduled as { publicationIds: number[] }).publicationIds
  expect(ids).toHaveLength(2)
  const calls = graph.state.videoCalls.length
  const reelsBefore = graph.state.media.filter((m) => m.mediaType === 'REELS').length
  for (const id of ids) {
    await due(id)
    expect(await runPublication(publishing, id)).toBe('published')
  }
  // A job run again finds each done.
  for (const id of ids) expect(await runPublication(publishing, id)).toBe('skipped')

  expect(graph.state.media.filter((m) => m.mediaType === 'REELS').length - reelsBefore).toBe(1)
  expect(callsSince(calls)).toEqual(['video_reels start', 'video_reels finish'])
  expect(uploadsSince(calls)).toHaveLength(1)
  const rows = await Promise.all(ids.map(rowOf))
  const pageRow = rows.find((row) => row.social_account_id === a.page)!
  expect(rows.find((row) => row.social_account_id === a.instagram)).toMatchObject({ status: 'published', attempts: 1 })
  expect(pageRow).toMatchObject({ status: 'published', attempts: 1 })
  // The Reel on the Page: the MP4 fetched from our signed link, the caption as its description.
  const reel = graph.state.pageVideos.get(pageRow.external_id!)!
  expect(reel).toMatchObject({ pageId: PAGE.id, edge: 'video_reels', finished: true })
  expect(reel.description).toBe('Apartamento no Itaim, pronto para morar #imoveis')
  expect(reel.fileUrl).toContain(`/agendar-posts/midia/${pageRow.id}/video.mp4`)
  expect(pageRow.permalink).toBe(`https://www.facebook.com/reel/${reel.id}`)
}, 60_000)

test('an attempt that dies after the start, or hangs in the finish, makes no second Reel', async () => {
  const a = await agent()
  const videoId = await video(a.user.accountId, a.homeId)
  const scheduled = await schedule(a.user, videoId, [a.page])
  const id = (scheduled as { publicationId: number }).publicationId
  await due(id)
  const calls = graph.state.videoCalls.length
  // The attempt dies on the way to the upload: the session (its video id) is already saved.
  const cut: typeof fetch = async (input, init) => {
    if (String(input).includes('/video-upload/')) throw new Error('conexão perdida')
    return fetch(input, init)
  }
  const dying = { ...publishing, pages: createPagesClient({ baseUrl: graph.graphUrl, fetch: cut }) }
  expect(await runPublication(dying, id)).toBe('retry')
  const started = await rowOf(id)
  expect(started.status).toBe('scheduled')
  expect(started.progress.container).toBeTruthy()
  // The next attempt hangs in the finish, which Facebook takes: the client gives up.
  graph.state.hangVideoFinish = 1
  await due(id)
  const impatient = { ...publishing, pages: createPagesClient({ baseUrl: graph.graphUrl, timeoutMs: 1_000 }) }
  expect(await runPublication(impatient, id)).toBe('retry')
  // The third reads the video's status: finished, so it only waits for it to be ready.
  await due(id)
  expect(await runPublication(publishing, id)).toBe('published')
  expect(callsSince(calls)).toEqual(['video_reels start', 'video_reels finish'])
  const done = await rowOf(id)
  expect(done).toMatchObject({ status: 'published', attempts: 3, external_id: started.progress.container })
  const reels = [...graph.state.pageVideos.values()].filter((v) => v.pageId === PAGE.id && v.id === done.external_id)
  expect(reels).toHaveLength(1)
  expect(reels[0]!.finished).toBe(true)
}, 60_000)

test('a Reel as a Page Story goes out through video_stories, once, even when the finish hangs', async () => {
  const a = await agent()
  const videoId = await video(a.user.accountId, a.homeId)
  const row = await insertReelPublication(handle.db, a.user.accountId, {
    videoId,
    accountId: a.page,
    publishAt: new Date(Date.now() - 1000),
    caption: 'Apartamento no Itaim',
    kind: 'story',
  })
  const calls = graph.state.videoCalls.length
  graph.state.hangVideoFinish = 1
  const impatient = { ...publishing, pages: createPagesClient({ baseUrl: graph.graphUrl, timeoutMs: 1_000 }) }
  expect(await runPublication(impatient, row!.id)).toBe('retry')
  await due(row!.id)
  expect(await runPublication(publishing, row!.id)).toBe('published')
  expect(callsSince(calls)).toEqual(['video_stories start', 'video_stories finish'])
  const done = await rowOf(row!.id)
  const made = graph.state.pageVideos.get(done.progress.container!)!
  expect(made).toMatchObject({ edge: 'video_stories', finished: true, pageId: PAGE.id })
  // Its id is the Story's post, found among the Page's Stories after the finish that hung.
  expect(done.external_id).toBe(made.postId)
}, 60_000)

test('the local Pages server refuses an upload without file_url and a finish before the upload', async () => {
  const pages = createPagesClient({ baseUrl: graph.graphUrl })
  const session = await pages.startVideo(PAGE.id, PAGE.token, 'video_reels')
  const bare = await fetch(session.uploadUrl, { method: 'POST', headers: { Authorization: `OAuth ${PAGE.token}` } })
  expect(bare.status).toBe(400)
  expect(((await bare.json()) as { error: { message: string } }).error.message).toMatch(/file_url/)
  const early = await pages.finishReel(PAGE.id, PAGE.token, session.videoId, 'legenda').catch((error: unknown) => error)
  expect(early).toBeInstanceOf(GraphError)
  expect((early as GraphError).code).toBe(6000)
  expect(graph.state.pageVideos.get(session.videoId)!.finished).toBe(false)
})
