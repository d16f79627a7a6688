// Feed sync end to end on PGlite: a generated VRSync feed served by a local host is imported
// (photos through the sharp pipeline), re-imported without a change, trimmed (archived, never
// deleted), re-priced (a draft "Baixou o preço!"), and a malformed copy reports instead of
// archiving. The same counts the bench prints for 1,000 listings, on 24.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { feedListings, homes, posts } from '../../db/schema'
import { getHome, listHomes } from '../../app/models/homes.server'
import { listDrafts } from '../../app/models/feed-drafts.server'
import { getFeedConnection, updateFeedSource, type FeedConnection } from '../../app/models/feeds.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { syncConnection, syncDueConnections } from '../../app/workflows/feed-sync.server'
import { sampleListings, type SampleListing } from '../../scripts/feeds/sample-listings'
import { vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { createAgent, createFeedHarness, type FeedHarness } from '../support/feeds'

let h: FeedHarness
let agent: string
let connection: FeedConnection
const listings: SampleListing[] = sampleListings(24, { seed: 7, photos: 2 })

const serve = (items: SampleListing[], body?: string) =>
  h.photos.files.set('/feed.xml', { body: body ?? vrsyncFeed(items, h.photos.url), type: 'application/xml' })
const sync = async () =>
  (await syncConnection(h.deps, (await getFeedConnection(h.handle.db, agent, connection.id))!, 'manual'))!

beforeAll(async () => {
  h = await createFeedHarness()
  agent = await createAgent(h.handle)
  serve(listings)
})
afterAll(() => h.close())

describe('a VRSync feed by address', () => {
  test('connecting reads the format first; the first sync creates every listing with its photos', async () => {
    const result = await connectFeed(h.deps, agent, { kind: 'url', url: `${h.photos.url}/feed.xml` })
    if (!result.ok) throw new Error(result.message)
    connection = result.connection
    expect(connection.format).toBe('vrsync')
    const report = await sync()
    expect(report).toMatchObject({ created: 24, updated: 0, archived: 0, unchanged: 0, failure: null })
    const expectedPhotos = listings.reduce((sum, l) => sum + l.photos, 0)
    expect(report.photos).toBe(expectedPhotos)
    const page = await listHomes(h.handle.db, agent, {}, 100)
    expect(page.total).toBe(24)
    const first = listings[0]!
    const [row] = await h.handle.db
      .select()
      .from(feedListings)
      .where(and(eq(feedListings.integration_id, connection.id), eq(feedListings.external_id, first.id)))
    const home = (await getHome(h.handle.db, agent, row!.home_id!))!
    expect(home).toMatchObject({
      name: first.title,
      status: first.deal,
      price: first.price,
      rental_price: first.rent,
      condominium_price: first.condo,
      iptu_price: first.iptu,
      city: first.place.city,
      neighborhood: first.place.neighborhood,
      zipcode: first.place.zipcode,
      integration_id: connection.id,
      integration_name: 'feed-xml',
      archived_at: null,
    })
    expect(home.location).toEqual({ latitude: first.place.lat, longitude: first.place.lng })
    expect(home.gallery).toHaveLength(first.photos)
    expect(home.gallery[0]).toMatchObject({ featured: true, caption: 'Foto 1' })
    expect(home.gallery[0]!.variants!.w400).toMatch(/w400\.webp$/)
    expect(await h.storage.get(home.gallery[0]!.variants!.w1080!)).not.toBeNull()
  })

  test('the same feed again changes nothing and downloads no photo', async () => {
    const requests = h.photos.requests()
    const report = await sync()
    expect(report).toMatchObject({ created: 0, updated: 0, archived: 0, unchanged: 24, photos: 0, failure: null })
    expect(h.photos.requests()).toBe(requests)
  })

  test('listings removed from the feed are archived, not deleted, and leave the default list', async () => {
    serve(listings.slice(3))
    const report = await sync()
    expect(report).toMatchObject({ created: 0, updated: 0, archived: 3, unchanged: 21 })
    expect((await listHomes(h.handle.db, agent, {}, 100)).total).toBe(21)
    const archived = await listHomes(h.handle.db, agent, { situacao: 'arquivados' }, 100)
    expect(archived.items.map((home) => home.name).sort()).toEqual(
      listings
        .slice(0, 3)
        .map((l) => l.title)
        .sort(),
    )
    expect(await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))).toHaveLength(24)
  })

  test('a lower price updates the home and drafts "Baixou o preço!" for approval', async () => {
    await updateFeedSource(h.handle.db, agent, connection.id, { automations: { price_drop: 'venda-baixou-o-preco' } })
    const target = listings.slice(3).find((l) => l.deal === 'sale')!
    const cheaper = listings
      .slice(3)
      .map((l) => (l.id === target.id ? { ...l, price: Math.round(target.price! * 0.009) * 100 } : l))
    serve(cheaper)
    const report = await sync()
    expect(report).toMatchObject({ created: 0, updated: 1, archived: 0, unchanged: 20, drafts: 1 })
    const drafts = await listDrafts(h.handle.db, agent, connection.id)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]).toMatchObject({ event: 'price_drop', listingId: target.id, template: 'venda-baixou-o-preco' })
    const [post] = await h.handle.db.select().from(posts).where(eq(posts.id, drafts[0]!.id))
    expect(post!.meta.fields).toMatchObject({ old_price: target.price })
  })

  test('malformed XML gives a report with the line and archives nothing', async () => {
    const broken = vrsyncFeed(listings.slice(3), h.photos.url).replace('</Listing>', '</Listng>')
    serve([], broken)
    const report = await sync()
    expect(report.failure).toMatch(/XML do feed está malformado perto da linha \d+/)
    expect(report.archived).toBe(0)
    expect((await listHomes(h.handle.db, agent, {}, 100)).total).toBe(21)
  })

  test('the scheduled run syncs address connections not synced within the hour', async () => {
    serve(listings.slice(3))
    const now = new Date(Date.now() + 2 * 60 * 60 * 1000)
    const reports = await syncDueConnections(h.deps, 55 * 60_000, now)
    expect(reports.map((r) => r.integration_id)).toContain(connection.id)
    expect(reports.find((r) => r.integration_id === connection.id)).toMatchObject({
      trigger: 'schedule',
      failure: null,
    })
  })
})
