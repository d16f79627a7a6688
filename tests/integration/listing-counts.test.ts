// A listing's counters count people, once per property, channel and hour (ADR 258): the same
// visitor tapping WhatsApp again and again, one address changing its user agent, a request with no
// user agent, a bot; and what is kept of the visitor (a keyed hash, its key gone the next day).
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appSecrets, homes, rateLimitCounters } from '../../db/schema'
import { dailySecret } from '../../app/models/app-secrets.server'
import { homeResults } from '../../app/models/listing-stats.server'
import { createRateLimiter } from '../../app/models/rate-limits.server'
import { countListingEvent } from '../../app/workflows/listing-counts.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let close: () => Promise<void>
const ana = crypto.randomUUID()
let first: number
let second: number
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

beforeAll(async () => {
  ;({ handle, close } = await agentsOnDisk('listing-counts', [ana]))
  const rows = await handle.db
    .insert(homes)
    .values([jardinsApartment(ana, { name: 'Primeiro' }), jardinsApartment(ana, { name: 'Segundo' })])
    .returning({ id: homes.id })
  ;[first, second] = rows.map((row) => row.id) as [number, number]
})
afterAll(() => close())

/** The site's limiter as a test server has it: off (the counting rules hold all the same). */
const deps = () => ({ db: handle.db, limiter: createRateLimiter(handle.db, { disabled: true }) })
const tap = (home: number, address: string, userAgent: string | null, kind: 'whatsapp' | 'view' = 'whatsapp') =>
  countListingEvent(deps(), { address, userAgent }, { user_id: ana, home_id: home, kind })

test('100 WhatsApp taps from one address count as at most 5; the same person once an hour', async () => {
  for (let i = 0; i < 100; i++) await tap(first, '203.0.113.7', PHONE)
  expect((await homeResults(handle.db, ana, first)).totals.whatsapp).toBe(1)
  // The same address changing its user agent every time: at most 5.
  for (let i = 0; i < 100; i++) await tap(first, '203.0.113.7', `${PHONE} Build/${i}`)
  expect((await homeResults(handle.db, ana, first)).totals.whatsapp).toBeLessThanOrEqual(5)
  // Views of the same property, another property, another address: each their own count.
  expect(await tap(first, '203.0.113.7', PHONE, 'view')).toBe(true)
  expect(await tap(second, '203.0.113.7', PHONE)).toBe(true)
  expect(await tap(first, '198.51.100.2', PHONE)).toBe(true)
})

test('no user agent, or a bot, counts nothing', async () => {
  expect(await tap(second, '192.0.2.1', null)).toBe(false)
  expect(await tap(second, '192.0.2.1', '  ')).toBe(false)
  expect(
    await tap(second, '192.0.2.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
  ).toBe(false)
  expect((await homeResults(handle.db, ana, second)).totals.view).toBe(0)
})

test('nothing personal is kept: counters hold keyed hashes, and only today’s key exists', async () => {
  const counters = await handle.db
    .select()
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, 'listing-count:%'))
  expect(counters.length).toBeGreaterThan(0)
  for (const { key } of counters) {
    expect(key).toMatch(/^listing-count:[a-z]+:[0-9a-f]{32}$/)
    expect(key).not.toContain('203.0.113.7')
  }
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000)
  const today = await dailySecret(handle.db, 'visitor')
  const next = await dailySecret(handle.db, 'visitor', tomorrow)
  expect(next).not.toBe(today)
  const keys = await handle.db.select().from(appSecrets).where(like(appSecrets.name, 'visitor:%'))
  expect(keys.map((row) => row.name)).toEqual([`visitor:${tomorrow.toISOString().slice(0, 10)}`])
})
