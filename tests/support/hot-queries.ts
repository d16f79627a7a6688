// The statements the busy pages and jobs run (ADR 275), read off the model functions
// themselves: each hot path is called on a Drizzle handle whose logger keeps every statement and
// its parameters, inside a transaction rolled back at the end (a claim or a count changes
// nothing). Then each statement's plan: `EXPLAIN` with `enable_seqscan = off`, so that a
// sequential scan, or an index read from end to end, shows only where no index serves the query.
// Used by tests/integration/hot-queries.test.ts (a small seed, every plan checked) and by
// bench/capacity.ts (`PARTS=explain`: EXPLAIN ANALYZE at the capacity size, the time of each).
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import * as schema from '../../db/schema'
import { ensureProfile } from '../../app/models/auth-profiles.server'
import { activityOf, piecesInStatus, waitingCount } from '../../app/models/approvals.server'
import { listHomesWithCities } from '../../app/models/homes.server'
import { listLeads } from '../../app/models/leads.server'
import { findShortLink, homeResults, publicationsToRead, shortLinkFor } from '../../app/models/listing-stats.server'
import { listPostFilters, listPosts } from '../../app/models/posts.server'
import {
  findPageByHandle,
  findPageByOwner,
  getPublicHome,
  listPublicCities,
  listPublicHomes,
} from '../../app/models/public-pages.server'
import { createRateLimiter } from '../../app/models/rate-limits.server'
import {
  claimPublication,
  listPublications,
  loadPublicationForWorker,
  pendingPublications,
} from '../../app/models/scheduled-publications.server'
import { listAccounts } from '../../app/models/social-accounts.server'
import { countListingEvent } from '../../app/workflows/listing-counts.server'
import type { Database, DatabaseHandle } from '../../app/utils/db.server'
import { capacityEmail } from '../../bench/capacity-seed'

/** The tables that grow with agents and time: a whole read of one of them is the failure. */
export const LARGE_TABLES = [
  'users',
  'auth_users',
  'account_members',
  'subscriptions',
  'public_pages',
  'social_accounts',
  'homes',
  'posts',
  'scheduled_publications',
  'approval_events',
  'short_links',
  'listing_events',
  'leads',
  'post_insights',
  'rate_limit_counters',
] as const

/** Who and what the hot paths are asked about: an agency (its owner and a corretor), one of its properties. */
export type HotFixture = {
  accountId: string
  ownerEmail: string
  corretorId: string
  homeId: number
  handle: string
  code: string
  publicationId: number
}

type HotQuery = { name: string; run: (db: Database, f: HotFixture) => Promise<unknown> }

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

