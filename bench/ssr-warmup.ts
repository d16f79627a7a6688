// How a rendered page's cost settles as V8 warms up: the production build under load on rendered
// /login (a cookie, no page cache) in back-to-back rounds, each printed with its req/s, the
// server's CPU per request and its garbage collections. bench/ssr.ts warms each target for as long
// as this shows the cost still falling.
// Run: npm run build && npx tsx bench/ssr-warmup.ts [rounds] [seconds]   (defaults 10 × 3 s)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { freePort, processCpuMs, untilIdle } from './lib'

const rounds = Number(process.argv[2] ?? 10)
const seconds = Number(process.argv[3] ?? 3)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-warmup-'))
const gcLog = path.join(dir, 'gc.log')
const port = await freePort()
const child = spawn(process.execPath, ['--trace-gc', 'build/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEV_MAILBOX: 'true',
    RATE_LIMIT_DISABLED: 'true',
    INSECURE_COOKIES: 'true',
  },
  stdio: ['ignore', fs.openSync(gcLog, 'w'), 'inherit'],
})
const url = `http://127.0.0.1:${port}`
try {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 250))
  }
  await untilIdle(child.pid!)
  const gcLines = () => fs.readFileSync(gcLog, 'utf8').split('\n')
  for (let round = 0; round < rounds; round++) {
    const cpuBefore = processCpuMs(child.pid!)
    const seen = gcLines().length
    const result = await autocannon({
      url: `${url}/login`,
      connections: 10,
      duration: seconds,
      headers: { cookie: 'bench=1' },
    })
    const gc = gcLines().slice(seen)
    const cpu = (processCpuMs(child.pid!) - cpuBefore) / Math.max(1, result.requests.total)
    console.log(
      `${String((round + 1) * seconds).padStart(3)} s  ${result.requests.average.toFixed(0).padStart(4)} req/s  CPU ${cpu.toFixed(2)} ms/req  scavenges ${gc.filter((l) => l.includes('Scavenge')).length}  mark-compact ${gc.filter((l) => l.includes('Mark-Compact')).length}`,
    )
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  fs.rmSync(dir, { recursive: true, force: true })
}
