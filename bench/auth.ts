// What the session costs: a signed-in page (the root middleware asks the built-in auth API,
// in-process, who the cookie belongs to) against the same page signed out, and sign-in itself
// (bcrypt, cost 10). Loopback only, bounded: BENCH_SECONDS per target (default 8).
// Run: BENCH_ROUTES=true npm run build && npx tsx bench/auth.ts (the bare page is only in such a build)
import autocannon from 'autocannon'
import { createApiKeys } from '../server/auth-api/jwt'
import { startServer } from './lib'

const DURATION = Number(process.env.BENCH_SECONDS ?? 8)
const SECRET = 'bench-auth-secret'
const server = await startServer({
  AUTH_JWT_SECRET: SECRET,
  RATE_LIMIT_DISABLED: 'true',
  INSECURE_COOKIES: 'true',
  APP_URL: 'http://127.0.0.1',
})

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function measure(options: autocannon.Options) {
  await autocannon({ ...options, duration: 2 })
  const times: number[] = []
  const instance = autocannon({ ...options, duration: DURATION }) as unknown as autocannon.Instance &
    Promise<autocannon.Result>
  instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms))
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    statuses: `2xx ${result['2xx']}, 3xx ${result['3xx']}, other ${result.non2xx - result['3xx']}`,
  }
}

const line = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  console.log(
    `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  (${r.statuses})`,
  )

try {
  const bare = await fetch(`${server.url}/_bench/bare`)
  if (bare.status !== 200) throw new Error(`/_bench/bare: ${bare.status}; build with BENCH_ROUTES=true npm run build`)
  const { serviceRoleKey } = await createApiKeys(SECRET)
  const email = 'bench@example.com'
  const password = 'bench-password'
  const created = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: 'Bench' } }),
  })
  if (!created.ok) throw new Error(`admin create: ${created.status} ${await created.text()}`)
  const form = new URLSearchParams({ email, password }).toString()
  const signIn = await fetch(`${server.url}/login`, {
    method: 'POST',
    body: form,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    redirect: 'manual',
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (signIn.status !== 302 || !cookie.includes('auth-token')) throw new Error(`sign-in: ${signIn.status}`)

  line('bare page, signed out', await measure({ url: `${server.url}/_bench/bare`, connections: 10 }))
  line(
    'bare page, signed in (middleware)',
    await measure({ url: `${server.url}/_bench/bare`, connections: 10, headers: { cookie } }),
  )
  line('/ (dashboard), signed in', await measure({ url: `${server.url}/`, connections: 10, headers: { cookie } }))
  // Sign-in, one after another (each is a bcrypt comparison and a new session).
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    const response = await fetch(`${server.url}/login`, {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      redirect: 'manual',
    })
    if (response.status !== 302) throw new Error(`sign-in ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(
    `${'POST /login, 20 in a row'.padEnd(34)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
  )
} finally {
  await server.stop()
}
