// Two ways to reach the embedded database (ADR 279), on the same data in the same run:
//   bridge     today's: PGlite (with the statement cache, ADR 229) on a worker thread, our RPC and
//              transaction protocol, Drizzle's PGlite driver (ADR 235), opened as the built server
//              opens it (openDatabase with the thread's script, built as `npm run build` does).
//   socket-1   PGlite on a worker thread behind @electric-sql/pglite-socket on a loopback port,
//              one connection (the package's default), pg.Pool of 1 and Drizzle's node-postgres.
//   socket-10  the same with 10 connections multiplexed onto the one PGlite session, and the
//              app's own Postgres path (openDatabase with a URL: pg.Pool of 10).
// Each round runs every set-up in its own process, alternating, on a copy of one seeded data
// directory: 10 callers for SECONDS run the app's hot model calls (8 of 10: the signed-in
// profile and the /imoveis list; 1: a post made in a transaction under the quota lock; 1: the
// publisher's claim) and check each list read's answer. Prints calls/s and statements/s, p50/p95
// of a call, wrong answers and errors (a failed call is not counted as done), callers left
// without an answer, resident memory and the main thread's heap.
//
// @electric-sql/pglite-socket is not a dependency (ADR 279): its 0.2.17 pins a peer
// @electric-sql/pglite 0.5.14 and we run 0.5.16. Before running:
//   npm i --no-save --legacy-peer-deps @electric-sql/pglite-socket@0.2.17
// Run: nice npx tsx bench/pglite-socket.ts [seconds=8] [rounds=3]
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { homes, posts, scheduledPublications, socialAccounts } from '../db/schema'
import { ensureProfile } from '../app/models/auth-profiles.server'
import { listHomesWithCities } from '../app/models/homes.server'
import { createGeneratingPost } from '../app/models/posts.server'
import { lockQuotaOf } from '../app/models/quota.server'
import { claimPublication } from '../app/models/scheduled-publications.server'
import { openDatabase, type Database } from '../app/utils/db.server'
import { jardinsApartment } from '../tests/support/sample-home'
import { median } from './lib'

const SETUPS = ['bridge', 'socket-1', 'socket-10'] as const
type Setup = (typeof SETUPS)[number]
const AGENTS = 20
const HOMES_EACH = 30
const CALLERS = 10
const here = fileURLToPath(import.meta.url)
const root = path.resolve(path.dirname(here), '..')

/**
 * The socket set-up's own code: the thread that serves PGlite on a port. Everything else is the
 * app's Postgres path, already there for DATABASE_URL. Counted as its lines of code below.
 */
const SOCKET_THREAD = `
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '${import.meta.resolve('@electric-sql/pglite')}'
import { PGLiteSocketServer } from '${import.meta.resolve('@electric-sql/pglite-socket')}'

const { dataDir, maxConnections } = workerData
// The embedded database's settings (db.server.ts): a 64 MB buffer pool.
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB']
const db = await PGlite.create(dataDir, { startParams })
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections })
await server.start()
parentPort.postMessage(server.getServerConn())
parentPort.on('message', async (message) => {
  if (message === 'stats') return parentPort.postMessage(server.getStats())
  await server.stop()
  await db.close()
  parentPort.postMessage('closed')
})
`

/**
 * The bridge's thread built as `npm run build` builds it, beside node_modules so that its
 * packages resolve.
 */
const BUILT_THREAD = path.join(root, 'node_modules/.cache/vitrine-bench/embedded-postgres-worker.js')