/** The model functions each route and job calls, as it calls them. */
export const HOT_QUERIES: HotQuery[] = [
  {
    name: 'every signed-in request: the profile',
    run: (db, f) => ensureProfile(db, { id: f.accountId, email: f.ownerEmail, user_metadata: {} } as never),
  },
  { name: '/imoveis', run: (db, f) => listHomesWithCities(db, f.accountId) },
  { name: '/imoveis?cidade', run: (db, f) => listHomesWithCities(db, f.accountId, { city: 'Campinas', page: 2 }) },
  {
    name: '/modelos/historico',
    run: (db, f) => Promise.all([listPosts(db, f.accountId), listPostFilters(db, f.accountId)]),
  },
  { name: '/modelos/historico?imovel', run: (db, f) => listPosts(db, f.accountId, { homeId: f.homeId }) },
  {
    name: '/agendar-posts',
    run: async (db, f) => {
      await listAccounts(db, f.accountId)
      await listPublications(db, f.accountId, { status: ['scheduled', 'publishing'], limit: 50 })
      await listPublications(db, f.accountId, { status: ['published'], order: 'desc', limit: 20 })
      await listPublications(db, f.accountId, { status: ['failed'], order: 'desc', limit: 20 })
      const from = new Date()
      await listPublications(db, f.accountId, { from, to: new Date(from.getTime() + 7 * 864e5) })
    },
  },
  { name: '/leads', run: (db, f) => listLeads(db, f.accountId) },
  { name: '/leads (corretor)', run: (db, f) => listLeads(db, f.accountId, 500, f.corretorId) },
  {
    name: '/aprovacoes',
    run: async (db, f) => {
      await piecesInStatus(db, f.accountId, ['pending'], null)
      await activityOf(db, f.accountId, 30)
      await waitingCount(db, f.accountId)
    },
  },
  { name: '/aprovacoes (corretor)', run: (db, f) => piecesInStatus(db, f.accountId, ['changes'], f.corretorId) },
  {
    name: '/c/{handle}',
    run: async (db, f) => {
      const owner = await findPageByHandle(db, f.handle)
      await listPublicHomes(db, owner!.user_id)
      await listPublicHomes(db, owner!.user_id, { status: 'sale', city: 'Campinas' })
      await listPublicCities(db, owner!.user_id)
    },
  },
  {
    name: 'listing page',
    run: async (db, f) => {
      await getPublicHome(db, f.accountId, f.homeId)
      await findShortLink(db, f.code)
      await shortLinkFor(db, f.accountId, f.homeId)
    },
  },
  {
    name: '/r/{code} and a listing view: the count',
    run: async (db, f) => {
      const link = await findShortLink(db, f.code)
      await findPageByOwner(db, link!.user_id)
      const limiter = createRateLimiter(db, { disabled: true })
      await countListingEvent(
        { db, limiter },
        { address: '203.0.113.9', userAgent: PHONE },
        {
          user_id: f.accountId,
          home_id: f.homeId,
          kind: 'whatsapp',
          link_code: f.code,
        },
      )
    },
  },
  {
    name: 'the rate limiter sweep',
    run: async (db) => {
      const limiter = createRateLimiter(db)
      // Every 200th hit drops the counters whose window is over.
      for (let i = 0; i < 200; i++) await limiter.hit({ name: 'hot', limit: 1000, windowSeconds: 60 }, 'k')
    },
  },
  { name: 'results of a property (listing counts)', run: (db, f) => homeResults(db, f.accountId, f.homeId) },
  {
    name: "the publisher's claim",
    run: async (db, f) => {
      await pendingPublications(db)
      await loadPublicationForWorker(db, f.publicationId)
      await claimPublication(db, f.publicationId, 120)
    },
  },
  {
    name: 'daily insights: publications to read',
    run: async (db) => {
      const since = new Date(Date.now() - 90 * 864e5)
      await publicationsToRead(db, since)
      await publicationsToRead(db, since, { publishedAt: since.toISOString(), id: 1 })
    },
  },
]

export type Statement = { query: string; params: unknown[] }

type Client = PGlite | pg.Pool

const clientOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: Client }).$client

/** Rows of one statement, on either driver. */
export async function rowsOf<T>(handle: DatabaseHandle, text: string, params: unknown[] = []): Promise<T[]> {
  const client = clientOf(handle)
  return handle.driver === 'postgres'
    ? (await (client as pg.Pool).query(text, params)).rows
    : ((await (client as PGlite).query(text, params)).rows as T[])
}

/** One connection to run the seed's statements on (its temporary tables live on one connection). */
export async function seedRunner(handle: DatabaseHandle) {
  const client = clientOf(handle)
  if (handle.driver === 'postgres') {
    const conn = await (client as pg.Pool).connect()
    return {
      run: async (text: string, params: unknown[] = []) => (await conn.query(text, params)).rowCount ?? 0,
      release: () => conn.release(),
    }
  }
  return {
    run: async (text: string, params: unknown[] = []) =>
      (await (client as PGlite).query(text, params)).affectedRows ?? 0,
    release: () => {},
  }
}

