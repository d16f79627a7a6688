// Publishing to Instagram below the HTTP layer: a real database, the app's renderer, pg-boss on
// the same database, the real Graph client against a local Graph API server (tests/mocks/
// meta-graph.ts), which downloads each image from the signed address a local server serves with
// the app's own function, as Meta would.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { posts, scheduledPublications, socialAccounts, users } from '../../db/schema'
import { makeSlide } from '../../app/domain/slides'
import { createJobs, type Jobs, type SqlClient } from '../../app/utils/jobs.server'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { insertPublication, type Publication } from '../../app/models/scheduled-publications.server'
import { accountToken, saveConnectedAccount } from '../../app/models/social-accounts.server'
import {
  authorizeUrl,
  exchangeCode,
  metaLoginConfig,
  signState,
  validState,
} from '../../app/integrations/meta/instagram-login.server'
import { refreshExpiringTokens } from '../../app/workflows/publishing-service.server'
import { createLogger } from '../../app/utils/logger.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import {
  PUBLISH_QUEUE,
  enqueuePublication,
  publicationImage,
  recoverPublications,
  runPublication,
  startPublishingWorker,
  type PublishingDeps,
} from '../../app/workflows/publishing.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { createTestDatabase } from '../setup/db'
import { retryPublication } from '../../app/workflows/scheduling.server'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const TOKEN = 'token-valido'
let handle: DatabaseHandle
let dir: string
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
let images: http.Server
let deps: PublishingDeps
let userId: string
let carouselId: number
let storyId: number
const openJobs: Jobs[] = []

async function insertPost(format: string, count: number) {
  const slides = Array.from({ length: count }, (_, i) =>
    makeSlide(`s${i}`, 'text', { title: `Slide ${i + 1}`, description: 'Apartamento com varanda gourmet' }),
  )
  const [row] = await handle.db
    .insert(posts)
    .values({
      user_id: userId,
      template: 'carrossel',
      format,
      type: 'carousel',
      description: 'Legenda',
      meta: { slides },
      generated_at: new Date(),
    })
    .returning()
  return row!.id
}

async function account(token: string) {
  return saveConnectedAccount(handle.db, userId, deps.credentialsKey, {
    provider: 'instagram',
    name: '@imobiliaria.teste',
    externalId: `ig-${randomUUID()}`,
    token,
    expiresAt: new Date(Date.now() + 30 * 86400_000),
  })
}

async function schedule(postId: number, accountId: number, slides: number[]): Promise<Publication> {
  return insertPublication(handle.db, userId, {
    postId,
    accountId,
    publishAt: new Date(Date.now() - 1000),
    caption: 'Apartamento à venda 🏡\nAgende sua visita! #imoveis',
    slides,
    altText: 'Sala ampla com varanda',
    ratio: 'original',
    fit: 'cover',
  })
}

const row = async (id: number) =>
  (await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, id)))[0]!

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('timed out')
}

const jobStates = async (ids: string[]) =>
  (
    await handle.db.execute<{ state: string }>(
      sql`select state from pgboss.job where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  ).rows.map((r) => r.state)

function jobs() {
  const client = (handle.db as unknown as { $client: SqlClient }).$client
  const service = createJobs({ client, logger: createLogger('silent'), pollingIntervalSeconds: 0.5, retryDelay: 1 })
  openJobs.push(service)
  return service
}

const mediaPublishCalls = () => graph.state.requests.filter((r) => r.endsWith('/media_publish')).length

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-publishing-'))
  graph = await startMockMetaGraph({ token: TOKEN })
  images = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const m = /^\/agendar-posts\/midia\/(\d+)\/(\d+)\.jpg$/.exec(url.pathname)
    const bytes = m ? await publicationImage(deps, Number(m[1]), Number(m[2]), url) : null
    if (!bytes) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes)
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  const logger = createLogger('silent')
  deps = {
    db: handle.db,
    logger,
    postImages: createPostImages({ storage: createDiskStorage(dir), logger }),
    storage: createDiskStorage(dir),
    graph: createGraphClient({ baseUrl: graph.graphUrl }),
    credentialsKey: 'chave-de-teste',
    appUrl: `http://127.0.0.1:${(images.address() as AddressInfo).port}`,
    poll: { intervalMs: 20 },
  }
  userId = randomUUID()
  await handle.db
    .insert(users)
    .values({ id: userId, email: `p-${userId}@example.com`, full_name: 'Paula', role: 'user' })
  // Scheduling is a paid plan's (the free state has none): the seeded demo account's plan.
  await seedDemoSubscription(handle.db, userId)
  carouselId = await insertPost('carousel', 4)
  storyId = await insertPost('story', 1)
}, 120_000)

