// A piece to Instagram and to a Facebook Page (issue 63 item 3, ADR 308), below the HTTP layer: a
// real database, the app's renderer, the page's own action and the publishing attempts, the real
// Graph and Pages clients against the local Graph server (tests/mocks/meta-graph.ts), which
// downloads each image from the signed address a local server serves with the app's own function,
// as Meta would. Facebook Login lists the agent's Pages (each an account, its token sealed); the
// form's two destinations are two publications, each published once: one media_publish on
// Instagram and one post on the Page, carrying both photos, even when an attempt is run twice or
// cut short while the Page post is being made. A Story sequence goes to the Page one photo Story
// per frame, in order, and a frame cut short is settled from the Page's Stories.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { posts, scheduledPublications, socialAccounts, users } from '../../db/schema'
import { dbContext, jobsContext, postImagesContext, publishingContext, type SessionUser } from '../../app/context'
import { parseEnv } from '../../app/env.server'
import { makeSlide } from '../../app/domain/slides'
import { createPagesClient } from '../../app/integrations/meta/facebook-pages.server'
import { publishStoriesToFacebookPage } from '../../app/integrations/meta/facebook-publisher.server'
import type { PublishProgress } from '../../app/domain/scheduling'
import sharp from 'sharp'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { accountToken, getAccount, saveConnectedAccount } from '../../app/models/social-accounts.server'
import { scheduleAction } from '../../app/routes/scheduling/schedule.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createJobsOn, type Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { finishInstagramConnection, instagramConsentUrl } from '../../app/workflows/instagram-connection.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createPublishing, type Publishing } from '../../app/workflows/publishing-service.server'
import { publicationImage, runPublication } from '../../app/workflows/publishing.server'
import { scheduleFormData } from '../../app/workflows/scheduling-form.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { createTestDatabase } from '../setup/db'
import { sessionUser } from '../support/billing'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const logger = createLogger('silent')
const TOKEN = 'token-valido'
let dataDir = ''
let handle: DatabaseHandle
let jobs: Jobs
let images: http.Server
let publishing: Publishing
let context: RouterContextProvider
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pages-'))
  graph = await startMockMetaGraph({ token: TOKEN })
  images = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const m = /^\/agendar-posts\/midia\/(\d+)\/(\d+)\.jpg$/.exec(url.pathname)
    const bytes = m ? await publicationImage(publishing.deps, Number(m[1]), Number(m[2]), url) : null
    if (!bytes) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes)
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  const env = parseEnv({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    META_APP_ID: 'app-teste',
    META_APP_SECRET: 'segredo-teste',
    META_GRAPH_URL: graph.graphUrl,
    META_LOGIN_URL: graph.url,
    FACEBOOK_GRAPH_URL: graph.graphUrl,
    FACEBOOK_LOGIN_URL: graph.url,
  })
  handle = await createTestDatabase()
  jobs = createJobsOn(handle, undefined, logger)
  const storage = createDiskStorage(path.join(dataDir, 'uploads'))
  const postImages = createPostImages({ storage, logger })
  publishing = await createPublishing({
    env,
    logger,
    database: handle,
    postImages,
    storage,
    siteUrl: `http://127.0.0.1:${(images.address() as AddressInfo).port}`,
    jobs,
  })
  publishing.deps.poll = { intervalMs: 20 }
  context = new RouterContextProvider()
  context.set(publishingContext, publishing)
  context.set(dbContext, handle.db)
  context.set(postImagesContext, postImages)
  context.set(jobsContext, jobs)
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await graph?.close()
  await new Promise((resolve) => images?.close(resolve))
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function agent(): Promise<SessionUser> {
  const id = randomUUID()
  await handle.db.insert(users).values({ id, email: `ana-${id}@example.com`, full_name: 'Ana' })
  await seedDemoSubscription(handle.db, id)
  return sessionUser(id, `ana-${id}@example.com`)
}

async function carousel(user: SessionUser) {
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: user.accountId,
      created_by: user.id,
      template: 'carrossel',
      format: 'carousel',
      type: 'carousel',
      description: 'Apartamento à venda no Jardins',
      meta: { slides: [makeSlide('a', 'text', { title: 'Sala ampla' }), makeSlide('b', 'text', { title: 'Varanda' })] },
      generated_at: new Date(),
    })
    .returning()
  return post!.id
}

/** Facebook Login as the agent goes through it: the consent page, and back with its code. */
async function connectPages(user: SessionUser) {
  const consent = instagramConsentUrl(publishing, user.accountId, 'facebook')
  expect(consent).toMatch(/\/v23\.0\/dialog\/oauth\?/)
  expect(new URL(consent!).searchParams.get('scope')).toContain('pages_manage_posts')
  const answer = await fetch(consent!, { redirect: 'manual' })
  const back = new URL(answer.headers.get('location')!)
  expect(back.pathname).toBe('/integracoes/meta/retorno')
  return finishInstagramConnection({ db: handle.db, publishing, logger }, user.accountId, back.searchParams)
}

