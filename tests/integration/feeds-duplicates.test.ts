// The same feed uploaded as a second source does not double the properties (ADR 213). Its
// listings are matched by code (ListingID / CodigoImovel) with those another source of the agent
// imported: each home is updated (its photos kept when they are the same) and moves to the source
// that read it last; the report says how many. Another agent's listings with the same codes are not touched.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes } from '../../db/schema'
import { listHomes } from '../../app/models/homes.server'
import { getFeedConnection } from '../../app/models/feeds.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { syncConnection } from '../../app/workflows/feed-sync.server'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { cargaFeed, vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { createAgent, createFeedHarness, type FeedHarness } from '../support/feeds'

let h: FeedHarness
// The migrated database and the template library: slow on a busy machine.
beforeAll(async () => {
  h = await createFeedHarness()
}, 180_000)
afterAll(() => h.close())

async function upload(agent: string, bytes: string | Uint8Array) {
  const file = { name: 'imoveis.xml', bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes }
  const result = await connectFeed(h.deps, agent, { kind: 'upload', file })
  if (!result.ok) throw new Error(result.message)
  const connection = (await getFeedConnection(h.handle.db, agent, result.connection.id))!
  return { connection, report: (await syncConnection(h.deps, connection, 'connect'))! }
}

test('the same 1,000-listing VRSync file uploaded as a second source leaves each listing once', async () => {
  const agent = await createAgent(h.handle)
  const feed = vrsyncFeed(sampleListings(1000, { seed: 37, photos: 0 }), h.photos.url)
  const first = await upload(agent, feed)
  expect(first.report).toMatchObject({ created: 1000, matched: 0, failure: null })
  const second = await upload(agent, feed)
  expect(second.report).toMatchObject({ created: 0, matched: 1000, archived: 0, failure: null })
  expect((await listHomes(h.handle.db, agent, {}, 10)).total).toBe(1000)
  const rows = await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))
  expect(rows).toHaveLength(1000)
  expect(rows.every((home) => home.integration_id === second.connection.id)).toBe(true)
}, 600_000)

test('a Carga file of listings already imported by VRSync updates them, keeps their photos, leaves others alone', async () => {
  const agent = await createAgent(h.handle)
  const other = await createAgent(h.handle)
  const listings = sampleListings(4, { seed: 38, photos: 1 })
  await upload(other, vrsyncFeed(listings, h.photos.url))
  const first = await upload(agent, vrsyncFeed(listings, h.photos.url))
  expect(first.report).toMatchObject({ created: 4, photos: 4 })
  const requests = h.photos.requests()
  const cheaper = listings.map((l, i) => (i === 0 ? { ...l, title: 'Casa com preço novo' } : l))
  const second = await upload(
    agent,
    cargaFeed([...cheaper, ...sampleListings(5, { seed: 39, photos: 0 }).slice(4)], h.photos.url),
  )
  expect(second.report).toMatchObject({ created: 1, matched: 4, failure: null })
  const mine = await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))
  expect(mine).toHaveLength(5)
  expect(mine.filter((home) => home.name === 'Casa com preço novo')).toHaveLength(1)
  expect(mine.filter((home) => home.gallery.length === 1)).toHaveLength(4)
  expect(h.photos.requests()).toBe(requests)
  expect(await h.handle.db.select().from(homes).where(eq(homes.user_id, other))).toHaveLength(4)
  // The first source, read again, takes its four back: still five homes.
  expect(await syncConnection(h.deps, first.connection, 'manual')).toMatchObject({ created: 0, matched: 4 })
  expect(await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))).toHaveLength(5)
}, 300_000)
