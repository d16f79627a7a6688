import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '../../db/schema'
import { ADMIN_ACCOUNT, DEMO_ACCOUNT, SeedAdminRefused, seedUsers } from '../../scripts/seed/users'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
})
afterAll(async () => {
  await auth.close()
  await handle.close()
})

test('seeds the demo account and an admin, idempotently, with their known passwords', async () => {
  const first = await seedUsers(handle.db, auth.adminClient().auth.admin)
  // Someone changed the demo password; seeding again restores it and keeps the ids.
  await auth.adminClient().auth.admin.updateUserById(first.demoUserId, { password: 'outra-senha' })
  const second = await seedUsers(handle.db, auth.adminClient().auth.admin)
  expect(second).toEqual(first)

  const demo = await auth.client().auth.signInWithPassword({ email: 'demo@vitrine.app', password: 'vitrine123' })
  expect(demo.error).toBeNull()
  const admin = await auth.client().auth.signInWithPassword({ email: 'admin@vitrine.app', password: 'vitrine-admin' })
  expect(admin.error).toBeNull()

  const [demoRow] = await handle.db.select().from(users).where(eq(users.id, first.demoUserId))
  expect(demoRow).toMatchObject({ email: DEMO_ACCOUNT.email, role: 'user', full_name: DEMO_ACCOUNT.full_name })
  const [adminRow] = await handle.db.select().from(users).where(eq(users.id, first.adminUserId))
  expect(adminRow).toMatchObject({ email: ADMIN_ACCOUNT.email, role: 'admin' })
})

test('in production the seed refuses to create the admin unless SEED_ADMIN_PASSWORD is given, then uses it', async () => {
  const admin = auth.adminClient().auth.admin
  await expect(seedUsers(handle.db, admin, { NODE_ENV: 'production' })).rejects.toBeInstanceOf(SeedAdminRefused)
  await seedUsers(handle.db, admin, { NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'uma-senha-forte-42' })
  const old = await auth
    .client()
    .auth.signInWithPassword({ email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password })
  expect(old.error).not.toBeNull()
  const given = await auth
    .client()
    .auth.signInWithPassword({ email: ADMIN_ACCOUNT.email, password: 'uma-senha-forte-42' })
  expect(given.error).toBeNull()
})