afterAll(async () => {
  for (const service of openJobs) await service.stop().catch(() => {})
  await graph?.close()
  images?.close()
  await handle?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the Graph API flow', () => {
  test('a carousel of 4 is published once, with 4 children, and its permalink kept', async () => {
    const accountId = await account(TOKEN)
    const [stored] = await handle.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId))
    expect(stored!.token_sealed).not.toContain(TOKEN)
    const publication = await schedule(carouselId, accountId, [0, 1, 2, 3])
    const before = graph.state.media.length
    expect(await runPublication(deps, publication.id)).toBe('published')
    expect(graph.state.media.length).toBe(before + 1)
    const media = graph.state.media[0]!
    expect(media.children).toHaveLength(4)
    expect(media.caption).toBe('Apartamento à venda 🏡\nAgende sua visita! #imoveis')
    for (const child of media.children)
      expect(graph.state.containers.get(child)!.altText).toBe('Sala ampla com varanda')
    const saved = await row(publication.id)
    expect(saved).toMatchObject({
      status: 'published',
      published: true,
      permalink: media.permalink,
      external_id: media.id,
    })
    // A job run again does nothing.
    expect(await runPublication(deps, publication.id)).toBe('skipped')
    expect(graph.state.media.length).toBe(before + 1)
  })

  test('a 9007 on media_publish is retried by the queue, and the post goes out once', async () => {
    const accountId = await account(TOKEN)
    const publication = await schedule(carouselId, accountId, [0, 1])
    graph.state.publish9007 = 1
    const calls = mediaPublishCalls()
    const before = graph.state.media.length
    const queue = jobs()
    await startPublishingWorker(queue, deps)
    await enqueuePublication(queue, publication)
    await until(async () => (await row(publication.id)).status === 'published')
    expect(mediaPublishCalls() - calls).toBe(2)
    expect(graph.state.media.length).toBe(before + 1)
    expect((await row(publication.id)).attempts).toBe(2)
  })

  test('a revoked token fails the publication with a pt-BR reason and asks for reconnection', async () => {
    const accountId = await account('token-revogado')
    const publication = await schedule(carouselId, accountId, [0, 1])
    expect(await runPublication(deps, publication.id)).toBe('failed')
    const saved = await row(publication.id)
    expect(saved.status).toBe('failed')
    expect(saved.error).toMatch(/^O acesso à conta do Instagram foi revogado ou expirou/)
    const [stored] = await handle.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId))
    expect(stored!.reconnect_reason).toBe('O Instagram revogou o acesso desta conta.')
  })

  test('after reconnecting, "tentar novamente" publishes the failed publication', async () => {
    const externalId = `ig-${randomUUID()}`
    const connect = (token: string) =>
      saveConnectedAccount(handle.db, userId, deps.credentialsKey, {
        provider: 'instagram',
        name: '@volta',
        externalId,
        token,
        expiresAt: new Date(Date.now() + 30 * 86400_000),
      })
    const accountId = await connect('token-revogado')
    const publication = await schedule(carouselId, accountId, [0, 1])
    expect(await runPublication(deps, publication.id)).toBe('failed')
    // The agent connects the same Instagram account again: same row, new token, no banner.
    expect(await connect(TOKEN)).toBe(accountId)
    const queue = jobs()
    await startPublishingWorker(queue, deps)
    const before = graph.state.media.length
    expect(
      await retryPublication({ db: handle.db, postImages: deps.postImages, jobs: queue }, userId, publication.id),
    ).toEqual({ status: 'queued' })
    await until(async () => (await row(publication.id)).status === 'published')
    expect(graph.state.media.length).toBe(before + 1)
    expect(
      await retryPublication({ db: handle.db, postImages: deps.postImages, jobs: queue }, randomUUID(), publication.id),
    ).toEqual({ status: 'not-found' })
  })

  test('a 9:16 image refused by Meta (2207009) fails at once, without retrying', async () => {
    const accountId = await account(TOKEN)
    const publication = await schedule(storyId, accountId, [0])
    expect(await runPublication(deps, publication.id)).toBe('failed')
    const saved = await row(publication.id)
    expect(saved.error).toMatch(/proporção da imagem/)
    expect(saved.error).toContain('2207009')
    expect(saved.attempts).toBe(1)
  })

  test('the daily limit (content_publishing_limit) fails the publication before any container', async () => {
    const accountId = await account(TOKEN)
    const publication = await schedule(carouselId, accountId, [0, 1])
    const containers = graph.state.containers.size
    graph.state.quota.used = graph.state.quota.total
    try {
      expect(await runPublication(deps, publication.id)).toBe('failed')
    } finally {
      graph.state.quota.used = 0
    }
    expect((await row(publication.id)).error).toMatch(/limite diário/)
    expect(graph.state.containers.size).toBe(containers)
  })
})

