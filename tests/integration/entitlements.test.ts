// Every entitlement a plan defines, checked where the work is accepted (ADR 212), for every plan
// (a table: entitlement × plan). Each cell drives the real function that accepts the work with
// the agent's use one short of the limit (accepted, written), then at the limit (refused with the
// plan's pt-BR message, nothing written). Seats are not in the table: there are no teams yet.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, postTemplates, posts, scheduledPublications, usageCounters, users, videos } from '../../db/schema'
import {
  FREE_PLAN,
  PLANS,
  entitlementsOf,
  limitMessage,
  type CatalogPlan,
  type EntitlementKind,
} from '../../app/domain/billing'
import { makeSlide } from '../../app/domain/slides'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { createJobs, type Jobs, type SqlClient } from '../../app/utils/jobs.server'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { createDemoBilling } from '../../app/integrations/stripe/demo.server'
import { canCreateHome } from '../../app/models/quota.server'
import { startOfMonthInSaoPaulo } from '../../app/domain/dates'
import { insertPublication } from '../../app/models/scheduled-publications.server'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import { getTemplate } from '../../app/models/templates.server'
import { action as newHomeAction } from '../../app/routes/homes/new'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import { confirmDemoCheckout } from '../../app/workflows/demo-billing.server'
import { QuotaExceededError, generatePost, retryPost } from '../../app/workflows/generation.server'
import { createPostImages, type PostImages } from '../../app/workflows/post-images.server'
import { runPublication } from '../../app/workflows/publishing.server'
import { retryPublication, schedulePost } from '../../app/workflows/scheduling.server'
import { requestVideo } from '../../app/workflows/videos.server'
import { jobsContext } from '../../app/context'
import { createTestDatabase } from '../setup/db'
import { billingRouteContext, navigation, respond, sessionUser } from '../support/billing'

let handle: DatabaseHandle
let dir: string
let postImages: PostImages
let jobs: Jobs
let templateId: number
const demo = createDemoBilling()
const logger = createLogger('silent')

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-entitlements-'))
  postImages = createPostImages({ storage: createDiskStorage(dir), logger })
  const client = (handle.db as unknown as { $client: SqlClient }).$client
  jobs = createJobs({ client, logger, pollingIntervalSeconds: 0.5, retryDelay: 1 })
  await installTemplateLibrary(handle.db)
  const [row] = await handle.db
    .select({ id: postTemplates.id })
    .from(postTemplates)
    .where(eq(postTemplates.slug, 'dica-post-feed'))
  templateId = row!.id
}, 120_000)

afterAll(async () => {
  await jobs.stop().catch(() => {})
  await handle.close()
  await rm(dir, { recursive: true, force: true })
})

type Plan = CatalogPlan | null
const planName = (plan: Plan) => plan?.name ?? FREE_PLAN.name

/** A new agent on `plan` (the free state, or a plan bought through the demo checkout). */
async function agentOn(plan: Plan) {
  const id = crypto.randomUUID()
  const email = `plano-${id.slice(0, 8)}@example.com`
  await handle.db.insert(users).values({ id, email, full_name: 'Ana Corretora' })
  const user = sessionUser(id, email)
  if (plan) await confirmDemoCheckout(handle.db, demo, user, plan.prices.mensal.lookupKey)
  return user
}

const total = async (
  table: typeof posts | typeof homes | typeof scheduledPublications | typeof videos,
  userId: string,
) => Number((await handle.db.select({ n: count() }).from(table).where(eq(table.user_id, userId)))[0]!.n)

async function aiUsed(userId: string) {
  const [row] = await handle.db
    .select({ n: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.user_id, userId), eq(usageCounters.kind, 'ai_generation')))
  return row?.n ?? 0
}