async function buildThread() {
  const { build } = await import('esbuild')
  await build({
    entryPoints: [path.join(root, 'server/embedded-postgres-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outfile: BUILT_THREAD,
    logLevel: 'warning',
  })
}

type Opened = {
  db: Database
  close(): Promise<void>
  /** The socket server's connections and queued messages (to explain a set-up that stops answering). */
  stats?(): Promise<unknown>
}

async function openSetup(setup: Setup, dataDir: string): Promise<Opened> {
  if (setup === 'bridge') {
    const handle = await openDatabase({ dataDir, thread: { script: BUILT_THREAD } })
    return { db: handle.db, close: () => handle.close() }
  }
  const maxConnections = setup === 'socket-1' ? 1 : 10
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(SOCKET_THREAD)}`), {
    workerData: { dataDir, maxConnections },
  })
  const address = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  const url = `postgres://postgres@${address}/postgres`
  const stats = () => {
    const answer = new Promise((resolve) => worker.once('message', resolve))
    worker.postMessage('stats')
    return answer
  }
  const stopThread = async () => {
    const closed = new Promise((resolve) => worker.once('message', resolve))
    worker.postMessage('close')
    await closed
    await worker.terminate()
  }
  if (setup === 'socket-10') {
    const handle = await openDatabase({ url })
    return { db: handle.db, stats, close: async () => (await handle.close(), await stopThread()) }
  }
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const schema = await import('../db/schema')
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  return { db: drizzle(pool, { schema }), stats, close: async () => (await pool.end(), await stopThread()) }
}

const agentId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

/** Agents with their properties, a connected account and a publication each, due now. */
async function seed(dataDir: string) {
  const handle = await openDatabase({ dataDir })
  await handle.migrate()
  const { db } = handle
  for (let a = 0; a < AGENTS; a++) {
    const id = agentId(a)
    await ensureProfile(db, { id, email: `agente${a}@example.com` })
    await db.insert(homes).values(
      Array.from({ length: HOMES_EACH }, (_, h) =>
        jardinsApartment(id, {
          name: `Apartamento ${h} do agente ${a}`,
          city: ['São Paulo', 'Campinas', 'Santos'][h % 3]!,
          gallery: [{ name: 'sala', url: `/uploads/${id}/${h}.jpg`, featured: true }],
        }),
      ),
    )
    const [account] = await db
      .insert(socialAccounts)
      .values({ user_id: id, provider: 'instagram', name: `agente${a}` } as typeof socialAccounts.$inferInsert)
      .returning()
    const [post] = await db
      .insert(posts)
      .values({
        user_id: id,
        format: 'square',
        type: 'image',
        meta: { fields: {}, slides: [] },
      } as typeof posts.$inferInsert)
      .returning()
    await db.insert(scheduledPublications).values({
      user_id: id,
      post_id: post!.id,
      social_account_id: account!.id,
      publish_at: new Date(Date.now() - 60_000),
      caption: 'Legenda',
      slides: [0],
      alt_text: '',
      ratio: '1:1',
      fit: 'cover',
    })
  }
  const ids = await db.execute(sql`select id from scheduled_publications order by id`)
  await handle.close()
  return (ids.rows as { id: number }[]).map((row) => row.id)
}

type Result = {
  setup: Setup
  calls: number
  statements: number
  p50: number
  p95: number
  wrong: number
  errors: number
  firstError?: string
  rssOpenMb: number
  rssPeakMb: number
  /** Callers still waiting for an answer 20 s after the round's end: the set-up stopped answering. */
  stuck?: { callers: number; server?: unknown }
  heapGrowthMb: number
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

async function child(setup: Setup, template: string, seconds: number, publicationIds: number[]) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-socket-'))
  await fs.cp(template, dataDir, { recursive: true })
  const base = process.memoryUsage().rss
  const { db, close, stats } = await openSetup(setup, dataDir)
  const rssOpen = process.memoryUsage().rss
  let calls = 0
  let statements = 0
  let wrong = 0
  let errors = 0
  let firstError: string | undefined
  const latencies: number[] = []

  // One caller: its own agent and publication, a call at a time.
  const caller = async (c: number, until: number, record: boolean) => {
    const id = agentId(c % AGENTS)
    for (let i = 0; performance.now() < until; i++) {
      const start = performance.now()
      let count = 0
      try {
        if (i % 10 === 8) {
          await db.transaction(async (tx) => {
            await lockQuotaOf(tx, id)
            await createGeneratingPost(tx, id, {
              templateId: null,
              template: null,
              category: null,
              homeId: null,
              format: 'square',
              fields: {},
            })
          })
          count = 4 // begin, lock, insert, commit
        } else if (i % 10 === 9) {
          await claimPublication(db, publicationIds[c % publicationIds.length]!, 0)
          count = 1
        } else {
          const profile = await ensureProfile(db, { id, email: `agente${c % AGENTS}@example.com` })
          const { page, cities } = await listHomesWithCities(db, profile.accountId)
          if (page.total !== HOMES_EACH || page.items.length !== 12 || cities.length !== 3) wrong++
          else if (!page.items.every((home) => home.name.endsWith(` do agente ${c % AGENTS}`))) wrong++
          count = 2
        }
      } catch (error) {
        errors++
        const cause = (error as Error).cause
        firstError ??= cause ? `${String(cause)} (${(error as Error).message.slice(0, 60)}…)` : String(error)
        continue // a failed call is counted as an error only
      }
      if (!record) continue
      latencies.push(performance.now() - start)
      calls++
      statements += count
    }
  }
  /** Runs the callers for `ms`; the number of callers still waiting 20 s later. */
  const load = async (ms: number, record: boolean) => {
    const until = performance.now() + ms
    let waiting = CALLERS
    const callers = Array.from({ length: CALLERS }, (_, c) => caller(c, until, record).finally(() => waiting--))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise((resolve) => (timer = setTimeout(resolve, ms + 20_000)))
    await Promise.race([Promise.all(callers), late])
    clearTimeout(timer)
    return waiting
  }
  let stuck = await load(1500, false) // warm-up: JIT, statements prepared
  wrong = errors = 0
  firstError = undefined
  const heapBefore = process.memoryUsage().heapUsed
  let rssPeak = process.memoryUsage().rss
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100)
  if (!stuck) stuck = await load(seconds * 1000, true)
  clearInterval(sampler)
  const heapAfter = process.memoryUsage().heapUsed
  // A set-up that stopped answering cannot be closed either: the process ends without it.
  const server = stuck ? await Promise.race([stats?.(), new Promise((r) => setTimeout(r, 2000))]) : undefined
  if (!stuck) await close()
  await fs.rm(dataDir, { recursive: true, force: true })
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  const result: Result = {
    setup,
    calls: calls / seconds,
    statements: statements / seconds,
    p50: at(0.5),
    p95: at(0.95),
    wrong,
    errors,
    firstError,
    rssOpenMb: mb(rssOpen - base),
    rssPeakMb: mb(rssPeak - base),
    heapGrowthMb: mb(heapAfter - heapBefore),
    ...(stuck ? { stuck: { callers: stuck, server } } : {}),
  }
  console.log(JSON.stringify(result))
  if (stuck) process.exit(0)
}

