// A/B of server builds: CPU ms per request of the server process (from /proc) for /login and
// /imoveis (signed in, 20 properties), each build a copy of build/ inside the worktree (so that
// node_modules resolves), served side by side and measured in alternating rounds.
// A build given as `_v/a+--max-semi-space-size=64` runs under node with that flag.
// Run: cp -r build _v/a && (change, npm run build) && cp -r build _v/b && npx tsx bench/ssr-ab.ts _v/a _v/b
// (PAGES=login,imoveis SECS=4 ROUNDS=3 WARMUP=10; RENDERED=1: another cookie beside the session's, no page cache)
import os from 'node:os'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { createHomes, signedInAgent, subscribe } from './agent'
import { processCpuMs as cpu, startServer, untilIdle } from './lib'
const dirs = process.argv.slice(2)
const pages = (process.env.PAGES ?? 'login,imoveis').split(',')
const secs = Number(process.env.SECS ?? 4)
const servers = []
for (const spec of dirs) {
  // `dir+--flag+--flag`: that build under node with those flags (e.g. a V8 heap setting).
  const [dir, ...nodeArgs] = spec.split('+')
  const secret = 'bench-cpu'
  const s = await startServer(
    {
      AUTH_JWT_SECRET: secret,
      RATE_LIMIT_DISABLED: 'true',
      INSECURE_COOKIES: 'true',
      BUILD_DIR: dir!,
    },
    { nodeArgs },
  )
  let cookie = ''
  if (pages.includes('imoveis')) {
    const agent = await signedInAgent(s.url, secret)
    await subscribe(s.url, agent.cookie)
    await createHomes(s.url, agent.cookie, 20, (i) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40 + i * 9, g: 90, b: 140 } } })
        .jpeg()
        .toBuffer(),
    )
    cookie = agent.cookie
  }
  servers.push({ dir: spec, s, cookie })
}
const res: Record<string, number[]> = {}
const headersFor = (page: string, cookie: string): Record<string, string> => {
  const cookies = [page === 'imoveis' ? cookie : '', process.env.RENDERED ? 'bench=1' : ''].filter(Boolean)
  return cookies.length ? { cookie: cookies.join('; ') } : {}
}
const run = async (url: string, pid: number, headers: Record<string, string>, d: number) => {
  const a = cpu(pid)
  const r = await autocannon({ url, connections: 4, duration: d, headers })
  if (r.non2xx || r.errors) console.log('errors', url, r.non2xx, r.errors)
  return (cpu(pid) - a) / r.requests.total
}
for (const { s } of servers) await untilIdle(s.child.pid!)
// V8 warms the render path over ≈ 20 s of load (ADR 230): WARMUP seconds per page and build first.
const warmup = Number(process.env.WARMUP ?? 10)
for (const { s, cookie } of servers)
  for (const p of pages) await run(`${s.url}/${p}`, s.child.pid!, headersFor(p, cookie), warmup)
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++)
  for (const p of pages)
    for (const { dir, s, cookie } of servers)
      (res[`${p} ${dir}`] ??= []).push(await run(`${s.url}/${p}`, s.child.pid!, headersFor(p, cookie), secs))
for (const [k, v] of Object.entries(res))
  console.log(
    k.padEnd(40),
    v.map((x) => x.toFixed(2)).join('  '),
    ' median',
    [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(2),
    // The least is the steadiest figure on a shared machine: other work only ever adds to it.
    ' least',
    Math.min(...v).toFixed(2),
    'ms/req',
  )
console.log(
  'load',
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
)
for (const { s } of servers) await s.stop()
