// Template library install, generation (offline writer and failing writers), and the post data
// functions, on a real migrated database.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, postTemplates, posts, templateCategories, users, type Home } from '../../db/schema'
import { COMPOSITION_FIELD_NAME, defaultComposition } from '../../app/domain/compositions'
import { readTemplateDesign, seededRandom } from '../../app/domain/post-plan'
import { LIBRARY_CATEGORIES, LIBRARY_TEMPLATES } from '../../app/domain/template-library'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { CopyWriterError, type CopyWriter } from '../../app/integrations/ai/ai.server'
import {
  GENERATION_FAILED_MESSAGE,
  QuotaExceededError,
  generatePost,
  retryPost,
} from '../../app/workflows/generation.server'
import {
  STUCK_POST_MESSAGE,
  countPostsSince,
  deletePost,
  duplicatePost,
  getPost,
  listPostFilters,
  listPosts,
  recoverStuckPosts,
  savePostEdits,
} from '../../app/models/posts.server'
import { startOfMonthInSaoPaulo } from '../../app/domain/dates'
import { canGeneratePost } from '../../app/models/quota.server'
import { installTemplateLibrary, templateVersion } from '../../app/models/template-library.server'
import { getTemplate, groupTemplates, listTemplateCards } from '../../app/models/templates.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
const agent = crypto.randomUUID()
const stranger = crypto.randomUUID()
let apartment: Home
let strangersHome: Home

