// Server rendering against React Router's own floor: a bare React Router 7 app (bench/bare-app,
// nothing of ours, built once and cached) served by `react-router-serve`, beside the production
// build of Vitrine, in the same run, in alternating rounds.
//   /login signed out        vs the bare app's one-form page (/login); a first visit (from the
//                            guest page cache, ADR 199) and a visitor with a cookie (rendered)
//   /imoveis signed in (20)  vs the bare app rendering a 20-item list (/list); from the signed-in
//                            page cache (ADR 201), served from it to a real browser's cookies (a
//                            consent answer and PostHog's cookie beside the session, ADR 227), and
//                            rendered (another cookie beside the session: no page cache)
// Loopback only, bounded: 7 targets × (BENCH_WARMUP (15) + BENCH_ROUNDS (5) × BENCH_SECONDS (4)).
// Measured once the set-up's photo work is over and each target is warm; each figure is printed as the median of the rounds and as the
// target's best round (the steadiest reading on a shared machine), ratios both ways.
// BENCH_DB=postgres runs Vitrine on a fresh database of TEST_DATABASE_URL's server (the scaled-out
// set-up) instead of the embedded one.
// Two builds or more in one run: name their folders (copies of build/ inside the worktree, so that
// node_modules resolves), e.g. `cp -r build _v/a && (change, npm run build) && npx tsx bench/ssr.ts _v/a build`;
// each gets its own server, data and ratios against the same bare app, rounds alternating.
// Run: npm run build && npx tsx bench/ssr.ts
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import sharp from 'sharp'
import { createHomes, signedInAgent, subscribe } from './agent'
import { buildBareApp, startBareApp } from './bare-app-server'
import { median, processCpuMs, startServer, untilIdle } from './lib'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15)
const CONNECTIONS = 10
type Figure = { rps: number; p50: number; p95: number; errors: number; cpu: number }
/** A target's rounds summed up: medians, and its best round (the most req/s, the least CPU per request). */
type Summary = Figure & { bestRps: number; leastCpu: number }

/** req/s and latency under load, and the server's CPU time per request (steadier than req/s on a busy machine). */
async function measure(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
  seconds = SECONDS,
): Promise<Figure> {
  const times: number[] = []
  const cpuBefore = processCpuMs(pid)
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  }) as unknown as Promise<autocannon.Result> & autocannon.Instance
  instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms))
  const result = await instance
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN
  const cpu = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)
  return { rps: result.requests.average, p50: at(50), p95: at(95), errors: result.non2xx + result.errors, cpu }
}

const photo = (i: number) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + i * 9, g: 90, b: 140 } } })
    .jpeg({ quality: 80 })
    .toBuffer()

