// The capacity run (ADR 275): two production web instances (WORKER=false) and a worker
// (WORKER=only) on the database bench/capacity-seed.ts made (1,000 accounts, 50,000 properties,
// 500,000 posts, 200,000 publications, 1,000,000 listing events), each with a DATA_DIR of its own.
// AGENTS signed-in people of the seed (agency owners, gestores, corretores, solo agents), each
// thinking 1–5 s between taps, tap the signed-in lists (/imoveis, /modelos/historico,
// /agendar-posts, /leads, /aprovacoes) and, as the visitors their posts bring, their public page
// (/c/{handle}), a listing page and a tracked contact (/r/{code}); requests alternate between the
// two instances, as a round-robin balancer sends them. Prints p50/p95 and errors per route and each
// process's CPU. Then the periodic jobs at that size, timed in this process on the same database:
// the daily Instagram insights reading (Graph answered by a fake that answers at once: the
// database's side) and the hourly feed sync (a local feed per account, first import and then the
// hourly re-read). Nothing is asserted; the figures are read.
//   npm run build && npx tsx bench/capacity-seed.ts && nice -n 5 npx tsx bench/capacity.ts
//   AGENTS=200 SECONDS=120 PARTS=load,jobs FEED_LISTINGS=20 CAPACITY_DATABASE_URL=postgres://…/vitrine_capacity
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { listingSlug } from '../app/domain/leads'
import { openDatabase } from '../app/utils/db.server'
import { createLogger } from '../app/utils/logger.server'
import { readPostInsights } from '../app/workflows/post-insights.server'
import { connectFeed } from '../app/workflows/feed-connect.server'
import { syncDueConnections, type FeedSyncDeps } from '../app/workflows/feed-sync.server'
import { createDiskStorage } from '../app/integrations/storage/storage.server'
import type { GraphClient } from '../app/integrations/meta/graph.server'
import { vrsyncFeed } from '../scripts/feeds/sample-feeds'
import { sampleListings } from '../scripts/feeds/sample-listings'
import { CAPACITY_DATABASE_URL, CAPACITY_PASSWORD, CAPACITY_SEALING_KEY, capacityEmail } from './capacity-seed'
import { signIn, type HttpAgent } from '../tests/support/http-agent'
import { HOT_QUERIES, capacityFixture, openPlanner, statementsOf } from '../tests/support/hot-queries'
import { freePort, processCpuMs } from './lib'

const AGENTS = Number(process.env.AGENTS ?? 200)
const SECONDS = Number(process.env.SECONDS ?? 120)
const PARTS = (process.env.PARTS ?? 'load,explain,jobs').split(',')
const FEED_LISTINGS = Number(process.env.FEED_LISTINGS ?? 20)
const SECRET = `capacity-${process.pid}-a-session-secret-of-some-length`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

type Proc = { name: string; url: string; child: ChildProcess; dataDir: string }