beforeAll(async () => {
  handle = await createTestDatabase()
  const { db } = handle
  await db.insert(users).values([
    { id: agent, email: 'marina@example.com', full_name: 'Marina Costa', phone: '(11) 98765-4321' },
    { id: stranger, email: 'outro@example.com' },
  ])
  const base = {
    status: 'sale' as const,
    category: 'apartment',
    zipcode: '05415-030',
    city: 'São Paulo',
    state: 'SP',
  }
  ;[apartment] = (await db
    .insert(homes)
    .values({
      ...base,
      user_id: agent,
      name: 'Apartamento Pinheiros',
      neighborhood: 'Pinheiros',
      price: 98000000,
      area: 82,
      bedrooms: 3,
      suites: 1,
      parking_spaces: 1,
      amenities: ['pool', 'gym'],
      gallery: [
        { name: 'fachada.jpg', url: `/uploads/users/${agent}/homes/photos/a/original.jpg`, featured: true },
        { name: 'sala.jpg', url: `/uploads/users/${agent}/homes/photos/b/original.jpg` },
        { name: 'cozinha.jpg', url: `/uploads/users/${agent}/homes/photos/c/original.jpg` },
        { name: 'quarto.jpg', url: `/uploads/users/${agent}/homes/photos/d/original.jpg` },
        { name: 'varanda.jpg', url: `/uploads/users/${agent}/homes/photos/e/original.jpg` },
      ],
    })
    .returning()) as [Home]
  ;[strangersHome] = (await db
    .insert(homes)
    .values({
      ...base,
      user_id: stranger,
      name: 'Casa do outro',
      neighborhood: 'Moema',
      gallery: [{ name: 'x.jpg', url: `/uploads/users/${stranger}/homes/photos/x/original.jpg` }],
    })
    .returning()) as [Home]
  // The agent's plan (the stranger has none: the free state).
  await applySubscriptionState(db, {
    userId: agent,
    provider: 'demo',
    customerId: 'demo_cus_agent',
    subscriptionId: 'demo_sub_agent',
    status: 'active',
    lookupKey: 'imobiliaria_mensal',
    currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
})
afterAll(() => handle.close())

describe('template library', () => {
  test('installs once, then changes nothing', async () => {
    const { db } = handle
    const first = await installTemplateLibrary(db)
    expect(first).toEqual({ inserted: LIBRARY_TEMPLATES.length, updated: 0, unchanged: 0 })
    const again = await installTemplateLibrary(db)
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: LIBRARY_TEMPLATES.length })
    expect(await db.select().from(postTemplates)).toHaveLength(LIBRARY_TEMPLATES.length)
    expect(await db.select().from(templateCategories)).toHaveLength(LIBRARY_CATEGORIES.length)
  })

  test('updates a shipped template when its definition changes, keeping its id', async () => {
    const { db } = handle
    const [before] = await db.select().from(postTemplates).where(eq(postTemplates.slug, 'venda-post-feed'))
    const changed = LIBRARY_TEMPLATES.map((template) =>
      template.slug === 'venda-post-feed' ? { ...template, name: 'Post de venda (novo)' } : template,
    )
    const report = await installTemplateLibrary(db, { categories: LIBRARY_CATEGORIES, templates: changed })
    expect(report).toEqual({ inserted: 0, updated: 1, unchanged: LIBRARY_TEMPLATES.length - 1 })
    const [after] = await db.select().from(postTemplates).where(eq(postTemplates.slug, 'venda-post-feed'))
    expect(after!.id).toBe(before!.id)
    expect(after!.name).toBe('Post de venda (novo)')
    expect(after!.version).toBe(templateVersion(changed.find((t) => t.slug === 'venda-post-feed')!))
    // Back to the shipped definition.
    expect((await installTemplateLibrary(db)).updated).toBe(1)
  })

  // Two instances are two processes with their own connections: only a database server can race
  // them (PGlite serialises everything in one process). Runs when Postgres answers at
  // TEST_DATABASE_URL or 127.0.0.1:5432.
  test('two instances installing at once end with one copy', async ({ skip }) => {
    const server = await racingServer()
    if (!server) return skip('no Postgres server to race on')
    const open = () => openDatabase({ url: server.url, onConnectionError: () => {} })
    const [a, b] = [await open(), await open()]
    try {
      await a.migrate()
      await Promise.all([
        installTemplateLibrary(a.db),
        installTemplateLibrary(b.db),
        installTemplateLibrary(a.db),
        installTemplateLibrary(b.db),
      ])
      expect(await a.db.select().from(postTemplates)).toHaveLength(LIBRARY_TEMPLATES.length)
      expect(await b.db.select().from(templateCategories)).toHaveLength(LIBRARY_CATEGORIES.length)
    } finally {
      await Promise.all([a.close(), b.close()])
      await server.drop()
    }
  })

  test('the catalogue groups by category, featured first, and searches without accents', async () => {
    const cards = await listTemplateCards(handle.db)
    const groups = groupTemplates(cards)
    expect(groups.map((group) => group.name)).toEqual(LIBRARY_CATEGORIES.map((category) => category.name))
    for (const group of groups) {
      const flags = group.templates.map((template) => template.featured)
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)))
    }
    const found = groupTemplates(cards, { search: 'lancamento carrossel' })
    expect(found.flatMap((group) => group.templates.map((template) => template.slug))).toEqual(['lancamento-carrossel'])
    expect(groupTemplates(cards, { search: 'nada-parecido' })).toEqual([])
  })
})

async function templateBySlug(slug: string) {
  const [row] = await handle.db.select().from(postTemplates).where(eq(postTemplates.slug, slug))
  return (await getTemplate(handle.db, row!.id))!
}

