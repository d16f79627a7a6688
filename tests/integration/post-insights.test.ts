// The daily Instagram insights ("Resultados", ADR 224): the Graph client reads reach, saves and shares of a
// media; the daily job stores one row per publication and day (a second reading the same day
// replaces it) for posts published on a connected Instagram account, and "Resultados" shows the
// latest reading beside the property's clicks. No request leaves the machine: fetch is a stub.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, postInsights, posts, scheduledPublications } from '../../db/schema'
import { createGraphClient } from '../../app/integrations/meta/graph.server'
import { homeInsights } from '../../app/models/listing-stats.server'
import { saveConnectedAccount } from '../../app/models/social-accounts.server'
import { createLogger } from '../../app/utils/logger.server'
import { readPostInsights, saoPauloDay } from '../../app/workflows/post-insights.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let close: () => Promise<void>
const ana = crypto.randomUUID()
const KEY = 'a'.repeat(64)
let homeId: number

beforeAll(async () => {
  ;({ handle, close } = await agentsOnDisk('insights', [ana]))
  const [home] = await handle.db.insert(homes).values(jardinsApartment(ana)).returning({ id: homes.id })
  homeId = home!.id
})
afterAll(() => close())

test('the Graph client reads a media’s reach, saves and shares (absent metrics read as 0)', async () => {
  const asked: string[] = []
  const fetchStub = (async (url: URL) => {
    asked.push(url.toString())
    return Response.json({
      data: [
        { name: 'reach', period: 'lifetime', values: [{ value: 321 }] },
        { name: 'saved', total_value: { value: 12 } },
      ],
    })
  }) as unknown as typeof fetch
  const graph = createGraphClient({ baseUrl: 'http://graph.test/v23.0', fetch: fetchStub })
  expect(await graph.mediaInsights('17900', 'token-1')).toEqual({ reach: 321, saved: 12, shares: 0 })
  expect(asked[0]).toContain('/v23.0/17900/insights?access_token=token-1&metric=reach%2Csaved%2Cshares')
})

test('the daily job stores one reading per publication and day, shown on the property', async () => {
  const accountId = await saveConnectedAccount(handle.db, ana, KEY, {
    provider: 'instagram',
    name: 'ana.imoveis',
    externalId: '1784',
    token: 'ig-token',
    expiresAt: null,
  })
  const [post] = await handle.db.insert(posts).values({ user_id: ana, home_id: homeId }).returning({ id: posts.id })
  const [publication] = await handle.db
    .insert(scheduledPublications)
    .values({
      user_id: ana,
      post_id: post!.id,
      publish_at: new Date(),
      published: true,
      status: 'published',
      social_account_id: accountId,
      external_id: 'media-1',
      permalink: 'https://www.instagram.com/p/abc/',
      published_at: new Date(),
    })
    .returning({ id: scheduledPublications.id })
  let reach = 100
  const graph = {
    mediaInsights: async (mediaId: string, token: string) => {
      expect([mediaId, token]).toEqual(['media-1', 'ig-token'])
      return { reach, saved: 4, shares: 2 }
    },
  } as unknown as ReturnType<typeof createGraphClient>
  const deps = { db: handle.db, graph, credentialsKey: KEY, logger: createLogger('silent') }
  expect(await readPostInsights(deps)).toBe(1)
  reach = 150
  expect(await readPostInsights(deps)).toBe(1)
  const rows = await handle.db.select().from(postInsights)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    publication_id: publication!.id,
    day: saoPauloDay(),
    reach: 150,
    saved: 4,
    shares: 2,
  })
  expect(await homeInsights(handle.db, ana, homeId)).toEqual([
    expect.objectContaining({
      post_id: post!.id,
      reach: 150,
      saved: 4,
      shares: 2,
      permalink: 'https://www.instagram.com/p/abc/',
    }),
  ])
})

test('the daily job reads every page of publications, not only the first', async () => {
  const accountId = await saveConnectedAccount(handle.db, ana, KEY, {
    provider: 'instagram',
    name: 'ana.imoveis',
    externalId: '1784',
    token: 'ig-token',
    expiresAt: null,
  })
  const made = await handle.db
    .insert(posts)
    .values([{ user_id: ana }, { user_id: ana }, { user_id: ana }])
    .returning()
  await handle.db.insert(scheduledPublications).values(
    made.map((post, i) => ({
      user_id: ana,
      post_id: post.id,
      publish_at: new Date(),
      published: true,
      status: 'published' as const,
      social_account_id: accountId,
      external_id: `media-page-${i}`,
      // Microseconds, as a time the database's clock writes has: the page's end must keep them.
      published_at: sql`now()`,
    })),
  )
  const read: string[] = []
  const graph = {
    mediaInsights: async (mediaId: string) => (read.push(mediaId), { reach: 1, saved: 0, shares: 0 }),
  } as unknown as ReturnType<typeof createGraphClient>
  const deps = { db: handle.db, graph, credentialsKey: KEY, logger: createLogger('silent') }
  // Two at a time: the first test's publication and these three take two pages.
  expect(await readPostInsights(deps, new Date(), 2)).toBe(4)
  expect(read).toEqual(expect.arrayContaining(['media-1', 'media-page-0', 'media-page-1', 'media-page-2']))
})