/** `n` finished posts made this month (one insert, whatever n is). */
async function seedPosts(userId: string, n: number) {
  if (n <= 0) return []
  const slides = [makeSlide('a', 'text', { title: 'Dica' }), makeSlide('b', 'text', { title: 'Mais uma' })]
  const rows = Array.from({ length: n }, () => ({
    user_id: userId,
    template_id: templateId,
    template: 'dica-post-feed',
    format: 'feed',
    description: 'Dica do dia #imoveis',
    meta: { slides },
    generated_at: new Date(),
    // Approved: the Imobiliária plan asks for approval before scheduling (ADR 218); the plan's
    // limits are what this table tests.
    approval_status: 'approved' as const,
    approved_revision: 1,
  }))
  return handle.db.insert(posts).values(rows).returning({ id: posts.id })
}

async function seedHomes(userId: string, n: number) {
  if (n <= 0) return
  const row = { user_id: userId, status: 'sale' as const, category: 'apartment', name: 'Imóvel' }
  const place = { zipcode: '01310-100', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }
  await handle.db.insert(homes).values(Array.from({ length: n }, () => ({ ...row, ...place })))
}

async function seedPublications(userId: string, postId: number, accountId: number, n: number) {
  if (n <= 0) return
  const row = { user_id: userId, post_id: postId, social_account_id: accountId, caption: 'Legenda', slides: [0] }
  // A minute apart: one post is published once per account and minute.
  const at = Date.now() + 7 * 86400_000
  await handle.db
    .insert(scheduledPublications)
    .values(Array.from({ length: n }, (_, i) => ({ ...row, publish_at: new Date(at + i * 60_000) })))
}

async function seedAi(userId: string, n: number) {
  if (n <= 0) return
  await handle.db
    .insert(usageCounters)
    .values({ user_id: userId, kind: 'ai_generation', period_start: startOfMonthInSaoPaulo(), count: n })
}

const generationDeps = () => ({ db: handle.db, writer: createOfflineWriter() })
const schedulingDeps = () => ({ db: handle.db, postImages, jobs })

async function generate(userId: string) {
  const template = (await getTemplate(handle.db, templateId))!
  try {
    const post = await generatePost(generationDeps(), userId, { template, home: null, values: {} })
    return { accepted: true as const, written: post.id }
  } catch (error) {
    if (error instanceof QuotaExceededError) return { accepted: false as const, message: error.message }
    throw error
  }
}

async function schedule(userId: string, postId: number) {
  const outbox = await ensureOutboxAccount(handle.db, userId)
  const outcome = await schedulePost(schedulingDeps(), userId, {
    by: { id: userId, accountRole: 'owner' },
    postId,
    accountIds: [outbox.id],
    publishAt: new Date(Date.now() + 2 * 86400_000),
    caption: 'Dica do dia #imoveis',
    altText: '',
    slides: null,
    ratio: 'original',
    fit: 'cover',
  })
  if (outcome.status === 'over-limit') return { accepted: false as const, message: outcome.message }
  expect(outcome.status).toBe('scheduled')
  return { accepted: true as const }
}

/** A property with two photos, for videos. */
async function videoHome(userId: string) {
  const [home] = await handle.db
    .insert(homes)
    .values({
      user_id: userId,
      status: 'sale',
      category: 'apartment',
      name: 'Imóvel com fotos',
      zipcode: '01310-100',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      gallery: [0, 1].map((i) => ({ name: `${i}.jpg`, url: `/uploads/users/${userId}/homes/${i}.jpg` })),
    })
    .returning()
  return home!
}

async function seedVideos(userId: string, n: number) {
  if (n <= 0) return
  const home = await videoHome(userId)
  const row = { user_id: userId, created_by: userId, home_id: home.id, status: 'ready' as const }
  const options = { duration: 15, narration: false, photos: [0, 1] }
  await handle.db.insert(videos).values(Array.from({ length: n }, () => ({ ...row, options })))
}

/** The video form's action path: "Gerar vídeo" with two photos. */
async function askVideo(userId: string) {
  const home = await videoHome(userId)
  const context = billingRouteContext(handle.db, demo, sessionUser(userId, 'x@example.com'))
  context.set(jobsContext, jobs)
  const options = { duration: 15, narration: false, photos: [0, 1] }
  const outcome = await requestVideo(context, sessionUser(userId, 'x@example.com'), home, options)
  if (outcome.status === 'limit') return { accepted: false as const, message: outcome.message }
  expect(outcome.status).toBe('queued')
  return { accepted: true as const }
}