/** The seed's first agency (bench/capacity-seed.ts): its owner, a corretor, a property, a publication due. */
export async function capacityFixture(handle: DatabaseHandle): Promise<HotFixture> {
  const [owner] = await rowsOf<{ id: string; email: string; handle: string }>(
    handle,
    `select u.id, u.email, p.handle from users u join public_pages p on p.user_id = u.id where u.email = $1`,
    [capacityEmail(1)],
  )
  if (!owner) throw new Error('no capacity seed in this database (bench/capacity-seed.ts)')
  const [corretor] = await rowsOf<{ user_id: string }>(
    handle,
    `select user_id from account_members where account_id = $1 and role = 'corretor' order by user_id limit 1`,
    [owner.id],
  )
  const [home] = await rowsOf<{ id: number }>(
    handle,
    `select id from homes where user_id = $1 and archived_at is null order by id limit 1`,
    [owner.id],
  )
  const [publication] = await rowsOf<{ id: number }>(
    handle,
    `select id from scheduled_publications where user_id = $1 and status = 'scheduled' order by publish_at limit 1`,
    [owner.id],
  )
  return {
    accountId: owner.id,
    ownerEmail: owner.email,
    corretorId: corretor!.user_id,
    homeId: home!.id,
    handle: owner.handle,
    code: `h${String(home!.id).padStart(7, '0')}`,
    publicationId: publication!.id,
  }
}

class RolledBack extends Error {}

/** The statements `run` sends, each with its parameters; whatever it wrote is rolled back. */
export async function statementsOf(handle: DatabaseHandle, run: (db: Database) => Promise<unknown>) {
  const seen: Statement[] = []
  const logger = { logQuery: (query: string, params: unknown[]) => void seen.push({ query, params }) }
  const client = clientOf(handle)
  const db = (handle.driver === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite({ client: client as PGlite, schema, logger })) as unknown as Database
  try {
    await db.transaction(async (tx) => {
      await run(tx)
      throw new RolledBack()
    })
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error
  }
  // Each statement once (the limiter's 200 hits are two statements).
  const distinct = new Map(
    seen.filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s.query)).map((s) => [s.query, s]),
  )
  return [...distinct.values()]
}

/** One connection on which plans are asked for (the pool's connections each have their settings). */
export async function openPlanner(handle: DatabaseHandle) {
  const client = clientOf(handle)
  const conn = handle.driver === 'postgres' ? await (client as pg.Pool).connect() : null
  const query = async (text: string, params: unknown[] = []) =>
    conn ? (await conn.query(text, params)).rows : (await (client as PGlite).query(text, params)).rows
  const partial = new Set(
    (
      (await query(
        `select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid where i.indpred is not null`,
      )) as {
        relname: string
      }[]
    ).map((row) => row.relname),
  )
  return {
    /**
     * The plan's tree (EXPLAIN, FORMAT JSON) with sequential scans off, in a rolled-back
     * transaction. `analyze`: run it and time it, as the planner would choose by itself.
     */
    async plan(statement: Statement, analyze = false): Promise<PlanNode> {
      await query('begin')
      try {
        // Nested loops only: every read of a table is then driven by its own condition, so a join
        // whose key has no index shows as a whole read of the inner table too (a merge or hash
        // join would read a whole index on a small table even where one serves the key).
        if (!analyze)
          for (const setting of ['enable_seqscan', 'enable_mergejoin', 'enable_hashjoin'])
            await query(`set local ${setting} = off`)
        const rows = (await query(
          `explain (format json${analyze ? ', analyze' : ''}) ${statement.query}`,
          statement.params,
        )) as { 'QUERY PLAN': unknown }[]
        const raw = rows[0]!['QUERY PLAN']
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
          Plan: PlanNode
          'Execution Time'?: number
        }[]
        return { ...plan[0]!.Plan, executionMs: plan[0]!['Execution Time'] }
      } finally {
        await query('rollback')
      }
    },
    /** Reads of a whole large table: a sequential scan, or a full index without a condition (a partial one aside). */
    wholeTableReads(plan: PlanNode): string[] {
      const found: string[] = []
      const walk = (node: PlanNode) => {
        const table = node['Relation Name']
        if (table && (LARGE_TABLES as readonly string[]).includes(table)) {
          if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${table}`)
          const indexScan = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan'
          if (indexScan && !node['Index Cond'] && !partial.has(node['Index Name'] ?? ''))
            found.push(`whole index ${node['Index Name']} on ${table}`)
        }
        for (const child of node.Plans ?? []) walk(child)
      }
      walk(plan)
      return found
    },
    close: () => conn?.release(),
  }
}

export type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  'Actual Total Time'?: number
  Plans?: PlanNode[]
  executionMs?: number
}
