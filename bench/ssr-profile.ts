// Where a page's server time goes: the production build under `node --cpu-prof`, loaded by
// autocannon for a while on /login (signed out) or /imoveis (signed in, 20 properties), then the
// profile summed by function (self time) and by package or app file. The profile is kept.
// `rendered` (another cookie beside the session's, or a first one on /login) skips the page caches.
// Run: npm run build && npx tsx bench/ssr-profile.ts [login|imoveis] [seconds] [rendered]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { createHomes, signedInAgent, subscribe } from './agent'
import { startServer, untilIdle } from './lib'

const page = process.argv[2] === 'imoveis' ? 'imoveis' : 'login'
const seconds = Number(process.argv[3] ?? 10)
const rendered = process.argv[4] === 'rendered'
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-prof-'))

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number }

/** Folder of a frame: the package under node_modules, the app file, or node's own. */
function bucketOf(url: string) {
  if (!url) return '(native / GC / idle)'
  if (url.startsWith('node:')) return url
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (pkg) return pkg[1]!
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')
}

/** Self time per node over the samples taken in [from, to] µs before the profile's end. */
function summarize(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  let t = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0)
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    const before = profile.endTime - t
    if (before <= from && before >= to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const byFunction = new Map<string, number>()
  const byBucket = new Map<string, number>()
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const name = `${functionName || '(anonymous)'} ${bucketOf(url)}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    byBucket.set(bucketOf(url), (byBucket.get(bucketOf(url)) ?? 0) + us)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
  console.log(`\nby package / file (self time, ${(total / 1e6).toFixed(1)} s sampled during the load):`)
  console.log(top(byBucket, 25).join('\n'))
  console.log('\nby function (self time):')
  console.log(top(byFunction, 40).join('\n'))
}

const secret = `bench-prof-${process.pid}`
const server = await startServer(
  { AUTH_JWT_SECRET: secret, RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
)
let headers: Record<string, string> = {}
let loadStart = 0
let loadEnd = 0
try {
  if (page === 'imoveis') {
    const agent = await signedInAgent(server.url, secret)
    const photo = () =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: '#28648c' } })
        .jpeg()
        .toBuffer()
    await subscribe(server.url, agent.cookie)
    await createHomes(server.url, agent.cookie, 20, photo)
    headers = { cookie: agent.cookie }
  }
  if (rendered) headers = { cookie: headers.cookie ? `${headers.cookie}; bench=1` : 'bench=1' }
  const url = `${server.url}/${page}`
  await untilIdle(server.child.pid!) // the set-up's photo work is not the page's
  await autocannon({ url, connections: 10, duration: 2, headers }) // warm-up
  loadStart = performance.now()
  const result = await autocannon({ url, connections: 10, duration: seconds, headers })
  loadEnd = performance.now()
  console.log(`${url}: ${result.requests.average.toFixed(0)} req/s, errors ${result.non2xx + result.errors}`)
} finally {
  await server.stop()
}
// The profile ends when the server exits: the load ran this long before that.
const exited = performance.now()
// The main thread's profile (thread 0): the start-up's restore worker writes one of its own.
const file = fs.readdirSync(profileDir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
if (!file) throw new Error(`no profile in ${profileDir}`)
summarize(
  JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as Profile,
  (exited - loadStart) * 1000,
  (exited - loadEnd) * 1000,
)
console.log(
  `\nprofile: ${path.join(profileDir, file)} (open in Chrome DevTools → Performance); the load: ${Math.round((exited - loadStart) * 1000)}..${Math.round((exited - loadEnd) * 1000)} µs before its end`,
)
