import { afterAll, beforeAll, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { homes, users } from '../../db/schema'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle.close())

test('keeps money as integer cents and cascades a user’s properties', async () => {
  const { db } = handle
  const id = crypto.randomUUID()
  await db.insert(users).values({ id, email: 'corretora@example.com' })
  const [home] = await db
    .insert(homes)
    .values({
      user_id: id,
      status: 'sale',
      category: 'apartment',
      name: 'Apartamento no Itaim',
      price: 123456789,
      zipcode: '04530-001',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    })
    .returning()
  expect(home!.price).toBe(123456789)
  await db.delete(users).where(eq(users.id, id))
  expect(await db.select().from(homes)).toHaveLength(0)
})
