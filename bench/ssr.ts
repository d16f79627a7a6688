// SSR throughput and p95 latency of /login against a bare page served by the same build
// (the shell with no route data of its own). Loopback only, bounded: 10 s per target.
// Run: npm run build && npx tsx bench/ssr.ts
import autocannon from 'autocannon'
import { startServer } from './lib'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const server = await startServer({ BENCH_ROUTES: 'true' })

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function measure(path: string) {
  // Warm up, then measure; latencies collected per response for exact percentiles.
  await autocannon({ url: server.url + path, connections: 10, duration: 2 })
  const times: number[] = []
  // Without a callback autocannon returns an instance that is also a promise of the result.
  const instance = autocannon({ url: server.url + path, connections: 10, duration: DURATION }) as unknown as Promise<autocannon.Result> & autocannon.Instance
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms))
  const result = await instance
  times.sort((a, b) => a - b)
  return { rps: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), non2xx: result.non2xx }
}

try {
  const bare = await measure('/_bench/bare')
  const login = await measure('/login')
  const ratio = login.rps / bare.rps
  console.log(`bare page : ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms (non-2xx ${bare.non2xx})`)
  console.log(`/login    : ${login.rps.toFixed(0)} req/s, p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms (non-2xx ${login.non2xx})`)
  console.log(`/login throughput = ${(ratio * 100).toFixed(0)} % of the bare page`)
} finally {
  await server.stop()
}
