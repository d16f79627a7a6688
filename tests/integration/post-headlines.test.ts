// Headline options (ADR 165) and the photo guard rail on a real migrated database: the options
// a generation keeps with the post, the agent's pick landing on the cover (only the owner's post,
// only an option that exists), and the templates offered to a property without photos.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, postTemplates, users, type Home } from '../../db/schema'
import { readHeadlines } from '../../app/domain/headlines'
import { templateNeedsPhotos } from '../../app/domain/photo-guard'
import { seededRandom } from '../../app/domain/post-plan'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { chooseHeadline } from '../../app/models/post-headlines.server'
import { getPost } from '../../app/models/posts.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import { getTemplate } from '../../app/models/templates.server'
import { listTextTemplates, photoGuardFor } from '../../app/routes/templates/photo-guard.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { generatePost, retryPost } from '../../app/workflows/generation.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
const agent = crypto.randomUUID()
const stranger = crypto.randomUUID()
let seaView: Home
let bare: Home

const base = {
  status: 'sale' as const,
  category: 'apartment',
  zipcode: '57035-000',
  city: 'Maceió',
  state: 'AL',
  neighborhood: 'Ponta Verde',
}

beforeAll(async () => {
  handle = await createTestDatabase()
  const { db } = handle
  await db.insert(users).values([
    { id: agent, email: 'marina@example.com', full_name: 'Marina Costa' },
    { id: stranger, email: 'outro@example.com' },
  ])
  ;[seaView, bare] = (await db
    .insert(homes)
    .values([
      {
        ...base,
        user_id: agent,
        name: 'Apartamento frente mar',
        price: 185000000,
        area: 120,
        bedrooms: 3,
        description: 'Vista para o mar e sol da manhã.',
        amenities: ['pool', 'gym'],
        gallery: [{ name: 'a.jpg', url: `/uploads/users/${agent}/homes/photos/a/original.jpg`, featured: true }],
      },
      { ...base, user_id: agent, name: 'Apartamento sem fotos', price: 50000000 },
    ])
    .returning()) as [Home, Home]
  await installTemplateLibrary(db)
})
afterAll(() => handle.close())

async function templateBySlug(slug: string) {
  const [row] = await handle.db.select({ id: postTemplates.id }).from(postTemplates).where(eq(postTemplates.slug, slug))
  return (await getTemplate(handle.db, row!.id))!
}

const deps = () => ({ db: handle.db, writer: createOfflineWriter(seededRandom(5)), random: seededRandom(5) })

describe('headline options', () => {
  test('a generated post keeps three options; picking one puts it on the cover and clears the rendered image', async () => {
    const template = await templateBySlug('venda-carrossel-completo')
    const post = await generatePost(deps(), agent, { template, home: seaView, values: {} })
    const options = readHeadlines(post.meta)
    expect(options).toHaveLength(3)
    expect(options[0]).toMatch(/vista para o mar/i)
    const coverTitle = post.meta.slides![0]!.title

    const chosen = await chooseHeadline(handle.db, agent, post.id, 1)
    expect(chosen!.meta.slides![0]!.title).toBe(options[1])
    expect(chosen!.meta.slides![0]!.type).toBe('cover')
    expect(chosen!.media).toBeNull()
    // The other slides and the options stay as they were.
    expect(chosen!.meta.slides!.slice(1)).toEqual(post.meta.slides!.slice(1))
    expect(readHeadlines(chosen!.meta)).toEqual(options)
    expect(coverTitle).not.toBe(options[1])
  })

  test("another agent's post or an option that does not exist: nothing changes", async () => {
    const template = await templateBySlug('venda-post-feed')
    const post = await generatePost(deps(), agent, { template, home: seaView, values: {} })
    expect(await chooseHeadline(handle.db, stranger, post.id, 0)).toBeNull()
    expect(await chooseHeadline(handle.db, agent, post.id, 3)).toBeNull()
    expect((await getPost(handle.db, agent, post.id))!.meta.slides).toEqual(post.meta.slides)
  })

  test('a retry writes new options in place of the old ones', async () => {
    const template = await templateBySlug('venda-post-feed')
    const post = await generatePost(deps(), agent, { template, home: seaView, values: {} })
    const retried = await retryPost(
      { db: handle.db, writer: createOfflineWriter(seededRandom(99)), random: seededRandom(99) },
      agent,
      post.id,
      (id) => getTemplate(handle.db, id),
    )
    expect(readHeadlines(retried!.meta)).toHaveLength(3)
  })

  test('a post about no property (a date) keeps no options', async () => {
    const template = await templateBySlug('datas-post-feed')
    const post = await generatePost(deps(), agent, { template, home: null, values: { date: 'natal' } })
    expect(readHeadlines(post.meta)).toEqual([])
  })
})

describe('photo guard rail', () => {
  test('the photo templates are the ones showing the property; the neighbourhood guide and tips are not', async () => {
    expect(templateNeedsPhotos(await templateBySlug('venda-carrossel-completo'))).toBe(true)
    expect(templateNeedsPhotos(await templateBySlug('venda-post-feed'))).toBe(true)
    expect(templateNeedsPhotos(await templateBySlug('venda-carrossel-rapido'))).toBe(true)
    expect(templateNeedsPhotos(await templateBySlug('dica-guia-do-bairro'))).toBe(false)
    expect(templateNeedsPhotos(await templateBySlug('datas-post-feed'))).toBe(false)
  })

  test('text templates offered: those about a property that draw no photo', async () => {
    const offered = await listTextTemplates(handle.db)
    const guide = await templateBySlug('dica-guia-do-bairro')
    expect(offered.map((template) => template.id)).toContain(guide.id)
    for (const { id } of offered) expect(templateNeedsPhotos((await getTemplate(handle.db, id))!)).toBe(false)
    expect(offered.map((template) => template.id)).not.toContain((await templateBySlug('datas-post-feed')).id)
  })

  test("the page knows which of the agent's properties have no photo, only for a photo template", async () => {
    const choices = [
      { id: seaView.id, name: seaView.name, place: '', gallery: [{ url: '/a.jpg', thumb: '/a.jpg', name: 'a' }] },
      { id: bare.id, name: bare.name, place: '', gallery: [] },
    ]
    const guard = await photoGuardFor(handle.db, await templateBySlug('venda-post-feed'), choices)
    expect(guard).toMatchObject({ needsPhotos: true, bareHomes: [bare.id] })
    expect(guard.textTemplates.length).toBeGreaterThan(0)
    expect(await photoGuardFor(handle.db, await templateBySlug('dica-guia-do-bairro'), choices)).toEqual({
      needsPhotos: false,
      bareHomes: [],
      textTemplates: [],
    })
  })
})
