// What the start-up recovery does (ADR 213) with a sync a dead process left before all its
// listings were read (the report failed with why, the sync run again), and with a lock whose
// holder runs on another machine: left while its heartbeat is fresh, taken once it is stale.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { feedSources, feedSyncs, homes } from '../../db/schema'
import { getFeedConnection, listSyncReports, startSyncReport } from '../../app/models/feeds.server'
import { processOwner } from '../../app/utils/process-owner.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { INTERRUPTED_SYNC, resumeInterruptedSyncs } from '../../app/workflows/feed-recovery.server'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { createAgent, createFeedHarness, type FeedHarness } from '../support/feeds'

let h: FeedHarness
// The migrated database and the template library: slow on a busy machine.
beforeAll(async () => {
  h = await createFeedHarness()
}, 180_000)
afterAll(() => h.close())

async function connectUpload(agent: string) {
  const bytes = new TextEncoder().encode(vrsyncFeed(sampleListings(3, { seed: 43, photos: 0 }), h.photos.url))
  const result = await connectFeed(h.deps, agent, { kind: 'upload', file: { name: 'imoveis.xml', bytes } })
  if (!result.ok) throw new Error(result.message)
  return (await getFeedConnection(h.handle.db, agent, result.connection.id))!
}

const holdLock = (id: number, owner: string, at: Date) =>
  h.handle.db.update(feedSources).set({ sync_owner: owner, syncing_at: at }).where(eq(feedSources.integration_id, id))

test('a sync killed before its listings were all read is failed visibly and run again', async () => {
  const agent = await createAgent(h.handle)
  const connection = await connectUpload(agent)
  const interrupted = await startSyncReport(h.handle.db, connection, 'connect')
  // The holder ran on this machine; its pid is gone (beyond any pid Linux hands out).
  await holdLock(connection.id, processOwner.replace(/\/\d+\//, '/4194305/'), new Date())
  expect(await resumeInterruptedSyncs(h.deps)).toBe(1)
  const [again, before] = await listSyncReports(h.handle.db, agent, connection.id, 2)
  expect(before).toMatchObject({ id: interrupted.id, failure: INTERRUPTED_SYNC })
  expect(before!.finished_at).not.toBeNull()
  expect(again).toMatchObject({ trigger: 'schedule', created: 3, failure: null })
  expect(await h.handle.db.select().from(homes).where(eq(homes.user_id, agent))).toHaveLength(3)
  const [source] = await h.handle.db.select().from(feedSources).where(eq(feedSources.integration_id, connection.id))
  expect(source).toMatchObject({ syncing_at: null, sync_owner: null })
})

test("another machine's sync is left while its heartbeat is fresh and taken over once it is stale", async () => {
  const agent = await createAgent(h.handle)
  const connection = await connectUpload(agent)
  await startSyncReport(h.handle.db, connection, 'connect')
  await holdLock(connection.id, 'outra-maquina~1/77/abc', new Date())
  expect(await resumeInterruptedSyncs(h.deps)).toBe(0)
  expect(await h.handle.db.select().from(feedSyncs).where(eq(feedSyncs.integration_id, connection.id))).toHaveLength(1)
  await holdLock(connection.id, 'outra-maquina~1/77/abc', new Date(Date.now() - 3 * 60_000))
  expect(await resumeInterruptedSyncs(h.deps)).toBe(1)
  expect((await listSyncReports(h.handle.db, agent, connection.id, 1))[0]).toMatchObject({ created: 3 })
})
