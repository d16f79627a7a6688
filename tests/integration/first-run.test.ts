// The home page's checklist reads the data (ADR 181): each tick appears when its row exists.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, posts, scheduledPublications, users } from '../../db/schema'
import { eq } from 'drizzle-orm'
import { brandSaved, firstRun } from '../../app/models/first-run.server'
import { markPostDownloaded } from '../../app/models/posts.server'
import { saveBrand } from '../../app/models/users.server'
import { createTestDatabase } from '../setup/db'

let handle: Awaited<ReturnType<typeof createTestDatabase>>
beforeAll(async () => {
  handle = await createTestDatabase()
}, 120_000)
afterAll(async () => {
  await handle.close()
})

test('brand, property, post and schedule tick one by one; recent work is listed newest first', async () => {
  const { db } = handle
  const userId = crypto.randomUUID()
  const otherId = crypto.randomUUID()
  await db.insert(users).values([
    { id: userId, email: `${userId}@vitrine.test`, full_name: 'Ana' },
    { id: otherId, email: `${otherId}@vitrine.test`, full_name: 'Outra' },
  ])
  const place = { zipcode: '01310-100', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }
  // Another agent's work never ticks this one's list.
  const [theirs] = await db
    .insert(homes)
    .values({ user_id: otherId, status: 'sale', category: 'apartment', name: 'Deles', ...place })
    .returning()
  await db.insert(posts).values({ user_id: otherId, home_id: theirs!.id })

  expect((await firstRun(db, userId)).checklist).toEqual({
    brand: false,
    home: false,
    post: false,
    scheduled: false,
    downloaded: false,
  })
  // The free plan does not schedule: its checklist ends with downloading a post.
  expect((await firstRun(db, userId)).canSchedule).toBe(false)

  await saveBrand(db, userId, { creci: 'CRECI 12345-F' })
  expect((await firstRun(db, userId)).checklist.brand).toBe(true)

  const [home] = await db
    .insert(homes)
    .values({ user_id: userId, status: 'sale', category: 'apartment', name: 'Apartamento na Paulista', ...place })
    .returning()
  let view = await firstRun(db, userId)
  expect(view.checklist).toMatchObject({ home: true, post: false })
  expect(view.homes).toEqual([
    { id: home!.id, name: 'Apartamento na Paulista', place: 'Bela Vista, São Paulo', cover: null },
  ])

  const [post] = await db.insert(posts).values({ user_id: userId, home_id: home!.id }).returning()
  view = await firstRun(db, userId)
  expect(view.checklist).toMatchObject({ post: true, scheduled: false, downloaded: false })
  expect(view.posts.map((p) => p.id)).toEqual([post!.id])

  // A download by someone else (another account's id) does not count; the owner's does, once.
  await markPostDownloaded(db, otherId, post!.id)
  expect((await firstRun(db, userId)).checklist.downloaded).toBe(false)
  const before = (await db.select().from(posts).where(eq(posts.id, post!.id)))[0]!
  await markPostDownloaded(db, userId, post!.id)
  expect((await firstRun(db, userId)).checklist.downloaded).toBe(true)
  // The post's version (its updated_at) is untouched, so its cached images stay valid.
  const after = (await db.select().from(posts).where(eq(posts.id, post!.id)))[0]!
  expect(after.updated_at.toISOString()).toBe(before.updated_at.toISOString())

  await db
    .insert(scheduledPublications)
    .values({ user_id: userId, post_id: post!.id, publish_at: new Date(Date.now() + 86_400_000) })
  expect((await firstRun(db, userId)).checklist).toMatchObject({ brand: true, home: true, post: true, scheduled: true })
})

test('an empty brand object is not a saved brand', () => {
  expect(brandSaved({})).toBe(false)
  expect(brandSaved(null)).toBe(false)
  expect(brandSaved({ instagram: 'ana.imoveis' })).toBe(true)
})
