// ADR 141: every post gets an unguessable public id (the migration fills rows that existed before
// it), the public post data is found only by that id, and the address builders use it.
import { readFileSync, readdirSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { posts, users } from '../../db/schema'
import { postCarouselPath, postDownloadPath, postImagePath, postPagePath } from '../../app/domain/public-links'
import { loadPublicPost, screenshotUrl } from '../../app/workflows/post-images.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let userId: string
beforeAll(async () => {
  handle = await createTestDatabase()
  userId = randomUUID()
  await handle.db.insert(users).values({ id: userId, email: `pub-${userId}@example.com` })
})
afterAll(() => handle.close())

const insertPosts = (count: number) =>
  handle.db
    .insert(posts)
    .values(
      Array.from({ length: count }, () => ({
        user_id: userId,
        template: 'post-venda',
        format: 'feed',
        meta: { slides: [] },
      })),
    )
    .returning()

test('new posts get distinct 40-hex public ids (≥ 128 random bits), never their serial id', async () => {
  const created = await insertPosts(20)
  const ids = created.map((post) => post.public_id)
  expect(new Set(ids).size).toBe(20)
  for (const post of created) {
    expect(post.public_id).toMatch(/^[0-9a-f]{40}$/)
  }
})

test('the migration gives every post that existed before it a public id of its own', async () => {
  const file = readdirSync('db/migrations').find((name) => name.endsWith('post-public-id.sql'))!
  const statements = readFileSync(`db/migrations/${file}`, 'utf8').split('--> statement-breakpoint')
  await handle.db.execute(sql`alter table posts drop column public_id`)
  await handle.db.execute(
    sql`insert into posts (user_id, meta) select ${userId}, '{}'::jsonb from generate_series(1, 5)`,
  )
  for (const statement of statements) await handle.db.execute(sql.raw(statement))
  const rows = (await handle.db.select({ public_id: posts.public_id }).from(posts)).map((row) => row.public_id)
  expect(rows.length).toBeGreaterThanOrEqual(25)
  expect(new Set(rows).size).toBe(rows.length)
  for (const id of rows) expect(id).toMatch(/^[0-9a-f]{40}$/)
})

test('the public post is found by its public id only: the serial id finds nothing', async () => {
  const [post] = await insertPosts(1)
  expect((await loadPublicPost(handle.db, post!.public_id))?.post.id).toBe(post!.id)
  expect(await loadPublicPost(handle.db, String(post!.id))).toBeNull()
  expect(await loadPublicPost(handle.db, post!.public_id.toUpperCase())).toBeNull()
  expect(await loadPublicPost(handle.db, `${post!.public_id}' or '1'='1`)).toBeNull()
})

test('every public address is built from the public id', () => {
  const id = '0123456789abcdef0123456789abcdef01234567'
  expect(postPagePath(id)).toBe(`/posts/${id}`)
  expect(postImagePath(id)).toBe(`/imagens/post/${id}`)
  expect(postImagePath(id, { slide: 2, format: 'jpeg' })).toBe(`/imagens/post/${id}?slide=2&format=jpeg`)
  expect(postDownloadPath(id)).toBe(`/posts/${id}/baixar`)
  expect(postCarouselPath(id)).toBe(`/posts/${id}/carrossel`)
  expect(screenshotUrl('https://shots.example/api', id, { slide: 1 })).toBe(
    `https://shots.example/api/post/${id}?slide=1`,
  )
})
