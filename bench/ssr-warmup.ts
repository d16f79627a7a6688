// How a rendered page's cost settles as V8 warms up: the production build under load on rendered
// /login (a cookie, no page cache) in back-to-back rounds, each printed with its req/s, the
// server's CPU per request and its garbage collections. bench/ssr.ts warms each target for as long
// as this shows the cost still falling.
// Run: npm run build && npx tsx bench/ssr-warmup.ts [rounds] [seconds]   (defaults 10 × 3 s)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { processCpuMs, startServer, untilIdle } from './lib'

const rounds = Number(process.argv[2] ?? 10)
const seconds = Number(process.argv[3] ?? 3)
const gcLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-warmup-')), 'gc.log')
const server = await startServer(
  { RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' },
  { nodeArgs: ['--trace-gc'], stdout: fs.openSync(gcLog, 'w') },
)
const pid = server.child.pid!
try {
  await untilIdle(pid)
  const gcLines = () => fs.readFileSync(gcLog, 'utf8').split('\n')
  for (let round = 0; round < rounds; round++) {
    const cpuBefore = processCpuMs(pid)
    const seen = gcLines().length
    const result = await autocannon({
      url: `${server.url}/login`,
      connections: 10,
      duration: seconds,
      headers: { cookie: 'bench=1' },
    })
    const gc = gcLines().slice(seen)
    const cpu = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)
    console.log(
      `${String((round + 1) * seconds).padStart(3)} s  ${result.requests.average.toFixed(0).padStart(4)} req/s  CPU ${cpu.toFixed(2)} ms/req  scavenges ${gc.filter((l) => l.includes('Scavenge')).length}  mark-compact ${gc.filter((l) => l.includes('Mark-Compact')).length}`,
    )
  }
} finally {
  await server.stop()
  fs.rmSync(path.dirname(gcLog), { recursive: true, force: true })
}