buildBareApp()
const secret = `bench-ssr-${process.pid}`
/** A fresh database on the machine's Postgres server when BENCH_DB=postgres, else the embedded one. */
function benchDatabase(index: number): Record<string, string> {
  if (process.env.BENCH_DB !== 'postgres') return {}
  if (!process.env.TEST_DATABASE_URL) throw new Error('BENCH_DB=postgres needs TEST_DATABASE_URL')
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/vitrine_e2e_bench_ssr_${process.pid}_${index}`
  execFileSync(process.execPath, ['tests/e2e/support/fresh-database.mjs', url.toString()], { stdio: 'inherit' })
  // A hosted database keeps no key beside the data (ADR 305).
  return { DATABASE_URL: url.toString(), SESSION_SECRET: secret, TOKEN_ENCRYPTION_KEY: `${secret}-sealing` }
}

const builds = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['build']
const servers: Array<{ build: string; server: Awaited<ReturnType<typeof startServer>>; database: string | undefined }> =
  []
for (const [index, build] of builds.entries()) {
  // One database per build.
  const database = benchDatabase(index)
  servers.push({
    build,
    database: database.DATABASE_URL,
    server: await startServer({
      AUTH_JWT_SECRET: secret,
      RATE_LIMIT_DISABLED: 'true',
      INSECURE_COOKIES: 'true',
      BUILD_DIR: build,
      ...database,
    }),
  })
}
const bare = await startBareApp()
try {
  type Target = { name: string; url: string; pid: number; headers: Record<string, string> }
  const targets: Target[] = [
    { name: 'bare /login', url: `${bare.url}/login`, pid: bare.pid, headers: {} },
    { name: 'bare /list (20 items)', url: `${bare.url}/list`, pid: bare.pid, headers: {} },
  ]
  /** A build's targets, named after it when there are several. */
  const label = (build: string, name: string) => (builds.length > 1 ? `${name} [${build}]` : name)
  for (const { build, server: ours } of servers) {
    const agent = await signedInAgent(ours.url, secret)
    await subscribe(ours.url, agent.cookie)
    await createHomes(ours.url, agent.cookie, 20, photo)
    const oursPid = ours.child.pid!
    targets.push(
      { name: label(build, 'Vitrine /login (signed out)'), url: `${ours.url}/login`, pid: oursPid, headers: {} },
      // Any cookie makes it a render of its own: the guest page cache is for first visits (ADR 199).
      {
        name: label(build, 'Vitrine /login (rendered, a cookie)'),
        url: `${ours.url}/login`,
        pid: oursPid,
        headers: { cookie: 'bench=1' },
      },
      {
        name: label(build, 'Vitrine /imoveis (signed in, 20)'),
        url: `${ours.url}/imoveis`,
        pid: oursPid,
        headers: { cookie: agent.cookie },
      },
      // A browser after consent: the consent answer and PostHog's cookie beside the session's. The
      // analytics cookie is not part of the page cache's key (ADR 227): served from memory.
      {
        name: label(build, 'Vitrine /imoveis (served, analytics)'),
        url: `${ours.url}/imoveis`,
        pid: oursPid,
        headers: {
          cookie: `vitrine_consent=${encodeURIComponent('v=1&analytics=1&marketing=0&at=1764300000')}; ${agent.cookie}; ph_phc_bench_posthog=${encodeURIComponent('{"distinct_id":"01937f7e-bench","$sesid":[1764300000000,"01937f7e-s",1764300000000]}')}`,
        },
      },
      // Any other cookie beside the session's makes it a render of its own (ADR 201): what the page costs.
      {
        name: label(build, 'Vitrine /imoveis (rendered, a cookie)'),
        url: `${ours.url}/imoveis`,
        pid: oursPid,
        headers: { cookie: `${agent.cookie}; bench=1` },
      },
    )
  }
  // Measured once the set-up's photo work is done, both servers warm.
  for (const { server } of servers) await untilIdle(server.child.pid!)
  // Warm: V8 optimises the render path over thousands of requests. A rendered Vitrine page costs
  // ≈ 2× more in its first seconds under load than after ≈ 20 s (`npx tsx bench/ssr-warmup.ts`, figures in
  // docs/performance.md); the bare app's few functions warm at once. Throughput is a steady state.
  for (const target of targets) await measure(target.url, target.pid, target.headers, WARMUP)
  const figures = new Map<string, Figure[]>(targets.map((t) => [t.name, []]))
  for (let round = 0; round < ROUNDS; round++)
    for (const target of targets) figures.get(target.name)!.push(await measure(target.url, target.pid, target.headers))

  const summary = new Map<string, Summary>()
  for (const [name, list] of figures) {
    const figure = {
      bestRps: Math.max(...list.map((f) => f.rps)),
      leastCpu: Math.min(...list.map((f) => f.cpu)),
      rps: median(list.map((f) => f.rps)),
      p50: median(list.map((f) => f.p50)),
      p95: median(list.map((f) => f.p95)),
      errors: list.reduce((sum, f) => sum + f.errors, 0),
      cpu: median(list.map((f) => f.cpu)),
    }
    summary.set(name, figure)
    console.log(
      `${name.padEnd(38)} ${figure.rps.toFixed(0).padStart(5)} req/s  p50 ${figure.p50.toFixed(1)} ms  p95 ${figure.p95.toFixed(1)} ms  CPU ${figure.cpu.toFixed(2)} ms/req  errors ${figure.errors}  (best round ${figure.bestRps.toFixed(0)} req/s, ${figure.leastCpu.toFixed(2)} ms/req)`,
    )
  }
  const ratio = (a: string, b: string) => ((summary.get(a)!.rps / summary.get(b)!.rps) * 100).toFixed(0)
  const cpuRatio = (a: string, b: string) => ((summary.get(b)!.cpu / summary.get(a)!.cpu) * 100).toFixed(0)
  // On a shared machine other work only ever slows a round down: each target's best round is the
  // steadiest reading of what it costs, for Vitrine and the bare app alike.
  const best = (a: string, b: string) =>
    `best rounds ${((summary.get(a)!.bestRps / summary.get(b)!.bestRps) * 100).toFixed(0)} % (CPU ${((summary.get(b)!.leastCpu / summary.get(a)!.leastCpu) * 100).toFixed(0)} %)`
  for (const build of builds) {
    const [login, rendered, imoveis, imoveisServed, imoveisRendered] = [
      [label(build, 'Vitrine /login (signed out)'), 'bare /login'],
      [label(build, 'Vitrine /login (rendered, a cookie)'), 'bare /login'],
      [label(build, 'Vitrine /imoveis (signed in, 20)'), 'bare /list (20 items)'],
      [label(build, 'Vitrine /imoveis (served, analytics)'), 'bare /list (20 items)'],
      [label(build, 'Vitrine /imoveis (rendered, a cookie)'), 'bare /list (20 items)'],
    ] as const
    if (builds.length > 1) console.log(`${build}:`)
    console.log(
      `/login rendered (a cookie, no page cache)   = ${ratio(...rendered)} % of the bare app's req/s (goal ≥ 50 %); by CPU time per request ${cpuRatio(...rendered)} %; ${best(...rendered)}`,
    )
    console.log(
      `/imoveis rendered (no page cache)           = ${ratio(...imoveisRendered)} % of the bare list's req/s (goal ≥ 50 %); by CPU time ${cpuRatio(...imoveisRendered)} %; ${best(...imoveisRendered)}`,
    )
    console.log(
      `/imoveis served, consent + PostHog cookies  = ${ratio(...imoveisServed)} % (goal ≥ 100 %); by CPU time ${cpuRatio(...imoveisServed)} %; ${best(...imoveisServed)}`,
    )
    console.log(
      `(from the page caches: /login signed out ${ratio(...login)} %, /imoveis with the session's cookies only ${ratio(...imoveis)} %)`,
    )
  }
  console.log(
    `(Vitrine on ${process.env.BENCH_DB === 'postgres' ? 'Postgres' : 'the embedded database'}; ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  )
} finally {
  await bare.stop()
  for (const { server, database } of servers) {
    await server.stop()
    if (!database) continue
    const url = new URL(database)
    const name = url.pathname.slice(1)
    url.pathname = '/postgres'
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
}