async function startProcess(name: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `vitrine-capacity-${name}-`))
  const child = spawn(process.execPath, ['build/server.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: CAPACITY_DATABASE_URL,
      SESSION_SECRET: SECRET,
      TOKEN_ENCRYPTION_KEY: CAPACITY_SEALING_KEY,
      RATE_LIMIT_DISABLED: 'true',
      INSECURE_COOKIES: 'true',
      DEV_MAILBOX: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  if (env.WORKER !== 'only') {
    const deadline = Date.now() + 180_000
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start`)
      await sleep(300)
    }
  }
  return { name, url, child, dataDir }
}

async function stopProcess(proc: Proc) {
  if (proc.child.exitCode === null) {
    proc.child.kill('SIGTERM')
    await new Promise((resolve) => proc.child.once('exit', resolve))
  }
  await fs.rm(proc.dataDir, { recursive: true, force: true })
}

/** Who taps: a person of the seed, their account's public page and some of its listings. */
type Person = {
  agents: HttpAgent[]
  handle: string
  listings: { path: string; code: string }[]
}

/** People 1..100 own agencies, 101..500 are their members, 501..1400 are solo agents. */
function sampledPeople(count: number): number[] {
  const people = new Set<number>()
  // One in four an agency's owner or member, the rest solo agents, spread over the seed.
  for (let i = 0; people.size < count; i++) {
    if (i % 4 === 0) people.add(1 + ((i * 37) % 100))
    else if (i % 4 === 1) people.add(101 + ((i * 53) % 400))
    else people.add(501 + ((i * 71) % 900))
  }
  return [...people]
}

async function preparePeople(sql: pg.Client, bases: string[]): Promise<Person[]> {
  const chosen = sampledPeople(AGENTS)
  const people: Person[] = []
  for (let i = 0; i < chosen.length; i += 20) {
    const batch = chosen.slice(i, i + 20)
    people.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const email = capacityEmail(n)
          // One sign-in per instance: each instance's own refresh of the session, as a balancer
          // without sticky sessions would have it.
          const agents = await Promise.all(bases.map((base) => signIn(base, { email, password: CAPACITY_PASSWORD })))
          const { rows } = await sql.query<{ handle: string; id: number; name: string }>(
            `select p.handle, h.id, h.name from users u
             left join account_members m on m.user_id = u.id
             join public_pages p on p.user_id = coalesce(m.account_id, u.id)
             join homes h on h.user_id = p.user_id and h.archived_at is null
             where u.email = $1 order by h.id limit 20`,
            [email],
          )
          return {
            agents,
            handle: rows[0]!.handle,
            listings: rows.map((row) => ({
              path: `/c/${row.handle}/${listingSlug(row)}`,
              code: `h${String(row.id).padStart(7, '0')}`,
            })),
          }
        }),
      )),
    )
  }
  return people
}

/**
 * The Postgres server's CPU spent for this database: its backends (`postgres: 15/main: user
 * vitrine_capacity …` in /proc) sampled every second, each from its first sighting (a backend
 * that ends between two samples loses its last second). Linux only.
 */
function databaseCpu() {
  const name = new URL(CAPACITY_DATABASE_URL).pathname.slice(1)
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
        if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${name} `)) continue
        const ms = processCpuMs(Number(entry))
        if (!first.has(Number(entry))) first.set(Number(entry), started ? 0 : ms)
        last.set(Number(entry), ms)
      } catch {
        // gone meanwhile
      }
    }
  }
  let started = false
  sample()
  started = true
  const timer = setInterval(sample, 1000)
  return () => {
    clearInterval(timer)
    sample()
    return [...last].reduce((sum, [pid, ms]) => sum + ms - (first.get(pid) ?? 0), 0)
  }
}

type Stats = { times: Map<string, number[]>; errors: Map<string, number> }
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

async function tap(stats: Stats, route: string, expected: number, run: () => Promise<Response>) {
  const started = performance.now()
  const fail = (why: string) => stats.errors.set(`${route} ${why}`, (stats.errors.get(`${route} ${why}`) ?? 0) + 1)
  try {
    const response = await run()
    await response.arrayBuffer()
    const list = stats.times.get(route) ?? stats.times.set(route, []).get(route)!
    list.push(performance.now() - started)
    if (response.status !== expected) fail(String(response.status))
  } catch (error) {
    fail(String(error).slice(0, 60))
  }
}

let turn = 0
/** One tap of a person: a signed-in page, or a visitor of theirs on a public one. */
async function step(person: Person, bases: string[], stats: Stats) {
  const i = turn++ % bases.length
  const agent = person.agents[i]!
  const base = bases[i]!
  const listing = pick(person.listings)
  // Each visitor is another phone: their first view of the hour counts (listing-counts.server.ts).
  const visitor = { 'user-agent': `${PHONE} v${Math.floor(Math.random() * 1e9)}` }
  const routes: [string, number, () => Promise<Response>][] = [
    ['GET /imoveis', 200, () => agent.fetch('/imoveis')],
    ['GET /modelos/historico', 200, () => agent.fetch('/modelos/historico')],
    ['GET /agendar-posts', 200, () => agent.fetch('/agendar-posts')],
    ['GET /leads', 200, () => agent.fetch('/leads')],
    ['GET /aprovacoes', 200, () => agent.fetch('/aprovacoes')],
    ['GET /c/:handle', 200, () => fetch(`${base}/c/${person.handle}`, { headers: visitor })],
    ['GET /c/:handle/:slug', 200, () => fetch(`${base}${listing.path}`, { headers: visitor })],
    ['GET /r/:code', 302, () => fetch(`${base}/r/${listing.code}`, { headers: visitor, redirect: 'manual' })],
  ]
  const [route, expected, run] = pick(routes)
  await tap(stats, route, expected, run)
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

function report(stats: Stats, elapsed: number, cpu: Record<string, number>) {
  const all = [...stats.times.values()].flat()
  console.log(
    `\n== ${AGENTS} agents, think 1–5 s, ${elapsed.toFixed(0)} s, ${all.length} requests (${(all.length / elapsed).toFixed(1)} req/s); load average at its end ${load()}`,
  )
  console.log('route'.padEnd(24), 'n'.padStart(6), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'errors'.padStart(8))
  const row = (route: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b)
    const errors = [...stats.errors].filter(([key]) => route === 'all' || key.startsWith(`${route} `))
    console.log(
      route.padEnd(24),
      String(sorted.length).padStart(6),
      quantile(sorted, 0.5).toFixed(0).padStart(8),
      quantile(sorted, 0.95).toFixed(0).padStart(8),
      String(errors.reduce((n, [, c]) => n + c, 0)).padStart(8),
    )
  }
  for (const [route, list] of [...stats.times].sort()) row(route, list)
  row('all', all)
  for (const [name, ms] of Object.entries(cpu))
    console.log(`CPU ${name}: ${s(ms)}, ${((ms / 1000 / elapsed) * 100).toFixed(0)} % of one core`)
  const web = (cpu.a ?? 0) + (cpu.b ?? 0)
  console.log(
    `per request: web ${(web / all.length).toFixed(1)} ms CPU, Postgres ${((cpu.postgres ?? 0) / all.length).toFixed(1)} ms CPU`,
  )
  if (stats.errors.size) console.log('errors:', Object.fromEntries(stats.errors))
}

