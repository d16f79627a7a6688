// Load: 50 signed-in agents at once over loopback — browsing, creating properties (with a photo)
// and generating posts — against the embedded database (PGlite) and against the Postgres server at
// 127.0.0.1:5432 (a database of its own, dropped after). Each target runs two phases on one server
// (ADR 184): the agent model — every agent waits a think time drawn uniformly from THINK seconds
// (default 1–5) before each tap, as a person reading a phone does — and then saturation (THINK=0:
// no pause, each agent taps again as soon as the page arrives; p95 there is queue length × service
// time, not what a person waits). Prints p50/p95/p99 per route and overall for each phase, the
// errors, and the lost writes: the rows each agent was told were saved, counted in the database
// after the server stopped. Nothing is asserted; the figures are read.
//   npm run build && npx tsx bench/load.ts     AGENTS=50 SECONDS=60 TARGETS=pglite,postgres THINK=1-5,0
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { count, eq } from 'drizzle-orm'
import { homes, posts, users } from '../db/schema'
import { openDatabase } from '../app/utils/db.server'
import { startServer } from './lib'
import {
  createAccount,
  generatePost,
  homeForm,
  publicIdOf,
  signIn,
  templateFormValues,
  templateIds,
  type HttpAgent,
} from '../tests/support/http-agent'

const AGENTS = Number(process.env.AGENTS ?? 50)
const SECONDS = Number(process.env.SECONDS ?? 60)
const TARGETS = (process.env.TARGETS ?? 'pglite,postgres').split(',')
/** One phase per entry: `min-max` seconds of think time drawn uniformly, or `0` for saturation. */
const PHASES = (process.env.THINK ?? '1-5,0').split(',').map(parseThink)
const POSTGRES = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SECRET = randomBytes(24).toString('base64url')

type Think = { label: string; min: number; max: number }

function parseThink(spec: string): Think {
  const [min = NaN, max = min] = spec.split('-').map(Number)
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min)
    throw new Error(`THINK: ${spec} (use 1-5 or 0)`)
  return { label: max ? `think ${min}–${max} s` : 'saturation, no think time', min, max }
}

const thinkTime = (think: Think) => (think.min + Math.random() * (think.max - think.min)) * 1000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Stats = {
  times: Map<string, number[]>
  errors: Map<string, number>
  homesSaved: Map<string, number>
  postsSaved: Map<string, number>
}
type Agent = HttpAgent & { homeIds: number[]; publicIds: string[] }

const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8' } })
  .jpeg()
  .toBuffer()

function withPhoto(form: FormData) {
  form.append('gallery_files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg')
  return form
}

async function timed(stats: Stats, route: string, run: () => Promise<Response>, ok: (r: Response) => boolean) {
  const started = performance.now()
  try {
    const response = await run()
    await response.arrayBuffer()
    const list = stats.times.get(route) ?? stats.times.set(route, []).get(route)!
    list.push(performance.now() - started)
    if (!ok(response))
      stats.errors.set(`${route} ${response.status}`, (stats.errors.get(`${route} ${response.status}`) ?? 0) + 1)
    return response
  } catch (error) {
    stats.errors.set(
      `${route} ${String(error).slice(0, 60)}`,
      (stats.errors.get(`${route} ${String(error).slice(0, 60)}`) ?? 0) + 1,
    )
    return null
  }
}

