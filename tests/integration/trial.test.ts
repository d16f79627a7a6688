// "Experimente sem cadastro" (ADR 269) against the real built-in auth API and PGlite:
// an anonymous visitor's profile and sample property, the trial's quota, "Salvar meu trabalho"
// keeping everything made, and the job that deletes a trial left for 7 days with its files.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, posts, users } from '../../db/schema'
import { ensureProfile } from '../../app/models/auth-profiles.server'
import { canGeneratePost, canSchedulePublication } from '../../app/models/quota.server'
import { listDevEmails } from '../../app/models/dev-emails.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { createDemoBilling } from '../../app/integrations/stripe/demo.server'
import { createLogger } from '../../app/utils/logger.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createTrialHome, TRIAL_HOME_NAME } from '../../app/workflows/trial.server'
import { deleteUnusedTrials } from '../../app/workflows/trial-cleanup-job.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let storage: Storage
let dir = ''
const logger = createLogger('silent')

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-trial-'))
  storage = createDiskStorage(dir)
})
afterAll(async () => {
  await auth?.close()
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

/** A visitor who pressed "Experimente sem cadastro": anonymous session, profile, sample property. */
async function newVisitor() {
  const client = auth.client()
  const { data, error } = await client.auth.signInAnonymously()
  expect(error).toBeNull()
  const profile = await ensureProfile(handle.db, data.user!)
  const home = await createTrialHome(handle.db, storage, data.user!.id)
  return { client, user: data.user!, profile, home }
}

async function makePosts(userId: string, homeId: number, count: number) {
  for (let i = 0; i < count; i++)
    await handle.db.insert(posts).values({
      user_id: userId,
      home_id: homeId,
      template: 'post-venda',
      format: 'feed',
      meta: {},
      generated_at: new Date(),
    })
}

async function filesOf(userId: string) {
  const keys: string[] = []
  for await (const file of storage.list(`users/${userId}/`)) keys.push(file.key)
  return keys
}

test('a visitor has no e-mail, a sample property with drawn photos, and is "anonimo" in the policy', async () => {
  const { user, profile, home } = await newVisitor()
  expect(profile).toMatchObject({ id: user.id, email: '', accountRole: 'anonimo', accountId: user.id })
  const [row] = await handle.db.select().from(users).where(eq(users.id, user.id))
  expect(row!.email).toBeNull()
  expect(row!.anonymous_seen_at).toBeInstanceOf(Date)
  expect(home).toMatchObject({ name: TRIAL_HOME_NAME, neighborhood: 'Itaim Bibi', user_id: user.id })
  expect(home.gallery.length).toBe(6)
  expect(home.floor_plans.length).toBe(1)
  expect((await filesOf(user.id)).length).toBeGreaterThan(6)
  // Two visitors at once: no e-mail is no clash.
  const other = await newVisitor()
  expect(other.user.id).not.toBe(user.id)
}, 60_000)

test('the trial allows 3 posts in all, then refuses with the way to save the work; no scheduling', async () => {
  const { user, home } = await newVisitor()
  await makePosts(user.id, home.id, 2)
  expect(await canGeneratePost(handle.db, user.id)).toMatchObject({ allowed: true, used: 2, limit: 3 })
  await makePosts(user.id, home.id, 1)
  const refused = await canGeneratePost(handle.db, user.id)
  expect(refused).toMatchObject({ allowed: false, used: 3, limit: 3, upgradePlan: null })
  expect(refused.message).toBe(
    'No teste sem cadastro você pode gerar até 3 posts. Salve seu trabalho com seu e-mail para continuar: é grátis e nada do que você fez se perde.',
  )
  // Posts from last month count too: the trial's allowance is for its whole life.
  await handle.db
    .update(posts)
    .set({ created_at: new Date('2020-01-01') })
    .where(eq(posts.user_id, user.id))
  expect((await canGeneratePost(handle.db, user.id)).allowed).toBe(false)
  const scheduling = await canSchedulePublication(handle.db, user.id)
  expect(scheduling).toMatchObject({ allowed: false })
  expect(scheduling.message).toContain('No teste sem cadastro não é possível agendar publicações.')
}, 60_000)

test('"Salvar meu trabalho": once the e-mailed code is used, the same user is an account with its posts', async () => {
  const { client, user, home } = await newVisitor()
  await makePosts(user.id, home.id, 3)
  const email = `salvou-${Date.now()}@example.com`
  const asked = await client.auth.updateUser({ email, password: 'senha-forte-123', data: { full_name: 'Ana Teste' } })
  expect(asked.error).toBeNull()
  // Until the address is confirmed the visitor is still on trial.
  expect((await ensureProfile(handle.db, asked.data.user!)).accountRole).toBe('anonimo')

  const [mail] = await listDevEmails(handle.db, { to: email, limit: 1 })
  const code = /\b(\d{6})\b/.exec(mail!.text)![1]!
  const confirmed = await client.auth.verifyOtp({ email, token: code, type: 'email_change' })
  expect(confirmed.error).toBeNull()
  const account = await ensureProfile(handle.db, confirmed.data.user!)
  expect(account).toMatchObject({ id: user.id, email, accountRole: 'owner' })
  const [row] = await handle.db.select().from(users).where(eq(users.id, user.id))
  expect(row).toMatchObject({ email, anonymous_seen_at: null })
  // Everything made is there, and the free plan's allowance applies now (3 of its 5).
  const kept = await handle.db.select().from(posts).where(eq(posts.user_id, user.id))
  expect(kept).toHaveLength(3)
  expect((await handle.db.select().from(homes).where(eq(homes.user_id, user.id)))[0]!.name).toBe(TRIAL_HOME_NAME)
  expect(await canGeneratePost(handle.db, user.id)).toMatchObject({ allowed: true, used: 3, limit: 5 })
  // The password given with it signs in.
  const later = await auth.client().auth.signInWithPassword({ email, password: 'senha-forte-123' })
  expect(later.data.user?.id).toBe(user.id)

  // The cleanup never touches an account, however old its last trial day.
  await deleteUnusedTrials(deletionDeps(), new Date(Date.now() + 30 * 24 * 3600_000))
  expect(await handle.db.select().from(posts).where(eq(posts.user_id, user.id))).toHaveLength(3)
}, 60_000)

const deletionDeps = () => ({
  db: handle.db,
  storage,
  billing: createDemoBilling(),
  logger,
  deleteAuthUser: async (id: string) => {
    await auth.adminClient().auth.admin.deleteUser(id)
  },
})

test('a trial unused for 7 days is deleted with its files and auth user; one used 6 days ago stays', async () => {
  const left = await newVisitor()
  const recent = await newVisitor()
  await makePosts(left.user.id, left.home.id, 1)
  const day = 24 * 3600_000
  const now = Date.now()
  await handle.db
    .update(users)
    .set({ anonymous_seen_at: new Date(now - 7 * day - 60_000) })
    .where(eq(users.id, left.user.id))
  await handle.db
    .update(users)
    .set({ anonymous_seen_at: new Date(now - 6 * day) })
    .where(eq(users.id, recent.user.id))
  expect((await filesOf(left.user.id)).length).toBeGreaterThan(0)

  const deleted = await deleteUnusedTrials(deletionDeps(), new Date(now))
  expect(deleted).toBeGreaterThanOrEqual(1)

  expect(await filesOf(left.user.id)).toEqual([])
  const gone = await handle.db.execute(
    sql`select (select count(*)::int from users where id = ${left.user.id})
      + (select count(*)::int from auth_users where id = ${left.user.id})
      + (select count(*)::int from homes where user_id = ${left.user.id})
      + (select count(*)::int from posts where user_id = ${left.user.id}) as n`,
  )
  expect((gone.rows[0] as { n: number }).n).toBe(0)
  // Its session no longer works.
  expect((await left.client.auth.getUser()).data.user).toBeNull()

  expect((await filesOf(recent.user.id)).length).toBeGreaterThan(0)
  expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.id, recent.user.id))).toHaveLength(1)
}, 60_000)