describe('generation', () => {
  test('offline: a carousel with the neighbourhood, the price, hashtags and only this property’s photos', async () => {
    const template = await templateBySlug('venda-carrossel-completo')
    const post = await generatePost(
      { db: handle.db, writer: createOfflineWriter(seededRandom(1)), random: seededRandom(2) },
      agent,
      { template, home: apartment, values: { show_price: true, call_to_action: 'whatsapp', tone: 'friendly' } },
    )
    expect(post.generating).toBe(false)
    expect(post.generated_at).toBeInstanceOf(Date)
    expect(post.error).toBeNull()
    expect(post.description).toContain('Pinheiros')
    expect(post.description).toContain('R$ 980.000,00')
    expect(post.description).toMatch(/#\w+/)
    expect(post.template).toBe('venda-carrossel-completo')
    expect(post.category).toBe('venda')
    expect(post.format).toBe('carousel')
    const slides = post.meta.slides ?? []
    expect(slides.length).toBeGreaterThanOrEqual(4)
    const own = apartment.gallery.map((item) => item.url)
    for (const slide of slides) if (slide.image) expect(own).toContain(slide.image)
    // The agent's answers, and the cover composition the template chose for them.
    expect(post.meta.fields).toEqual({
      show_price: true,
      call_to_action: 'whatsapp',
      tone: 'friendly',
      [COMPOSITION_FIELD_NAME]: defaultComposition(readTemplateDesign(template.design)),
    })
    expect(post.meta.writer).toBe('offline')
  })

  test('a writer failure leaves the post failed with its pt-BR message, never generating', async () => {
    const template = await templateBySlug('venda-post-feed')
    const failing: CopyWriter = {
      name: 'test',
      write: () =>
        Promise.reject(new CopyWriterError('A inteligência artificial demorou demais para responder.', 'timeout')),
    }
    const post = await generatePost({ db: handle.db, writer: failing }, agent, {
      template,
      home: apartment,
      values: {},
    })
    expect(post.generating).toBe(false)
    expect(post.error).toBe('A inteligência artificial demorou demais para responder.')
    expect(post.generated_at).toBeNull()

    const crashing: CopyWriter = { name: 'test', write: () => Promise.reject(new TypeError('boom')) }
    const crashed = await generatePost({ db: handle.db, writer: crashing }, agent, {
      template,
      home: apartment,
      values: {},
    })
    expect(crashed).toMatchObject({ generating: false, error: GENERATION_FAILED_MESSAGE })

    const retried = await retryPost(
      { db: handle.db, writer: createOfflineWriter(seededRandom(9)) },
      agent,
      post.id,
      (id) => getTemplate(handle.db, id),
    )
    expect(retried).toMatchObject({ generating: false, error: null })
    expect(retried!.description).toContain('Pinheiros')
    expect(
      await retryPost({ db: handle.db, writer: createOfflineWriter() }, stranger, post.id, (id) =>
        getTemplate(handle.db, id),
      ),
    ).toBeNull()
  })

  test('templates without a property write from the answers', async () => {
    const template = await templateBySlug('datas-post-feed')
    const post = await generatePost({ db: handle.db, writer: createOfflineWriter(seededRandom(1)) }, agent, {
      template,
      home: null,
      values: { occasion: 'natal' },
    })
    expect(post.description).toContain('Feliz Natal')
    expect(post.description).toContain('Marina Costa')
    expect(post.home_id).toBeNull()
  })

  test('a post a crash left generating is failed at start-up', async () => {
    const [stuck] = await handle.db
      .insert(posts)
      .values({ user_id: agent, generating: true, updated_at: new Date(Date.now() - 10 * 60_000) })
      .returning()
    const [fresh] = await handle.db.insert(posts).values({ user_id: agent, generating: true }).returning()
    expect(await recoverStuckPosts(handle.db)).toBe(1)
    expect((await getPost(handle.db, agent, stuck!.id))!).toMatchObject({
      generating: false,
      error: STUCK_POST_MESSAGE,
    })
    expect((await getPost(handle.db, agent, fresh!.id))!.generating).toBe(true)
    await handle.db.delete(posts).where(eq(posts.id, fresh!.id))
    await handle.db.delete(posts).where(eq(posts.id, stuck!.id))
  })

  test('generation asks the plan: the month’s posts are counted against its limit', async () => {
    // The agent has the agency plan (beforeAll); the stranger has none: the free state.
    expect(await canGeneratePost(handle.db, agent)).toMatchObject({ allowed: true, limit: 600 })
    const used = await countPostsSince(handle.db, agent, startOfMonthInSaoPaulo())
    expect(used).toBeGreaterThanOrEqual(3)
    expect((await canGeneratePost(handle.db, agent)).used).toBe(used)
    expect(await canGeneratePost(handle.db, stranger)).toMatchObject({ allowed: true, used: 0, limit: 5 })
    // A month ago, nothing had been generated yet.
    const lastMonth = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000)
    expect(await countPostsSince(handle.db, agent, startOfMonthInSaoPaulo(lastMonth))).toBe(used)
    expect(startOfMonthInSaoPaulo(new Date('2025-03-01T02:00:00Z')).toISOString()).toBe('2025-02-01T03:00:00.000Z')
    expect(startOfMonthInSaoPaulo(new Date('2025-03-01T03:00:00Z')).toISOString()).toBe('2025-03-01T03:00:00.000Z')
  })

  test('over the free limit, generation refuses with the plan that lifts it and writes nothing', async () => {
    const template = await templateBySlug('datas-post-feed')
    const deps = { db: handle.db, writer: createOfflineWriter(seededRandom(7)) }
    const before = await countPostsSince(handle.db, stranger, startOfMonthInSaoPaulo())
    for (let i = before; i < 5; i++)
      await generatePost(deps, stranger, { template, home: null, values: { occasion: 'natal' } })
    const refused = generatePost(deps, stranger, { template, home: null, values: { occasion: 'natal' } })
    await expect(refused).rejects.toBeInstanceOf(QuotaExceededError)
    await expect(refused).rejects.toThrow(
      'Você já gerou 5 de 5 posts do plano Gratuito este mês. Assine o plano Corretor para ter 30 posts por mês.',
    )
    expect(await countPostsSince(handle.db, stranger, startOfMonthInSaoPaulo())).toBe(5)
    await handle.db.delete(posts).where(eq(posts.user_id, stranger))
  })
  test('two generations asked at once for the last post of the month make one post, never two past the plan', async () => {
    const template = await templateBySlug('datas-post-feed')
    const deps = { db: handle.db, writer: createOfflineWriter(seededRandom(9)) }
    // A new agent on the free plan (5 posts and 6 AI generations a month): 4 posts made, then
    // three taps at once.
    const agentId = crypto.randomUUID()
    await handle.db.insert(users).values({ id: agentId, email: `last-${agentId}@example.com`, full_name: 'Lia' })
    const ask = () => generatePost(deps, agentId, { template, home: null, values: { occasion: 'natal' } })
    for (let i = 0; i < 4; i++) await ask()
    const outcomes = await Promise.allSettled([ask(), ask(), ask()])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(QuotaExceededError)
    expect(await countPostsSince(handle.db, agentId, startOfMonthInSaoPaulo())).toBe(5)
  })
})