/** One step of an agent: mostly reading, sometimes a new property, sometimes a post. */
async function step(agent: Agent, stats: Stats, templateId: number) {
  const roll = Math.random()
  const is200 = (r: Response) => r.status === 200
  if (roll < 0.15) {
    const form = withPhoto(homeForm(`Imóvel de carga ${agent.homeIds.length + 1}`))
    const r = await timed(
      stats,
      'POST /imoveis/novo',
      () => agent.fetch('/imoveis/novo', { method: 'POST', body: form }),
      (x) => x.status === 302,
    )
    if (r?.status !== 302) return
    stats.homesSaved.set(agent.email, (stats.homesSaved.get(agent.email) ?? 0) + 1)
    // Later posts are generated for the new property too (its photo is already stored).
    const id = /^\/imoveis\/(\d+)$/.exec(r.headers.get('location') ?? '')?.[1]
    if (id) agent.homeIds.push(Number(id))
    return
  }
  if (roll < 0.27) {
    const homeId = agent.homeIds[Math.floor(Math.random() * agent.homeIds.length)]!
    // The form as the page fills it (read once per run: every agent sees the same defaults).
    const body = new URLSearchParams(formValues)
    body.set('home_id', String(homeId))
    body.set('_intent', 'generate')
    const r = await timed(
      stats,
      'POST /modelos/:id',
      () => agent.fetch(`/modelos/${templateId}`, { method: 'POST', body }),
      (x) => x.status === 302,
    )
    if (r?.status === 302) stats.postsSaved.set(agent.email, (stats.postsSaved.get(agent.email) ?? 0) + 1)
    return
  }
  const pages: [string, string][] = [
    ['GET /', '/'],
    ['GET /imoveis', '/imoveis'],
    ['GET /modelos', '/modelos'],
    ['GET /imoveis/:id', `/imoveis/${agent.homeIds[0]}`],
    ['GET /modelos/:id', `/modelos/${templateId}`],
    ['GET /posts/:publicId', `/posts/${agent.publicIds[0]}`],
  ]
  const [route, url] = pages[Math.floor(Math.random() * pages.length)]!
  await timed(stats, route, () => agent.fetch(url), is200)
}

async function prepareAgent(base: string, templateId: number | null): Promise<Agent> {
  const agent = (await signIn(base, await createAccount(base, SECRET, 'carga'))) as Agent
  // The Imobiliária plan (demo billing): no property limit, 600 posts a month.
  const paid = await agent.fetch('/plano/pagamento-demo', {
    method: 'POST',
    body: new URLSearchParams({ lookupKey: 'imobiliaria_mensal' }),
  })
  if (paid.status !== 302) throw new Error(`demo checkout: ${paid.status}`)
  // With a photo: photo templates refuse a property without one (the photo guard rail, ADR 166).
  const form = withPhoto(homeForm('Primeiro imóvel'))
  const created = await agent.fetch('/imoveis/novo', { method: 'POST', body: form })
  if (created.status !== 302) throw new Error(`first property: ${created.status}`)
  const html = await (await agent.fetch('/imoveis')).text()
  agent.homeIds = [Number(/href="\/imoveis\/(\d+)"/.exec(html)![1])]
  agent.publicIds = []
  if (templateId) {
    const postId = await generatePost(agent, templateId, agent.homeIds[0]!, formValues)
    agent.publicIds.push(await publicIdOf(agent, templateId, postId))
  }
  return agent
}

/** The template form's own answers (its defaults), as read from the page by usableTemplate. */
let formValues = new URLSearchParams()

/** The first template that generates with the page's defaults and the property chosen (offline writer). */
async function usableTemplate(agent: Agent): Promise<number> {
  for (const id of await templateIds(agent)) {
    formValues = await templateFormValues(agent, id)
    const postId = await generatePost(agent, id, agent.homeIds[0]!, formValues).catch(() => null)
    if (postId) {
      agent.publicIds.push(await publicIdOf(agent, id, postId))
      return id
    }
  }
  throw new Error('no template generates from its defaults')
}

/** Agents, each signed in with one property (with a photo) and one post, ready for the phases. */
async function prepare(base: string) {
  const first = await prepareAgent(base, null)
  const templateId = await usableTemplate(first)
  const agents = [first]
  while (agents.length < AGENTS)
    agents.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, AGENTS - agents.length) }, () => prepareAgent(base, templateId)),
      )),
    )
  return { agents, templateId }
}

/** The server process's CPU time (user + system) in ms, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

const newStats = (): Stats => ({ times: new Map(), errors: new Map(), homesSaved: new Map(), postsSaved: new Map() })

/** One phase: every agent loops (think, then a step) until the deadline. */
async function phase(agents: Agent[], templateId: number, think: Think, pid?: number) {
  const stats = newStats()
  const cpuBefore = cpuMs(pid)
  const deadline = Date.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    agents.map(async (agent) => {
      // Agents arrive spread over one think time, not all in the same millisecond.
      if (think.max) await sleep(Math.random() * think.max * 1000)
      while (Date.now() < deadline) {
        await step(agent, stats, templateId)
        if (think.max) await sleep(Math.min(thinkTime(think), Math.max(0, deadline - Date.now())))
      }
    }),
  )
  const cpuAfter = cpuMs(pid)
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore
  return { think, stats, cpu, load: os.loadavg(), elapsed: (performance.now() - started) / 1000 }
}