/** One entitlement: what the agent has used, how to use one more, and what it wrote. */
type Work = {
  /** Brings the agent's use to `used` this month. */
  seed(userId: string, used: number): Promise<void>
  /** The real function that accepts the work. */
  attempt(userId: string): Promise<{ accepted: true } | { accepted: false; message: string }>
  /** What the work writes, to prove a refusal wrote nothing. */
  written(userId: string): Promise<number>
}

const WORK: Record<EntitlementKind, Work> = {
  postsPerMonth: {
    seed: async (userId, used) => void (await seedPosts(userId, used)),
    attempt: generate,
    written: (userId) => total(posts, userId),
  },
  aiGenerationsPerMonth: {
    seed: seedAi,
    attempt: generate,
    written: async (userId) => (await total(posts, userId)) * 1000 + (await aiUsed(userId)),
  },
  homes: {
    seed: seedHomes,
    // The new-property page's action asks before it reads the form: refused, it sends the
    // agent back to the page, which shows the plan's message instead of the form.
    attempt: async (userId) => {
      const decision = await canCreateHome(handle.db, userId)
      if (!decision.allowed) {
        const user = sessionUser(userId, 'x@example.com')
        const context = billingRouteContext(handle.db, demo, user)
        const form = new FormData()
        form.set('name', 'Mais um imóvel')
        const request = navigation('/imoveis/novo', { method: 'POST', body: form })
        const response = await respond(() => newHomeAction({ request, context, params: {} } as never))
        expect(response.headers.get('Location')).toBe('/imoveis/novo')
        return { accepted: false, message: decision.message! }
      }
      await seedHomes(userId, 1)
      return { accepted: true }
    },
    written: (userId) => total(homes, userId),
  },
  scheduledPerMonth: {
    seed: async (userId, used) => {
      const [post] = await seedPosts(userId, 1)
      const outbox = await ensureOutboxAccount(handle.db, userId)
      await seedPublications(userId, post!.id, outbox.id, used)
    },
    attempt: async (userId) => {
      const [post] = await handle.db.select({ id: posts.id }).from(posts).where(eq(posts.user_id, userId)).limit(1)
      return schedule(userId, post!.id)
    },
    written: (userId) => total(scheduledPublications, userId),
  },
  videosPerMonth: {
    seed: seedVideos,
    attempt: askVideo,
    written: (userId) => total(videos, userId),
  },
}

const KINDS = Object.keys(WORK) as EntitlementKind[]
const ALL_PLANS: Plan[] = [null, ...PLANS]

const table = ALL_PLANS.flatMap((plan) =>
  KINDS.map((kind) => ({ plan, kind, limit: entitlementsOf(plan)[kind], label: `${planName(plan)} × ${kind}` })),
)

describe.each(table)('$label', ({ plan, kind, limit }) => {
  test(
    limit === null ? 'no limit: accepted past the largest plan’s' : `${limit} allowed, then refused`,
    async () => {
      const user = await agentOn(plan)
      const work = WORK[kind]
      if (limit === null) {
        const beyond = Math.max(...ALL_PLANS.map((p) => entitlementsOf(p)[kind] ?? 0))
        await work.seed(user.id, beyond)
        expect(await work.attempt(user.id)).toEqual({ accepted: true })
        return
      }
      await work.seed(user.id, limit - 1)
      if (limit > 0) {
        const before = await work.written(user.id)
        expect(await work.attempt(user.id)).toMatchObject({ accepted: true })
        expect(await work.written(user.id)).toBeGreaterThan(before)
      }
      const before = await work.written(user.id)
      const refused = await work.attempt(user.id)
      expect(refused).toEqual({ accepted: false, message: limitMessage(plan, kind, limit, limit) })
      expect(await work.written(user.id)).toBe(before)
    },
    120_000,
  )
})