describe('robustness', () => {
  test('two workers given the same publication twice publish it once', async () => {
    const accountId = await account(TOKEN)
    const publication = await schedule(carouselId, accountId, [0, 1, 2])
    const before = graph.state.media.length
    const [a, b] = [jobs(), jobs()]
    await startPublishingWorker(a, deps)
    await startPublishingWorker(b, deps)
    // Two jobs for one publication (a duplicate delivery), one sent through each instance.
    const sent = [
      await a.send(PUBLISH_QUEUE, { publicationId: publication.id }, { singletonKey: 'copia-a' }),
      await b.send(PUBLISH_QUEUE, { publicationId: publication.id }, { singletonKey: 'copia-b' }),
    ]
    expect(sent).not.toContain(null)
    // Both deliveries worked to the end, not only the first one seen publishing.
    await until(async () => (await jobStates(sent as string[])).every((state) => state === 'completed'))
    expect((await row(publication.id)).status).toBe('published')
    expect(graph.state.media.length).toBe(before + 1)
    expect(await Promise.all([runPublication(deps, publication.id), runPublication(deps, publication.id)])).toEqual([
      'skipped',
      'skipped',
    ])
  })

  test('a restart in the middle of media_publish does not publish twice', async () => {
    const accountId = await account(TOKEN)
    const publication = await schedule(carouselId, accountId, [0, 1])
    const before = graph.state.media.length
    // The first worker dies right after Meta accepted media_publish, before recording it.
    const dying: PublishingDeps = {
      ...deps,
      graph: {
        ...deps.graph,
        publish: async (...args) => (await deps.graph.publish(...args), new Promise<never>(() => {})),
      },
    }
    void runPublication(dying, publication.id)
    await until(async () => graph.state.media.length === before + 1)
    expect((await row(publication.id)).status).toBe('publishing')
    // The restarted instance: its lease has run out; start-up recovery puts it on the queue.
    await handle.db.execute(
      sql`update scheduled_publications set lease_until = now() - interval '1 second' where id = ${publication.id}`,
    )
    const queue = jobs()
    await startPublishingWorker(queue, deps)
    expect(await recoverPublications(handle.db, queue)).toBeGreaterThanOrEqual(1)
    await until(async () => (await row(publication.id)).status === 'published')
    expect(graph.state.media.length).toBe(before + 1)
    expect((await row(publication.id)).permalink).toBe(graph.state.media[0]!.permalink)
  })
})

describe('Instagram Login', () => {
  test('the code becomes a sealed 60-day token; a token near its end is refreshed before it expires', async () => {
    const config = metaLoginConfig(
      { META_APP_ID: 'app-1', META_APP_SECRET: 'segredo', META_LOGIN_URL: graph.url, META_GRAPH_URL: graph.graphUrl },
      'http://127.0.0.1:9',
    )!
    const state = signState(deps.credentialsKey, userId)
    expect(validState(deps.credentialsKey, userId, state)).toBe(true)
    expect(validState(deps.credentialsKey, randomUUID(), state)).toBe(false)
    const consent = await fetch(authorizeUrl(config, state), { redirect: 'manual' })
    const back = new URL(consent.headers.get('location')!)
    expect(back.pathname).toBe('/integracoes/meta/retorno')
    const long = await exchangeCode(config, back.searchParams.get('code')!)
    expect(long.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 86400_000)
    const accountId = await account(long.token)
    // Five days left: the daily job renews it.
    await handle.db
      .update(socialAccounts)
      .set({ expires_at: new Date(Date.now() + 5 * 86400_000) })
      .where(eq(socialAccounts.id, accountId))
    expect(await refreshExpiringTokens(deps, graph.graphUrl)).toBeGreaterThanOrEqual(1)
    const [stored] = await handle.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId))
    expect(stored!.expires_at!.getTime()).toBeGreaterThan(Date.now() + 59 * 86400_000)
    expect(stored!.token_sealed).not.toContain('long-')
    const token = accountToken(stored!, deps.credentialsKey)!
    expect(token).not.toBe(long.token)
    expect(graph.state.tokens.has(token)).toBe(true)
  })
})