async function run(base: string, pid?: number) {
  const { agents, templateId } = await prepare(base)
  const before = new Map(agents.map((a) => [a.email, { homes: 1, posts: 1 }]))
  const phases = []
  for (const think of PHASES) phases.push(await phase(agents, templateId, think, pid))
  return { phases, before }
}

type Result = Awaited<ReturnType<typeof run>>
type Phase = Result['phases'][number]

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

const row = (route: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  return [
    route.padEnd(24),
    String(sorted.length).padStart(6),
    ...[0.5, 0.95, 0.99].map((q) => quantile(sorted, q).toFixed(0).padStart(8)),
  ].join(' ')
}

function reportPhase(label: string, { think, stats, cpu, load, elapsed }: Phase) {
  const all = [...stats.times.values()].flat()
  console.log(
    `\n== ${label}, ${think.label}: ${AGENTS} agents, ${elapsed.toFixed(0)} s, ${all.length} requests (${(all.length / elapsed).toFixed(1)} req/s); load average at its end ${load.map((n) => n.toFixed(2)).join(' ')}`,
  )
  console.log('route'.padEnd(24), 'n'.padStart(6), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8))
  for (const [route, list] of [...stats.times].sort()) console.log(row(route, list))
  console.log(row('all', all))
  // Server CPU per request: steadier than latency on a shared machine (compare changes by it).
  if (cpu !== null)
    console.log(
      `server CPU: ${(cpu / 1000).toFixed(1)} s, ${(cpu / Math.max(1, all.length)).toFixed(0)} ms per request, ${((cpu / 1000 / elapsed) * 100).toFixed(0)}% of one core`,
    )
  const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0)
  console.log(`errors: ${errors}`, errors ? Object.fromEntries(stats.errors) : '')
}

function report(label: string, result: Result, lost: { homes: number; posts: number; checked: number }) {
  for (const item of result.phases) reportPhase(label, item)
  console.log(
    `\n${label} lost writes (all phases): ${lost.homes} properties, ${lost.posts} posts (${lost.checked} agents counted in the database)`,
  )
}

/** Rows per agent in the database against what each agent was told was saved. */
async function lostWrites(db: Awaited<ReturnType<typeof openDatabase>>['db'], result: Result) {
  let lostHomes = 0
  let lostPosts = 0
  const saved = (email: string, of: 'homesSaved' | 'postsSaved') =>
    result.phases.reduce((n, p) => n + (p.stats[of].get(email) ?? 0), 0)
  for (const [email, base] of result.before) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const [h] = await db.select({ n: count() }).from(homes).where(eq(homes.user_id, user!.id))
    const [p] = await db.select({ n: count() }).from(posts).where(eq(posts.user_id, user!.id))
    lostHomes += Math.abs(base.homes + saved(email, 'homesSaved') - h!.n)
    lostPosts += Math.abs(base.posts + saved(email, 'postsSaved') - p!.n)
  }
  return { homes: lostHomes, posts: lostPosts, checked: result.before.size }
}

const env = { AUTH_JWT_SECRET: SECRET, RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' }

async function onPglite() {
  const server = await startServer(env, { keepData: true })
  const result = await run(server.url, server.child.pid).finally(() => server.stopProcess())
  const handle = await openDatabase({ dataDir: path.join(server.dataDir, 'db') })
  try {
    report('PGlite (embedded)', result, await lostWrites(handle.db, result))
  } finally {
    await handle.close()
    await server.removeData()
  }
}

async function onPostgres() {
  const name = `vitrine_load_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(POSTGRES)
  url.pathname = `/${name}`
  try {
    // A hosted database keeps no key beside the data (ADR 305).
    const server = await startServer({
      ...env,
      DATABASE_URL: url.toString(),
      SESSION_SECRET: `${SECRET}-session`,
      TOKEN_ENCRYPTION_KEY: `${SECRET}-sealing`,
    })
    const result = await run(server.url, server.child.pid).finally(() => server.stop())
    const handle = await openDatabase({ url: url.toString() })
    try {
      report(`Postgres ${url.host}`, result, await lostWrites(handle.db, result))
    } finally {
      await handle.close()
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

if (TARGETS.includes('pglite')) await onPglite()
if (TARGETS.includes('postgres')) await onPostgres()