const inTwoDays = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(
    new Date(Date.now() + 2 * 86_400_000),
  )

async function scheduleToBoth(user: SessionUser, postId: number, accountIds: number[], time: string) {
  const body = new FormData()
  body.append('post_id', String(postId))
  for (const id of accountIds) body.append('account_ids', String(id))
  body.append('date', inTwoDays())
  body.append('time', time)
  body.append('caption', 'Apartamento à venda no Jardins')
  body.append('first_comment', '#imoveis CRECI 12345-F')
  body.append('collaborators', '@imobiliaria.centro')
  const request = new Request('http://localhost/agendar-posts/agendamento', { method: 'POST', body })
  const answer = await scheduleAction(context, request, user)
  expect(answer).toBeInstanceOf(Response)
  expect((answer as Response).status).toBe(302)
  return handle.db
    .update(scheduledPublications)
    .set({ publish_at: sql`now() - interval '1 second'` })
    .where(eq(scheduledPublications.post_id, postId))
    .returning()
}

const mediaPublishes = () => graph.state.requests.filter((request) => request.endsWith('/media_publish')).length

test('Facebook Login lists the Pages: each becomes an account with its Page token sealed', async () => {
  const user = await agent()
  const outcome = await connectPages(user)
  expect(outcome).toEqual({ status: 'connected', network: 'facebook', names: ['Imobiliária Teste'] })
  const [row] = await handle.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.user_id, user.accountId), eq(socialAccounts.provider, 'facebook')))
  expect(row).toMatchObject({ name: 'Imobiliária Teste', external_id: '900100200300', expires_at: null })
  expect(row!.token_sealed).not.toContain('page-token-1')
  expect(accountToken(row!, publishing.deps.credentialsKey)).toBe('page-token-1')
  // Connecting again updates the same account.
  await connectPages(user)
  const again = await handle.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.user_id, user.accountId), eq(socialAccounts.provider, 'facebook')))
  expect(again).toHaveLength(1)
  // A state signed for someone else is refused.
  const stranger = await agent()
  const consent = instagramConsentUrl(publishing, user.accountId, 'facebook')!
  const back = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!)
  const refused = await finishInstagramConnection(
    { db: handle.db, publishing, logger },
    stranger.accountId,
    back.searchParams,
  )
  expect(refused.status).toBe('failed')
}, 30_000)

test('a piece sent to both Instagram and a Facebook Page becomes two publications, each published once', async () => {
  const user = await agent()
  const instagram = await saveConnectedAccount(handle.db, user.accountId, publishing.deps.credentialsKey, {
    provider: 'instagram',
    name: '@imobiliaria.teste',
    externalId: `ig-${randomUUID()}`,
    token: TOKEN,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  })
  await connectPages(user)
  const form = await scheduleFormData(context, user, null)
  const page = form.accounts.find((account) => account.name === 'Imobiliária Teste · Página do Facebook')
  expect(page).toBeDefined()
  expect(form.accounts.map((account) => account.name)).toContain('@imobiliaria.teste')

  const postId = await carousel(user)
  // No destination: refused beside the field (400), the values kept, nothing saved.
  const none = new FormData()
  for (const [name, value] of [
    ['post_id', String(postId)],
    ['date', inTwoDays()],
    ['time', '18:30'],
  ])
    none.append(name!, value!)
  const refused = (await scheduleAction(
    context,
    new Request('http://localhost/agendar-posts/agendamento', { method: 'POST', body: none }),
    user,
  )) as { init: ResponseInit | null; data: { errors: Record<string, string[]>; values: Record<string, unknown> } }
  expect(refused.init?.status).toBe(400)
  expect(refused.data.errors).toEqual({ account_ids: ['Escolha ao menos uma conta.'] })
  expect(refused.data.values).toMatchObject({ time: '18:30', account_ids: [] })
  const rows = await scheduleToBoth(user, postId, [instagram, page!.id], '18:30')
  expect(rows).toHaveLength(2)
  const byAccount = new Map(rows.map((row) => [row.social_account_id, row]))
  // Collaborators are Instagram's: the Page's publication keeps none.
  expect(byAccount.get(instagram)!.collaborators).toEqual(['imobiliaria.centro'])
  expect(byAccount.get(page!.id)!.collaborators).toEqual([])

  const publishesBefore = mediaPublishes()
  const pagePostsBefore = graph.state.pagePosts.length
  for (const row of rows) expect(await runPublication(publishing.deps, row.id)).toBe('published')
  // A job run again finds each done.
  for (const row of rows) expect(await runPublication(publishing.deps, row.id)).toBe('skipped')

  // Exactly one Instagram publish and one Page post reached "Meta".
  expect(mediaPublishes() - publishesBefore).toBe(1)
  expect(graph.state.pagePosts.length - pagePostsBefore).toBe(1)
  const pagePost = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.post_id, postId))
  const pageRow = pagePost.find((row) => row.social_account_id === page!.id)!
  const igRow = pagePost.find((row) => row.social_account_id === instagram)!
  expect(pageRow).toMatchObject({ status: 'published', attempts: 1 })
  expect(igRow).toMatchObject({ status: 'published', attempts: 1 })
  const made = graph.state.pagePosts.filter((post) => post.id === pageRow.external_id)
  expect(made).toHaveLength(1)
  expect(made[0]).toMatchObject({ kind: 'post', pageId: '900100200300', message: 'Apartamento à venda no Jardins' })
  // The Page post carries both photos, each uploaded unpublished with its alt text, in order.
  expect(made[0]!.photoIds).toHaveLength(2)
  const photos = made[0]!.photoIds.map((id) => graph.state.pagePhotos.get(id)!)
  expect(photos.every((photo) => !photo.published && photo.url.includes(`/agendar-posts/midia/${pageRow.id}/`))).toBe(
    true,
  )
  expect(photos[0]!.altText).toContain('Sala ampla')
  expect(pageRow.permalink).toBe(made[0]!.permalink)
  // The first comment went to both, each through its own network.
  expect(graph.state.comments.filter((c) => c.mediaId === pageRow.external_id)).toHaveLength(1)
  expect(graph.state.comments.filter((c) => c.mediaId === igRow.external_id)).toHaveLength(1)
  expect(pageRow.comment_error).toBeNull()
}, 90_000)

