// LGPD: the data export and the account deletion of /minha-conta/privacidade, below HTTP. Two
// people with properties (photos stored by the upload pipeline), posts, a subscription, usage,
// fiscal data and auth sessions; the tables are found from the database's own catalogue
// (every table with a user_id column), so a table added later cannot escape the checks.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import JSZip from 'jszip'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { fiscalData, homes, posts, subscriptions, usageCounters, users } from '../../db/schema'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { createDemoBilling } from '../../app/integrations/stripe/demo.server'
import { createLogger } from '../../app/utils/logger.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { deleteAccount, exportAccountZip, EXPORT_JSON_NAME } from '../../app/workflows/account.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let dir: string
let storage: Storage
const logger = createLogger('silent')
type Person = { id: string; email: string; homeIds: number[]; postIds: number[] }
let ana: Person
let bruno: Person

async function makePerson(name: string, homeCount: number, postCount: number): Promise<Person> {
  const email = `${name}-${randomUUID()}@example.com`
  const created = await auth
    .adminClient()
    .auth.admin.createUser({ email, password: 'senha-forte-123', email_confirm: true })
  const id = created.data.user!.id
  // A sign-in leaves a session and a refresh token in the built-in auth tables.
  await auth.client().auth.signInWithPassword({ email, password: 'senha-forte-123' })
  await handle.db
    .insert(users)
    .values({ id, email, full_name: name, phone: '(11) 98765-4321', theme: { primary_color: '#0B6E4F' } })
  const homeIds: number[] = []
  for (let i = 0; i < homeCount; i++) {
    const photo = await storeHomeImage(storage, id, {
      name: 'sala.jpg',
      bytes: await roomPhoto('living', i + 1, { width: 640, height: 480 }),
    })
    const [home] = await handle.db
      .insert(homes)
      .values({
        user_id: id,
        status: 'sale',
        category: 'apartment',
        name: `${name} imóvel ${i + 1}`,
        zipcode: '01000-000',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        price: 50000000,
        gallery: [photo],
      })
      .returning()
    homeIds.push(home!.id)
  }
  const postIds: number[] = []
  for (let i = 0; i < postCount; i++) {
    const [post] = await handle.db
      .insert(posts)
      .values({
        user_id: id,
        home_id: homeIds[i % homeIds.length]!,
        template: 'post-venda',
        format: 'feed',
        meta: {},
        generated_at: new Date(),
      })
      .returning()
    postIds.push(post!.id)
  }
  await handle.db.insert(subscriptions).values({
    user_id: id,
    lookup_key: 'corretor_mensal',
    status: 'active',
    provider: 'demo',
    subscription_id: `demo_sub_${id}`,
  })
  await handle.db
    .insert(usageCounters)
    .values({ user_id: id, kind: 'ai', period_start: new Date('2026-11-01T03:00:00Z'), count: 2 })
  await handle.db.insert(fiscalData).values({
    user_id: id,
    document_type: 'cpf',
    document: '52998224725',
    name,
    zipcode: '01000000',
    street: 'Rua A',
    street_number: '1',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    invoice_email: email,
  })
  return { id, email, homeIds, postIds }
}

/** Every table of the database with a user_id column (the catalogue, not the app's list). */
async function tablesWithUserId(): Promise<string[]> {
  const result = await handle.db.execute(
    sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema() order by table_name`,
  )
  return (result.rows as { table_name: string }[]).map((row) => row.table_name)
}

async function countRows(table: string, userId: string): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  )
  return (result.rows[0] as { n: number }).n
}

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-account-'))
  storage = createDiskStorage(dir)
  ana = await makePerson('Ana', 2, 3)
  bruno = await makePerson('Bruno', 1, 2)
}, 60_000)

afterAll(async () => {
  await auth.close()
  await handle.close()
  await rm(dir, { recursive: true, force: true })
})

test('the export zip of a person with 2 properties and 3 posts has them all and nothing of another person', async () => {
  const postImages = createPostImages({ storage, logger })
  const { stream, files } = await exportAccountZip({ db: handle.db, storage, postImages, logger }, ana.id)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const zip = await JSZip.loadAsync(Buffer.concat(chunks))
  const json = await zip.file(EXPORT_JSON_NAME)!.async('string')
  const data = JSON.parse(json) as { tables: Record<string, Array<Record<string, unknown>>> }

  expect(data.tables.homes!.map((h) => h.id).sort()).toEqual([...ana.homeIds].sort())
  expect(data.tables.posts!.map((p) => p.id).sort()).toEqual([...ana.postIds].sort())
  // Every table with a user_id column is in the export with every row the person has there.
  const tables = await tablesWithUserId()
  expect(tables).toEqual(expect.arrayContaining(['homes', 'posts', 'subscriptions', 'auth_sessions']))
  for (const table of tables)
    expect([table, data.tables[table]?.length]).toEqual([table, await countRows(table, ana.id)])
  expect(await countRows('auth_sessions', ana.id)).toBeGreaterThan(0)
  // Nothing of Bruno, and no secret.
  expect(json).not.toContain(bruno.id)
  expect(json).not.toContain('Bruno')
  expect(json).not.toMatch(/\$2[aby]\$/)
  // The photos (original and sizes) and one image per post.
  const photos = files.filter((name) => name.startsWith('arquivos/'))
  expect(photos.length).toBeGreaterThanOrEqual(2 * 3)
  expect(files.filter((name) => /^posts\/post-post-venda-\d+\.png$/.test(name))).toHaveLength(3)
  const png = await zip.file(files.find((name) => name.startsWith('posts/'))!)!.async('uint8array')
  expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
  expect(files).toEqual(Object.keys(zip.files).filter((name) => !zip.files[name]!.dir))
}, 60_000)

test('deletion leaves no row with that user_id, no stored file, no auth user — and the other person untouched', async () => {
  const brunoBefore = Object.fromEntries(
    await Promise.all((await tablesWithUserId()).map(async (t) => [t, await countRows(t, bruno.id)])),
  )
  const deleteAuthUser = async (id: string) => {
    await auth.adminClient().auth.admin.deleteUser(id)
  }
  await deleteAccount({ db: handle.db, storage, billing: createDemoBilling(), logger, deleteAuthUser }, ana.id)

  for (const table of await tablesWithUserId()) expect([table, await countRows(table, ana.id)]).toEqual([table, 0])
  const left = await handle.db.execute(
    sql`select (select count(*)::int from users where id = ${ana.id}) + (select count(*)::int from auth_users where id = ${ana.id}) as n`,
  )
  expect((left.rows[0] as { n: number }).n).toBe(0)
  const anaFiles: string[] = []
  for await (const file of storage.list(`users/${ana.id}/`)) anaFiles.push(file.key)
  expect(anaFiles).toEqual([])
  const signIn = await auth.client().auth.signInWithPassword({ email: ana.email, password: 'senha-forte-123' })
  expect(signIn.error).not.toBeNull()

  const brunoAfter = Object.fromEntries(
    await Promise.all((await tablesWithUserId()).map(async (t) => [t, await countRows(t, bruno.id)])),
  )
  expect(brunoAfter).toEqual(brunoBefore)
  const brunoFiles: string[] = []
  for await (const file of storage.list(`users/${bruno.id}/`)) brunoFiles.push(file.key)
  expect(brunoFiles.length).toBeGreaterThan(0)
}, 60_000)