test('the free plan’s refusal reads as the plan page says, and names the plan that lifts it', async () => {
  const user = await agentOn(null)
  const [post] = await seedPosts(user.id, 1)
  expect(await schedule(user.id, post!.id)).toEqual({
    accepted: false,
    message: 'O plano Gratuito não inclui agendamentos. Assine o plano Corretor para ter 30 agendamentos por mês.',
  })
})

test('two schedulings at once with one left: one is saved, the other refused', async () => {
  const plan = PLANS[0]!
  const user = await agentOn(plan)
  const limit = plan.entitlements.scheduledPerMonth!
  await WORK.scheduledPerMonth.seed(user.id, limit - 1)
  const [post] = await handle.db.select({ id: posts.id }).from(posts).where(eq(posts.user_id, user.id)).limit(1)
  const outcomes = await Promise.all([schedule(user.id, post!.id), schedule(user.id, post!.id)])
  expect(outcomes.filter((o) => o.accepted)).toHaveLength(1)
  expect(await total(scheduledPublications, user.id)).toBe(limit)
})

test('"gerar de novo" takes an AI generation too: refused at the limit, the post left as it was', async () => {
  const plan = PLANS[0]!
  const user = await agentOn(plan)
  const made = await generate(user.id)
  expect(made.accepted).toBe(true)
  await handle.db
    .update(usageCounters)
    .set({ count: plan.entitlements.aiGenerationsPerMonth! })
    .where(eq(usageCounters.user_id, user.id))
  const postId = made.accepted ? made.written : 0
  const before = (await handle.db.select().from(posts).where(eq(posts.id, postId)))[0]!
  await expect(retryPost(generationDeps(), user.id, postId, (id) => getTemplate(handle.db, id))).rejects.toThrow(
    limitMessage(plan, 'aiGenerationsPerMonth', 40, 40),
  )
  const after = (await handle.db.select().from(posts).where(eq(posts.id, postId)))[0]!
  expect(after.description).toBe(before.description)
})

describe('the publishing job asks the plan too', () => {
  const publishingDeps = () => ({
    db: handle.db,
    logger,
    postImages,
    storage: createDiskStorage(dir),
    graph: createGraphClient({ baseUrl: 'http://127.0.0.1:9' }),
    credentialsKey: 'chave-de-teste',
    appUrl: 'http://127.0.0.1:9',
  })

  async function dueOnOutbox(userId: string) {
    const [post] = await seedPosts(userId, 1)
    const outbox = await ensureOutboxAccount(handle.db, userId)
    return insertPublication(handle.db, userId, {
      postId: post!.id,
      accountId: outbox.id,
      publishAt: new Date(Date.now() - 1000),
      caption: 'Dica do dia',
      slides: [0],
      altText: '',
      ratio: 'original',
      fit: 'cover',
    })
  }

  test('a free account’s publication (saved before the check existed) fails with the plan’s reason; nothing reaches the outbox', async () => {
    const user = await agentOn(null)
    const publication = await dueOnOutbox(user.id)
    expect(await runPublication(publishingDeps(), publication.id)).toBe('failed')
    const [row] = await handle.db
      .select()
      .from(scheduledPublications)
      .where(eq(scheduledPublications.id, publication.id))
    expect(row).toMatchObject({ status: 'failed', error: limitMessage(null, 'scheduledPerMonth', 0, 0) })
    expect(await listOutbox(createDiskStorage(dir), user.id)).toEqual([])
    // "Tentar novamente" is refused the same way, and leaves it failed.
    expect(await retryPublication(schedulingDeps(), user.id, publication.id)).toMatchObject({
      status: 'over-limit',
      message: limitMessage(null, 'scheduledPerMonth', 0, 0),
    })
  })

  test('on a plan, the same publication goes to the outbox', async () => {
    const user = await agentOn(PLANS[0]!)
    const publication = await dueOnOutbox(user.id)
    expect(await runPublication(publishingDeps(), publication.id)).toBe('published')
    expect(await listOutbox(createDiskStorage(dir), user.id)).toHaveLength(1)
  })
})