test('an attempt cut short while the Page post is made is settled from the Page: posted once', async () => {
  const user = await agent()
  await connectPages(user)
  const page = (await scheduleFormData(context, user, null)).accounts.find((a) => a.name.startsWith('Imobiliária'))!
  const postId = await carousel(user)
  const [row] = await scheduleToBoth(user, postId, [page.id], '19:00')
  const before = graph.state.pagePosts.length
  // The feed call posts and never answers: the attempt times out and is retried.
  graph.state.hangFeed = 1
  const impatient = { ...publishing.deps, pages: createPagesClient({ baseUrl: graph.graphUrl, timeoutMs: 1_000 }) }
  expect(await runPublication(impatient, row!.id)).toBe('retry')
  expect(graph.state.pagePosts.length - before).toBe(1)
  await handle.db.update(scheduledPublications).set({ lease_until: null }).where(eq(scheduledPublications.id, row!.id))
  expect(await runPublication(publishing.deps, row!.id)).toBe('published')
  expect(graph.state.pagePosts.length - before).toBe(1)
  const [done] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, row!.id))
  expect(done!.external_id).toBe(graph.state.pagePosts.at(-1)!.id)
  expect((await getAccount(handle.db, user.accountId, page.id))!.reconnect_reason).toBeNull()
}, 60_000)

test('a Story sequence goes to the Page one photo Story per frame, in order; a frame cut short is not sent again', async () => {
  const jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer()
  const frames = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg))
  await new Promise<void>((resolve) => frames.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(frames.address() as AddressInfo).port}`
  const imageUrls = [1, 2, 3].map((n) => `${base}/quadro-${n}.jpg`)
  const pages = createPagesClient({ baseUrl: graph.graphUrl })
  const target = { pageId: '900100200300', token: 'page-token-1' }
  const stories = () => graph.state.pagePosts.filter((post) => post.kind === 'story')
  try {
    const before = stories().length
    let saved: PublishProgress = {}
    const outcome = await publishStoriesToFacebookPage(pages, target, {
      imageUrls,
      progress: {},
      saveProgress: async (progress) => void (saved = progress),
    })
    const made = stories().slice(before)
    expect(made.map((story) => graph.state.pagePhotos.get(story.photoIds[0]!)!.url)).toEqual(imageUrls)
    expect(outcome.externalId).toBe(made[0]!.id)
    // A crash right after the second frame's Story call: its media id was never saved.
    const cut = saved.stories!.map((frame, i) =>
      i === 1 ? { container: frame.container, publishing: true } : i === 2 ? {} : frame,
    )
    await publishStoriesToFacebookPage(pages, target, {
      imageUrls,
      progress: { stories: cut },
      saveProgress: async () => {},
    })
    // Only the third frame went out again (its first Story had been made by the first run).
    const again = stories().slice(before + 3)
    expect(again).toHaveLength(1)
    expect(graph.state.pagePhotos.get(again[0]!.photoIds[0]!)!.url).toBe(imageUrls[2])
  } finally {
    await new Promise((resolve) => frames.close(resolve))
  }
}, 30_000)
