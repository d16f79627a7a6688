// The other sources and the edges: a Carga feed in ISO-8859-1, Vista CRM's API through a local
// server (pages of 50, the key sealed at rest, a sold listing archived with a "Vendido!" draft),
// photos that fail, the plan's property limit, and the connection tests before saving.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { feedListings, homes, integrations } from '../../db/schema'
import { getHome, listHomes } from '../../app/models/homes.server'
import { listDrafts } from '../../app/models/feed-drafts.server'
import { getFeedConnection, updateFeedSource } from '../../app/models/feeds.server'
import { unseal } from '../../app/utils/sealed.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { syncConnection } from '../../app/workflows/feed-sync.server'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { cargaFeed, vistaRecords, vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { startVistaServer, type VistaServer } from '../mocks/vista'
import { createAgent, createFeedHarness, type FeedHarness } from '../support/feeds'

let h: FeedHarness
let vista: VistaServer
const VISTA_KEY = 'c9fdd79584fb8d369a6a579af1a8f681'

beforeAll(async () => {
  h = await createFeedHarness()
  vista = await startVistaServer(VISTA_KEY, vistaRecords(sampleListings(120, { seed: 3, photos: 0 }), ''))
})
afterAll(async () => {
  await vista.close()
  await h.close()
})

const syncOf = async (userId: string, id: number) =>
  (await syncConnection(h.deps, (await getFeedConnection(h.handle.db, userId, id))!, 'manual'))!

test('a Carga feed in ISO-8859-1 by upload keeps accents, maps flags and Brazilian prices', async () => {
  const agent = await createAgent(h.handle)
  const listings = sampleListings(6, { seed: 11, photos: 1 })
  const result = await connectFeed(h.deps, agent, {
    kind: 'upload',
    file: { name: 'carga.xml', bytes: cargaFeed(listings, h.photos.url) },
  })
  if (!result.ok) throw new Error(result.message)
  expect(result.connection.format).toBe('carga')
  const report = await syncOf(agent, result.connection.id)
  expect(report).toMatchObject({ created: 6, failure: null, photos: 6 })
  const tatuape = (await listHomes(h.handle.db, agent, {}, 50)).items.map((i) => i.neighborhood)
  expect(tatuape.every((n) => !n.includes('\uFFFD'))).toBe(true)
  const rows = await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))
  const first = listings[0]!
  const home = rows.find((r) => r.name === first.title)!
  expect(home).toMatchObject({
    price: first.price,
    rental_price: first.rent,
    iptu_price: first.iptu,
    city: first.place.city,
  })
  const withPool = listings.find((l) => l.features.includes('Pool'))
  if (withPool) expect(rows.find((r) => r.name === withPool.title)!.amenities).toContain('pool')
})

describe('Vista CRM', () => {
  let agent: string
  let id: number

  test('a wrong key is refused before anything is saved', async () => {
    agent = await createAgent(h.handle)
    const result = await connectFeed(h.deps, agent, { kind: 'vista', apiHost: vista.url, apiKey: 'chave-errada' })
    expect(result).toMatchObject({ ok: false, field: 'apiKey', message: expect.stringMatching(/recusou a chave/) })
    expect(await h.handle.db.select().from(integrations).where(eq(integrations.user_id, agent))).toHaveLength(0)
  })

  test('the key is sealed at rest and 120 properties arrive in 3 pages of 50', async () => {
    const result = await connectFeed(h.deps, agent, { kind: 'vista', apiHost: vista.url, apiKey: VISTA_KEY })
    if (!result.ok) throw new Error(result.message)
    id = result.connection.id
    const [row] = await h.handle.db.select().from(integrations).where(eq(integrations.id, id))
    expect(row!.api_connection.apiKey).not.toContain(VISTA_KEY)
    expect(unseal(h.deps.credentialsSecret, row!.api_connection.apiKey!)).toBe(VISTA_KEY)
    vista.calls.length = 0
    const report = await syncOf(agent, id)
    expect(report).toMatchObject({ created: 120, updated: 0, archived: 0, failure: null })
    expect(vista.calls).toHaveLength(3)
  })

  test('a property Vista marks "Vendido" is archived and drafts "Vendido!"', async () => {
    await updateFeedSource(h.handle.db, agent, id, { automations: { sold: 'venda-vendido' } })
    const sold = vista.records.find((r) => r.Status === 'Venda')!
    sold.Status = 'Vendido'
    const report = await syncOf(agent, id)
    expect(report).toMatchObject({ created: 0, updated: 0, archived: 1, unchanged: 119, drafts: 1 })
    const [listing] = await h.handle.db
      .select()
      .from(feedListings)
      .where(and(eq(feedListings.integration_id, id), eq(feedListings.external_id, String(sold.Codigo))))
    expect((await getHome(h.handle.db, agent, listing!.home_id!))!.archived_at).not.toBeNull()
    const drafts = await listDrafts(h.handle.db, agent, id)
    expect(drafts).toMatchObject([{ event: 'sold', template: 'venda-vendido', listingId: sold.Codigo }])
  })
})