async function loadPart() {
  // Migrated once before the processes start: three processes migrating at once race on a new
  // migration (two CREATE INDEX of one name), as instances rolled out together would.
  const migrating = await openDatabase({ url: CAPACITY_DATABASE_URL })
  await migrating.migrate()
  await migrating.close()
  const worker = await startProcess('worker', { WORKER: 'only' })
  const web = [await startProcess('a', { WORKER: 'false' }), await startProcess('b', { WORKER: 'false' })]
  const sql = new pg.Client({ connectionString: CAPACITY_DATABASE_URL })
  await sql.connect()
  try {
    const bases = web.map((w) => w.url)
    const t0 = performance.now()
    const people = await preparePeople(sql, bases)
    console.log(`${people.length} people signed in on both instances in ${s(performance.now() - t0)}; load ${load()}`)
    // Every page once, so that both instances answer warm (V8's first renders are slower, ADR 230).
    const warm: Stats = { times: new Map(), errors: new Map() }
    for (const person of people.slice(0, 10)) for (let i = 0; i < 16; i++) await step(person, bases, warm)

    const stats: Stats = { times: new Map(), errors: new Map() }
    const procs = [...web, worker]
    const cpuBefore = procs.map((p) => processCpuMs(p.child.pid!))
    const postgresCpu = databaseCpu()
    const started = performance.now()
    const deadline = Date.now() + SECONDS * 1000
    await Promise.all(
      people.map(async (person) => {
        await sleep(Math.random() * 5000)
        while (Date.now() < deadline) {
          await step(person, bases, stats)
          await sleep(Math.min(1000 + Math.random() * 4000, Math.max(0, deadline - Date.now())))
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const cpu = Object.fromEntries(procs.map((p, i) => [p.name, processCpuMs(p.child.pid!) - cpuBefore[i]!]))
    cpu.postgres = postgresCpu()
    report(stats, elapsed, cpu)
  } finally {
    await sql.end()
    await Promise.all([...web, worker].map(stopProcess))
  }
}

/** A local host serving one VRSync feed (no photos: the hourly re-read downloads none anyway). */
async function feedHost(dir: string) {
  const xml = vrsyncFeed(sampleListings(FEED_LISTINGS, { seed: 57, photos: 0 }), 'http://127.0.0.1:9')
  await fs.writeFile(path.join(dir, 'feed.xml'), xml)
  const host = spawn(process.execPath, ['--import', 'tsx', 'scripts/feeds/photo-server.ts', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve) => host.stdout!.once('data', (line) => resolve(String(line).trim())))
  return { url: `${url}/feed.xml`, stop: () => host.kill() }
}

async function jobsPart() {
  const handle = await openDatabase({ url: CAPACITY_DATABASE_URL })
  const db = handle.db
  const sql = new pg.Client({ connectionString: CAPACITY_DATABASE_URL })
  await sql.connect()
  const logger = createLogger('warn')
  try {
    // The daily insights: every Instagram publication of the last 90 days read once.
    const graph = { mediaInsights: async () => ({ reach: 120, saved: 4, shares: 2 }) } as unknown as GraphClient
    const key = CAPACITY_SEALING_KEY
    const t0 = performance.now()
    const read = await readPostInsights({ db, graph, credentialsKey: key, logger })
    const insightsMs = performance.now() - t0
    const { rows } = await sql.query(
      `select count(*)::int as n from scheduled_publications p join social_accounts a on a.id = p.social_account_id
       where a.provider = 'instagram' and p.external_id is not null and p.published_at >= now() - interval '90 days'`,
    )
    console.log(
      `\ndaily insights job: ${read} publications read of ${rows[0].n} due in ${s(insightsMs)} (${(insightsMs / Math.max(1, read)).toFixed(1)} ms each, Graph answered at once); load ${load()}`,
    )

    // The hourly feed sync: a feed of FEED_LISTINGS listings connected by every account.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-capacity-feeds-'))
    const host = await feedHost(dir)
    try {
      const deps: FeedSyncDeps = {
        db,
        storage: createDiskStorage(path.join(dir, 'uploads')),
        credentialsSecret: key,
        fetchOptions: { allowPrivateHosts: true },
        logger,
      }
      const accounts = await sql.query<{ user_id: string }>('select user_id from public_pages')
      const t1 = performance.now()
      for (const { user_id } of accounts.rows) {
        const connected = await connectFeed(deps, user_id, { kind: 'url', url: host.url })
        if (!connected.ok) throw new Error(connected.message)
      }
      const t2 = performance.now()
      const first = await syncDueConnections(deps)
      const t3 = performance.now()
      const created = first.reduce((n, r) => n + r.created, 0)
      console.log(
        `feeds: ${accounts.rows.length} connected in ${s(t2 - t1)}; first import ${first.length} syncs, ${created} properties, in ${s(t3 - t2)}; load ${load()}`,
      )
      // An hour later: every connection is due again, every listing unchanged.
      const hourly = await syncDueConnections(deps, 0)
      const t4 = performance.now()
      const unchanged = hourly.reduce((n, r) => n + r.unchanged, 0)
      const changed = hourly.reduce((n, r) => n + r.created + r.updated + r.archived, 0)
      console.log(
        `hourly feed sync: ${hourly.length} connections, ${unchanged} listings unchanged, ${changed} changed, in ${s(t4 - t3)} (${((t4 - t3) / Math.max(1, hourly.length)).toFixed(0)} ms a connection); load ${load()}`,
      )
    } finally {
      host.stop()
      await fs.rm(dir, { recursive: true, force: true })
    }
  } finally {
    await sql.end()
    await handle.close()
  }
}

/** Every hot query at this size: its statements' time (EXPLAIN ANALYZE, the planner's own choice). */
async function explainPart() {
  const handle = await openDatabase({ url: CAPACITY_DATABASE_URL })
  const planner = await openPlanner(handle)
  try {
    const fixture = await capacityFixture(handle)
    console.log('\nhot queries (EXPLAIN ANALYZE, agency corretor-1), each statement: ms and any whole-table read')
    for (const hot of HOT_QUERIES) {
      const statements = await statementsOf(handle, (db) => hot.run(db, fixture))
      const plans = []
      for (const statement of statements) plans.push(await planner.plan(statement, true))
      const ms = plans.map((p) => p.executionMs!)
      // A long run of statements (the limiter's 200 hits) as their sum and the slowest.
      const times =
        ms.length > 8
          ? `${ms.length} statements, ${ms.reduce((a, b) => a + b, 0).toFixed(1)} in all, the slowest ${Math.max(...ms).toFixed(1)}`
          : ms.map((t) => t.toFixed(1)).join(' + ')
      const reads = [...new Set(plans.flatMap((p) => planner.wholeTableReads(p)))]
      console.log(`${hot.name.padEnd(44)} ${times} ms${reads.length ? `   ${reads.join(', ')}` : ''}`)
    }
  } finally {
    planner.close()
    await handle.close()
  }
}

console.log(`database ${new URL(CAPACITY_DATABASE_URL).pathname.slice(1)}; ${os.cpus().length} cores, load ${load()}`)
if (PARTS.includes('load')) await loadPart()
if (PARTS.includes('explain')) await explainPart()
if (PARTS.includes('jobs')) await jobsPart()
