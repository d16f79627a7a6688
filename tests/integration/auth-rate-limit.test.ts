import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createRateLimiter } from '../../app/models/rate-limits.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle.close())

test('a fixed window allows `limit` attempts per key, then refuses until it ends', async () => {
  let now = new Date('2026-03-01T12:00:00Z')
  const limiter = createRateLimiter(handle.db, { now: () => now })
  const rule = { name: 'test', limit: 3, windowSeconds: 60 }
  const results = []
  for (let i = 0; i < 4; i++) results.push(await limiter.hit(rule, '203.0.113.9'))
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
  expect(results[3]!.retryAfterSeconds).toBe(60)
  // Another key has its own counter; keys ignore case (e-mails).
  expect((await limiter.hit(rule, 'Ana@Example.com')).allowed).toBe(true)
  expect((await limiter.peek(rule, 'ana@example.com')).count).toBe(1)

  now = new Date(now.getTime() + 61_000)
  expect((await limiter.peek(rule, '203.0.113.9')).allowed).toBe(true)
  expect(await limiter.hit(rule, '203.0.113.9')).toMatchObject({ allowed: true, count: 1 })
})

test('concurrent attempts are all counted', async () => {
  const limiter = createRateLimiter(handle.db)
  const rule = { name: 'burst', limit: 5, windowSeconds: 60 }
  const results = await Promise.all(Array.from({ length: 8 }, () => limiter.hit(rule, 'k')))
  expect(results.filter((r) => r.allowed)).toHaveLength(5)
  await limiter.reset(rule, 'k')
  expect((await limiter.peek(rule, 'k')).count).toBe(0)
})

test('disabled limits always allow, but still count', async () => {
  const limiter = createRateLimiter(handle.db, { disabled: true })
  const rule = { name: 'off', limit: 1, windowSeconds: 60 }
  await limiter.hit(rule, 'x')
  expect(await limiter.hit(rule, 'x')).toMatchObject({ allowed: true, count: 2 })
})

test('a hold refuses its key until it ends; a shorter one does not cut it, and none outlasts the window', async () => {
  let now = new Date('2026-03-01T12:00:00Z')
  const limiter = createRateLimiter(handle.db, { now: () => now })
  const rule = { name: 'hold', limit: 0, windowSeconds: 900 }
  expect((await limiter.peek(rule, 'ana@example.com')).allowed).toBe(true)
  await limiter.hold(rule, 'ana@example.com', 64)
  await limiter.hold(rule, 'ana@example.com', 2)
  expect(await limiter.peek(rule, 'ana@example.com')).toMatchObject({ allowed: false, retryAfterSeconds: 64 })
  now = new Date(now.getTime() + 65_000)
  expect((await limiter.peek(rule, 'ana@example.com')).allowed).toBe(true)
  await limiter.hold(rule, 'ana@example.com', 5000)
  expect((await limiter.peek(rule, 'ana@example.com')).retryAfterSeconds).toBe(900)
})