test('photos that fail are reported by listing, in pt-BR; the listing is still imported', async () => {
  const agent = await createAgent(h.handle)
  const [one] = sampleListings(1, { seed: 5, photos: 1 })
  const xml = vrsyncFeed([one!], h.photos.url).replace(
    /<Item medium="image"[^>]*>[^<]*<\/Item>/,
    `<Item medium="image" primary="true">${h.photos.url}/fotos/sumiu.jpg</Item><Item medium="image">${h.photos.url}/fotos/quebrada.jpg</Item><Item medium="image">${h.photos.url}/fotos/boa.jpg</Item>`,
  )
  const result = await connectFeed(h.deps, agent, { kind: 'upload', file: { name: 'f.xml', bytes: Buffer.from(xml) } })
  if (!result.ok) throw new Error(result.message)
  const report = await syncOf(agent, result.connection.id)
  expect(report).toMatchObject({ created: 1, photos: 1 })
  expect(report.errors).toEqual([
    { listingId: one!.id, reason: 'Foto 1 não importada (o servidor respondeu HTTP 404).' },
    {
      listingId: one!.id,
      reason: expect.stringMatching(/^Foto 2 não importada \(O arquivo "quebrada\.jpg" não é uma imagem/),
    },
  ])
  const [home] = await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))
  expect(home!.gallery).toHaveLength(1)
  expect(home!.gallery[0]!.featured).toBe(true)
  // The next sync tries the photos again; the listing itself is unchanged.
  const requests = h.photos.requests()
  const again = await syncOf(agent, result.connection.id)
  expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1, photos: 1 })
  expect(again.errors).toHaveLength(2)
  expect(h.photos.requests()).toBe(requests + 3)
})

test('the free plan imports up to its property limit and reports the rest', async () => {
  const agent = await createAgent(h.handle, false)
  const listings = sampleListings(5, { seed: 9, photos: 0 })
  const result = await connectFeed(h.deps, agent, {
    kind: 'upload',
    file: { name: 'f.xml', bytes: Buffer.from(vrsyncFeed(listings, h.photos.url)) },
  })
  if (!result.ok) throw new Error(result.message)
  const report = await syncOf(agent, result.connection.id)
  expect(report.created).toBe(3)
  expect(report.errors.map((e) => e.listingId)).toEqual([listings[3]!.id, listings[4]!.id])
  expect(report.errors[0]!.reason).toMatch(/^Não importado: Você já tem 3 de 3 imóveis/)
})

test('an address on the internal network is refused unless the operator allows it', async () => {
  const agent = await createAgent(h.handle)
  const strict = { ...h.deps, fetchOptions: { allowPrivateHosts: false } }
  const result = await connectFeed(strict, agent, { kind: 'url', url: `${h.photos.url}/feed.xml` })
  expect(result).toMatchObject({ ok: false, field: 'url', message: expect.stringMatching(/rede interna/) })
})
