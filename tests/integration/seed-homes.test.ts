import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '../../db/schema'
import { seedHomes } from '../../scripts/seed/homes'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let dir = ''
beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-seed-'))
})
afterAll(async () => {
  await handle.close()
  await rm(dir, { recursive: true, force: true })
})

test('adds realistic demo properties with generated photos, once', { timeout: 180_000 }, async () => {
  const storage = createDiskStorage(dir)
  const userId = crypto.randomUUID()
  await handle.db.insert(users).values({ id: userId, email: `demo-${userId}@example.com` })

  const first = await seedHomes(handle.db, storage, userId)
  expect(first.length).toBeGreaterThanOrEqual(5)
  const itaim = first.find((h) => h.neighborhood === 'Itaim Bibi')!
  expect(itaim).toMatchObject({ status: 'sale', category: 'apartment', price: 245000000 })
  expect(itaim.amenities.length).toBeGreaterThan(3)
  expect(itaim.gallery.length).toBeGreaterThanOrEqual(4)
  expect(itaim.floor_plans.length).toBeGreaterThanOrEqual(1)
  const thumb = await storage.get(itaim.gallery[0]!.variants!.w400!)
  expect((await sharp(thumb!).metadata()).format).toBe('webp')

  const again = await seedHomes(handle.db, storage, userId)
  expect(again.map((h) => h.id).sort()).toEqual(first.map((h) => h.id).sort())
})
