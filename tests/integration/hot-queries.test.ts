// Every hot query has an index (ADR 275): the statements of the busy pages (/imoveis,
// /modelos/historico, /agendar-posts, /leads, /aprovacoes, the public page, a listing page, a
// tracked contact), of the publisher's claim and of the listing counts, read off the model
// functions on a database seeded as the capacity run's at 1/100 of its size, are planned with
// sequential scans off: a sequential scan of a large table, or a whole index read without a
// condition, means that no index serves the query, and at 1,000 agencies the page would read the
// table on every visit.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadOrCreateSecret } from '../../app/models/app-secrets.server'
import { installTemplateLibrary, shippedLibrary } from '../../app/models/template-library.server'
import { seal } from '../../app/utils/sealed.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { CAPACITY_IG_TOKEN, seedCapacityData } from '../../bench/capacity-seed'
import { createTestDatabase } from '../setup/db'
import {
  HOT_QUERIES,
  capacityFixture,
  openPlanner,
  seedRunner,
  statementsOf,
  type HotFixture,
} from '../support/hot-queries'

let handle: DatabaseHandle
let fixture: HotFixture
let planner: Awaited<ReturnType<typeof openPlanner>>

beforeAll(async () => {
  handle = await createTestDatabase()
  await installTemplateLibrary(handle.db, shippedLibrary({}))
  const credentials = await loadOrCreateSecret(handle.db, 'credentials')
  const seed = await seedRunner(handle)
  try {
    // An agency of 5 and 9 solo agents: 500 properties, 5,000 posts, 10,000 listing events.
    await seedCapacityData(seed.run, { scale: 0.01, sealedToken: seal(credentials, CAPACITY_IG_TOKEN) })
  } finally {
    seed.release()
  }
  fixture = await capacityFixture(handle)
  planner = await openPlanner(handle)
}, 120_000)

afterAll(async () => {
  planner?.close()
  await handle?.close()
})

test('the check sees a query no index serves', async () => {
  const plan = await planner.plan({ query: 'select id from posts where description = $1', params: ['x'] })
  expect(planner.wholeTableReads(plan)).toEqual(['Seq Scan on posts'])
})

test.each(HOT_QUERIES)('$name: an index serves every statement', async ({ run }) => {
  const statements = await statementsOf(handle, (db) => run(db, fixture))
  expect(statements.length).toBeGreaterThan(0)
  const reads: string[] = []
  for (const statement of statements)
    for (const read of planner.wholeTableReads(await planner.plan(statement)))
      reads.push(`${read} in: ${statement.query.slice(0, 300)}`)
  expect(reads).toEqual([])
})
