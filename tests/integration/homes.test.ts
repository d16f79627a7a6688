import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, users } from '../../db/schema'
import type { DatabaseHandle } from '../../app/utils/db.server'
import {
  createHome,
  deleteHome,
  duplicateHome,
  getHome,
  listHomeCities,
  listHomes,
  listHomesWithCities,
  updateHome,
} from '../../app/models/homes.server'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import type { Storage } from '../../app/integrations/storage/storage.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { homeInput } from '../support/sample-home'
import { createHomeWithinPlan, duplicateHomeWithinPlan } from '../../app/workflows/home-create.server'

let handle: DatabaseHandle
let storage: Storage
let close: () => Promise<void>
const ana = crypto.randomUUID()
const bruno = crypto.randomUUID()

beforeAll(async () => {
  ;({ handle, storage, close } = await agentsOnDisk('homes', [ana, bruno]))
})
afterAll(() => close())

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#8fa3b8' } })
    .jpeg()
    .toBuffer()

async function keysUnder(prefix: string) {
  const keys: string[] = []
  for await (const file of storage.list(prefix)) keys.push(file.key)
  return keys.sort()
}

test("saving moves the form's waiting files (tmp/) to their place; a swept one drops its photo", async () => {
  const waiting = await storeHomeImage(storage, ana, { name: 'sala.jpg', bytes: await jpeg() }, { temporary: true })
  const swept = await storeHomeImage(storage, ana, { name: 'quarto.jpg', bytes: await jpeg() }, { temporary: true })
  const logo = await storeHomeImage(
    storage,
    ana,
    { name: 'logo.png', bytes: await jpeg() },
    { folder: 'logos', temporary: true },
  )
  expect(waiting.variants!.original).toMatch(new RegExp(`^tmp/users/${ana}/homes/photos/[0-9a-f]{32}/original\\.jpg$`))
  for (const key of Object.values(swept.variants!)) await storage.delete(key!)

  const home = await createHome(
    handle.db,
    storage,
    ana,
    homeInput({
      gallery: [waiting, swept],
      theme: { logo: logo.url },
    }),
  )
  expect(home.gallery.map((item) => item.name)).toEqual(['sala.jpg'])
  const saved = home.gallery[0]!
  expect(saved.variants!.original).toBe(waiting.variants!.original.replace(/^tmp\//, ''))
  expect(saved.url).toBe(`/uploads/${saved.variants!.original}`)
  expect(await storage.get(saved.variants!.w400!)).not.toBeNull()
  expect(home.theme?.logo).toBe(logo.url.replace('/uploads/tmp/', '/uploads/'))
  expect(await keysUnder(`tmp/users/${ana}/`)).toEqual([])

  // Another user's waiting file is neither kept nor trusted.
  const theirs = await storeHomeImage(storage, bruno, { name: 'x.jpg', bytes: await jpeg() }, { temporary: true })
  const other = await createHome(handle.db, storage, ana, homeInput({ gallery: [theirs] }))
  expect(other.gallery).toEqual([])
  expect(await keysUnder(`users/${bruno}/`)).toEqual([])
  await deleteHome(handle.db, storage, ana, home.id)
  await deleteHome(handle.db, storage, ana, other.id)
})

test('a user reads, edits and deletes only their own properties', async () => {
  const { db } = handle
  const home = await createHome(db, storage, ana, homeInput())
  expect(home.user_id).toBe(ana)
  expect(await getHome(db, ana, home.id)).toMatchObject({ name: 'Apartamento com varanda' })

  expect(await getHome(db, bruno, home.id)).toBeNull()
  expect(await updateHome(db, storage, bruno, home.id, homeInput({ name: 'Roubado' }))).toBeNull()
  expect(await deleteHome(db, storage, bruno, home.id)).toBe(false)
  expect(await duplicateHome(db, storage, bruno, home.id)).toBeNull()
  expect((await listHomes(db, bruno)).total).toBe(0)
  expect((await getHome(db, ana, home.id))?.name).toBe('Apartamento com varanda')

  const updated = await updateHome(db, storage, ana, home.id, homeInput({ name: 'Apartamento reformado' }))
  expect(updated?.name).toBe('Apartamento reformado')
  expect(await deleteHome(db, storage, ana, home.id)).toBe(true)
  expect(await getHome(db, ana, home.id)).toBeNull()
})

test('odd ids find nothing instead of failing', async () => {
  for (const id of [0, -1, Number.NaN, 1.5, 99_999_999_999]) expect(await getHome(handle.db, ana, id)).toBeNull()
})

test('photos of another user cannot be attached through a tampered form', async () => {
  const mine = await storeHomeImage(storage, ana, { name: 'sala.jpg', bytes: await jpeg() })
  const theirs = await storeHomeImage(storage, bruno, { name: 'quarto.jpg', bytes: await jpeg() })
  const home = await createHome(handle.db, storage, ana, homeInput({ gallery: [mine, theirs] }))
  expect(home.gallery.map((g) => g.name)).toEqual(['sala.jpg'])
})

test('removing a photo deletes its files; deleting the property deletes the rest', async () => {
  const { db } = handle
  const a = await storeHomeImage(storage, ana, { name: 'a.jpg', bytes: await jpeg() })
  const b = await storeHomeImage(storage, ana, { name: 'b.jpg', bytes: await jpeg() })
  const home = await createHome(db, storage, ana, homeInput({ gallery: [a, b] }))
  await updateHome(db, storage, ana, home.id, homeInput({ gallery: [b] }))
  expect(await storage.get(a.variants!.w400!)).toBeNull()
  expect(await storage.get(b.variants!.w400!)).not.toBeNull()
  await deleteHome(db, storage, ana, home.id)
  expect(await storage.get(b.variants!.original)).toBeNull()
})

test('a duplicate has its own copies of the photos', async () => {
  const { db } = handle
  const photo = await storeHomeImage(storage, ana, { name: 'fachada.jpg', bytes: await jpeg() })
  const home = await createHome(db, storage, ana, homeInput({ name: 'Casa térrea', gallery: [photo] }))
  const copy = await duplicateHome(db, storage, ana, home.id)
  expect(copy).toMatchObject({ name: 'Casa térrea (cópia)', user_id: ana, price: 85000000 })
  expect(copy!.gallery[0]!.variants!.original).not.toBe(photo.variants!.original)
  await deleteHome(db, storage, ana, home.id)
  expect(await storage.get(copy!.gallery[0]!.variants!.w1080!)).not.toBeNull()
  await deleteHome(db, storage, ana, copy!.id)
})

test('the list filters by deal, category, city and text, newest first, in pages', async () => {
  const { db } = handle
  const owner = crypto.randomUUID()
  await db.insert(users).values({ id: owner, email: `lista-${owner}@example.com` })
  await createHome(
    db,
    storage,
    owner,
    homeInput({
      name: 'Casa no Campeche',
      category: 'house',
      city: 'Florianópolis',
      state: 'SC',
      neighborhood: 'Campeche',
    }),
  )
  await createHome(
    db,
    storage,
    owner,
    homeInput({ name: 'Studio na Paulista', category: 'studio', status: 'rent', rental_price: 320000 }),
  )
  for (let i = 1; i <= 5; i++) await createHome(db, storage, owner, homeInput({ name: `Apartamento ${i}` }))

  expect((await listHomes(db, owner)).total).toBe(7)
  expect((await listHomes(db, owner, { status: 'rent' })).items.map((h) => h.name)).toEqual(['Studio na Paulista'])
  expect((await listHomes(db, owner, { category: 'house' })).items.map((h) => h.name)).toEqual(['Casa no Campeche'])
  expect((await listHomes(db, owner, { city: 'florianopolis' })).total).toBe(1)
  expect((await listHomes(db, owner, { q: 'campeche' })).total).toBe(1)
  expect((await listHomes(db, owner, { q: 'SAO PAULO' })).total).toBe(6)
  expect((await listHomes(db, owner, { q: '100%' })).total).toBe(0)

  const first = await listHomes(db, owner, { page: 1 }, 3)
  expect([first.pages, first.items[0]!.name]).toEqual([3, 'Apartamento 5'])
  const last = await listHomes(db, owner, { page: 99 }, 3)
  expect([last.page, last.items.map((h) => h.name)]).toEqual([3, ['Casa no Campeche']])
  expect(await listHomeCities(db, owner)).toEqual(['Florianópolis', 'São Paulo'])
})

test('the list page reads the same through its prepared queries, for each user, on every page', async () => {
  const { db } = handle
  const [owner, other, empty] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
  await db.insert(users).values([owner, other, empty].map((id) => ({ id, email: `prep-${id}@example.com` })))
  await createHome(db, storage, owner, homeInput({ name: 'Casa em Santos', city: 'Santos' }))
  for (let i = 1; i <= 4; i++) await createHome(db, storage, owner, homeInput({ name: `Apartamento ${i}` }))
  await createHome(db, storage, other, homeInput({ name: 'De outra pessoa', city: 'Recife', state: 'PE' }))

  for (const page of [1, 2, 99]) {
    const listed = await listHomesWithCities(db, owner, { page }, 2)
    expect(listed.page).toEqual(await listHomes(db, owner, { page }, 2))
    expect(listed.cities).toEqual(['Santos', 'São Paulo'])
  }
  expect((await listHomesWithCities(db, owner, { page: 99 }, 2)).page.items.map((h) => h.name)).toEqual([
    'Casa em Santos',
  ])
  // Another user, through the same prepared statements: only their own.
  const others = await listHomesWithCities(db, other)
  expect([others.page.items.map((h) => h.name), others.cities]).toEqual([['De outra pessoa'], ['Recife']])
  expect(await listHomesWithCities(db, empty)).toEqual({
    page: { items: [], total: 0, page: 1, pages: 1, perPage: 12 },
    cities: [],
  })
  // A filter takes the other path, and agrees with it.
  expect((await listHomesWithCities(db, owner, { city: 'santos' })).page.total).toBe(1)

  // The card's picture is the featured photo, else the first; an archived one keeps its date.
  const photo = (name: string, featured?: boolean) => ({
    url: `/uploads/${name}.jpg`,
    name: `${name}.jpg`,
    caption: `Foto ${name}`,
    ...(featured ? { featured } : {}),
    variants: { original: `${name}.jpg`, w400: `${name}-400.webp`, w1080: `${name}-1080.webp` },
  })
  const [santos] = await db.select().from(homes).where(eq(homes.name, 'Casa em Santos'))
  await db
    .update(homes)
    .set({ gallery: [photo('sala'), photo('fachada', true), photo('quarto')] })
    .where(eq(homes.id, santos!.id))
  await db
    .update(homes)
    .set({ gallery: [photo('varanda'), photo('cozinha')], archived_at: new Date('2026-11-20T12:00:00Z') })
    .where(eq(homes.name, 'Apartamento 1'))
  for (const filters of [{}, { situacao: 'arquivados' as const }]) {
    const listed = await listHomesWithCities(db, owner, filters)
    expect(listed.page).toEqual(await listHomes(db, owner, filters))
  }
  const cards = (await listHomesWithCities(db, owner)).page.items
  expect(cards.find((h) => h.name === 'Casa em Santos')).toMatchObject({
    cover: { src: '/uploads/fachada-400.webp', caption: 'Foto fachada' },
  })
  const archived = (await listHomesWithCities(db, owner, { situacao: 'arquivados' })).page.items
  expect(archived.map((h) => [h.name, h.cover?.src, h.archived_at])).toEqual([
    ['Apartamento 1', '/uploads/varanda-400.webp', new Date('2026-11-20T12:00:00Z')],
  ])
})

test("three properties saved at once at the plan's last one make one property, never past the plan", async () => {
  // A new agent on the free plan (3 properties): 2 saved, then three taps at once.
  const agent = crypto.randomUUID()
  await handle.db.insert(users).values({ id: agent, email: `tres-${agent}@example.com`, full_name: 'Rui' })
  for (let i = 1; i <= 2; i++) await createHome(handle.db, storage, agent, homeInput({ name: `Casa ${i}` }))
  const outcomes = await Promise.all(
    [3, 4, 5].map((i) => createHomeWithinPlan(handle.db, storage, agent, homeInput({ name: `Casa ${i}` }), agent)),
  )
  expect(outcomes.filter((o) => o !== 'over-limit')).toHaveLength(1)
  expect(await handle.db.select().from(homes).where(eq(homes.user_id, agent))).toHaveLength(3)
  // A copy past the plan is refused the same way.
  const first = outcomes.find((o) => o !== 'over-limit')!
  expect(await duplicateHomeWithinPlan(handle.db, storage, agent, first.id, agent)).toBe('over-limit')
})