describe('post data functions', () => {
  test('history: newest first, filters, and nothing of another user', async () => {
    const { db } = handle
    // Creation times that disagree with the ids (the oldest row is made the newest), so only an
    // order by created_at passes.
    const mine = await db.select({ id: posts.id }).from(posts).where(eq(posts.user_id, agent)).orderBy(posts.id)
    expect(mine.length).toBeGreaterThanOrEqual(3)
    const base = Date.UTC(2026, 0, 1)
    for (const [index, row] of mine.entries())
      await db
        .update(posts)
        .set({ created_at: new Date(base - index * 60_000) })
        .where(eq(posts.id, row.id))
    const page = await listPosts(db, agent)
    expect(page.items.map((item) => item.id)).toEqual(mine.map((row) => row.id).slice(0, page.items.length))
    const carousel = await templateBySlug('venda-carrossel-completo')
    const byTemplate = await listPosts(db, agent, { templateId: carousel.id })
    expect(byTemplate.items.every((item) => item.template_id === carousel.id)).toBe(true)
    expect(byTemplate.items[0]!.template_name).toBe('Carrossel do imóvel à venda')
    expect(byTemplate.items[0]!.home_name).toBe('Apartamento Pinheiros')
    const byHome = await listPosts(db, agent, { homeId: apartment.id })
    expect(byHome.items.every((item) => item.home_id === apartment.id)).toBe(true)
    expect((await listPosts(db, stranger)).items).toEqual([])
    const filters = await listPostFilters(db, agent)
    expect(filters.homes).toEqual([{ id: apartment.id, name: 'Apartamento Pinheiros' }])
    expect(filters.templates.map((template) => template.name)).toContain('Datas comemorativas')
    expect(strangersHome.user_id).toBe(stranger)
  })

  test('another user cannot read, edit, duplicate or delete a post', async () => {
    const [post] = (await listPosts(handle.db, agent)).items
    expect(await getPost(handle.db, stranger, post!.id)).toBeNull()
    expect(await duplicatePost(handle.db, stranger, post!.id)).toBeNull()
    expect(await deletePost(handle.db, stranger, post!.id)).toBe(false)
    expect(await savePostEdits(handle.db, stranger, post!.id, { description: 'x', slides: [] })).toBeNull()
    expect((await getPost(handle.db, agent, post!.id))!.description).not.toBe('x')
  })

  test('edits: caption, slide words, image, hide, avatar and order', async () => {
    const template = await templateBySlug('venda-carrossel-completo')
    const post = await generatePost({ db: handle.db, writer: createOfflineWriter(seededRandom(4)) }, agent, {
      template,
      home: apartment,
      values: {},
    })
    const slides = post.meta.slides!
    const [first, second, ...rest] = slides
    const saved = await savePostEdits(handle.db, agent, post.id, {
      description: 'Legenda nova\ncom duas linhas',
      slides: [
        { ...second!, title: 'Agora primeiro', image: apartment.gallery[0]!.url, hide: false, showAvatar: true },
        { ...first!, hide: true },
        ...rest,
      ],
    })
    expect(saved!.description).toBe('Legenda nova\ncom duas linhas')
    const after = saved!.meta.slides!
    expect(after.map((slide) => slide.id)).toEqual([second!.id, first!.id, ...rest.map((slide) => slide.id)])
    expect(after[0]).toMatchObject({ title: 'Agora primeiro', image: apartment.gallery[0]!.url, showAvatar: true })
    expect(after[1]!.hide).toBe(true)
    expect(after).toHaveLength(slides.length)

    // A form that leaves slides out (stale page) keeps them at the end.
    const partial = await savePostEdits(handle.db, agent, post.id, {
      description: 'x',
      slides: [{ ...after[2]!, id: after[2]!.id }],
    })
    expect(partial!.meta.slides!.map((slide) => slide.id)).toEqual([
      after[2]!.id,
      ...after.filter((_, index) => index !== 2).map((slide) => slide.id),
    ])
  })

  test('duplicate makes an independent copy; delete is soft', async () => {
    const { db } = handle
    const [original] = (await listPosts(db, agent)).items
    const copy = await duplicatePost(db, agent, original!.id)
    expect(copy!.id).not.toBe(original!.id)
    expect(copy!.description).toBe(original!.description)
    expect(copy!.meta.slides!.map((slide) => slide.id)).not.toEqual(original!.meta.slides!.map((slide) => slide.id))
    expect(await deletePost(db, agent, copy!.id)).toBe(true)
    expect(await getPost(db, agent, copy!.id)).toBeNull()
    expect((await listPosts(db, agent)).items.map((item) => item.id)).not.toContain(copy!.id)
    const [row] = await db.select().from(posts).where(eq(posts.id, copy!.id))
    expect(row!.deleted_at).toBeInstanceOf(Date)
    expect(await deletePost(db, agent, copy!.id)).toBe(false)
  })
})

/** A fresh database on a Postgres server, or null when none answers. */
async function racingServer() {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 })
  try {
    await admin.connect()
  } catch {
    return null
  }
  const name = `vitrine_race_${randomBytes(5).toString('hex')}`
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