/** Lines that are code: not blank, not only a comment. */
function codeLines(text: string) {
  return text.split('\n').filter((line) => {
    const trimmed = line.trim()
    return trimmed && !trimmed.startsWith('//') && !trimmed.startsWith('*') && !trimmed.startsWith('/*')
  }).length
}

async function main() {
  const seconds = Number(process.argv[2] ?? 8)
  const rounds = Number(process.argv[3] ?? 3)
  const template = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-socket-seed-'))
  const publicationIds = await seed(template)
  await buildThread()
  const results = new Map<Setup, Result[]>(SETUPS.map((setup) => [setup, []]))
  console.log(
    `load: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${CALLERS} callers, ${seconds} s a round`,
  )
  for (let round = 1; round <= rounds; round++) {
    for (const setup of SETUPS) {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', here, '--child', setup, template, String(seconds), JSON.stringify(publicationIds)],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 600_000 },
      )
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as Result
      results.get(setup)!.push(result)
      console.log(
        `round ${round} ${setup.padEnd(9)} ${result.calls.toFixed(0)} calls/s, ${result.statements.toFixed(0)} statements/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, wrong ${result.wrong}, errors ${result.errors}` +
          `${result.firstError ? ` (${result.firstError.slice(0, 120)})` : ''}, RSS +${result.rssOpenMb} MB open, ` +
          `+${result.rssPeakMb} MB peak, heap ${result.heapGrowthMb >= 0 ? '+' : ''}${result.heapGrowthMb} MB` +
          (result.stuck
            ? `; STOPPED ANSWERING: ${result.stuck.callers} callers waiting, server ${JSON.stringify(result.stuck.server)}`
            : ''),
      )
    }
  }
  console.log(`medians of ${rounds} rounds (load now ${os.loadavg()[0]!.toFixed(1)}):`)
  for (const [setup, runs] of results) {
    const m = (pick: (r: Result) => number) => median(runs.map(pick))
    console.log(
      `${setup.padEnd(9)} ${m((r) => r.calls).toFixed(0)} calls/s, ${m((r) => r.statements).toFixed(0)} statements/s, ` +
        `p50 ${m((r) => r.p50).toFixed(1)} ms, p95 ${m((r) => r.p95).toFixed(1)} ms, ` +
        `wrong ${runs.reduce((n, r) => n + r.wrong, 0)}, errors ${runs.reduce((n, r) => n + r.errors, 0)}, ` +
        `stopped answering in ${runs.filter((r) => r.stuck).length} of ${runs.length} rounds, ` +
        `RSS +${m((r) => r.rssOpenMb)} MB open, +${m((r) => r.rssPeakMb)} MB peak`,
    )
  }
  const lines = (file: string) => codeLines(readFileSync(path.join(root, file), 'utf8'))
  const bridge = ['app/utils/embedded-postgres-thread.server.ts', 'server/embedded-postgres-worker.ts']
  console.log(
    `code lines on our side: bridge ${bridge.map(lines).reduce((a, b) => a + b)} (${bridge.join(', ')}) ` +
      `+ ${lines('app/utils/embedded-postgres.server.ts')} for its statement cache; socket ${codeLines(SOCKET_THREAD)} ` +
      `(the thread above; the pg path is openDatabase's DATABASE_URL branch, already there)`,
  )
  await fs.rm(template, { recursive: true, force: true })
}

if (process.argv[2] === '--child') {
  await child(
    process.argv[3] as Setup,
    process.argv[4]!,
    Number(process.argv[5]),
    JSON.parse(process.argv[6]!) as number[],
  )
} else {
  await main()
}
