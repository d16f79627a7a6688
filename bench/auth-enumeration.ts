// Whether the time of an answer tells an address with an account from one without (ADR 307):
// POST /auth/v1/otp (create_user false) and POST /auth/v1/signup, each TRIES times to a fresh
// known address and to a fresh unknown one, taken in turns, one request at a time, with
// AUTH_CONFIRM_EMAIL on and off. Prints the median and p90 of each and the machine's load.
// Run: npm run build && npx tsx bench/auth-enumeration.ts (BENCH_TRIES, default 50)
import { execSync } from 'node:child_process'
import { createApiKeys } from '../server/auth-api/jwt'
import { startServer } from './lib'

const TRIES = Number(process.env.BENCH_TRIES ?? 50)
const WARM_UP = 5
const SECRET = 'bench-enumeration-secret'
const { anonKey, serviceRoleKey } = await createApiKeys(SECRET)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

let counter = 0
const fresh = (who: string) => `${who}-${++counter}-${crypto.randomUUID().slice(0, 6)}@example.com`

async function timed(url: string, path: string, body: unknown) {
  const started = performance.now()
  const response = await fetch(`${url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  const ms = performance.now() - started
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`)
  return ms
}

async function account(url: string) {
  const email = fresh('dono')
  const created = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'senha-do-dono-1', email_confirm: true }),
  })
  if (!created.ok) throw new Error(`admin create: ${created.status} ${await created.text()}`)
  return email
}

/** Known and unknown in turns (the same warm-up, the same load), each to an address not asked before. */
async function compare(url: string, name: string, request: (email: string) => [string, unknown]) {
  const known: number[] = []
  const unknown: number[] = []
  for (let i = 0; i < TRIES + WARM_UP; i++) {
    const a = await timed(url, ...request(await account(url)))
    const b = await timed(url, ...request(fresh('ninguem')))
    if (i < WARM_UP) continue
    known.push(a)
    unknown.push(b)
  }
  for (const [label, times] of [
    ['known', known],
    ['unknown', unknown],
  ] as const) {
    times.sort((x, y) => x - y)
    console.log(
      `${name.padEnd(40)} ${label.padEnd(8)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms  p90 ${percentile(times, 90).toFixed(1).padStart(6)} ms  (n=${times.length})`,
    )
  }
}

console.log(`load before: ${execSync('uptime').toString().trim()}`)
for (const confirm of ['false', 'true']) {
  const server = await startServer({
    AUTH_JWT_SECRET: SECRET,
    AUTH_CONFIRM_EMAIL: confirm,
    RATE_LIMIT_DISABLED: 'true',
    INSECURE_COOKIES: 'true',
    APP_URL: 'http://127.0.0.1',
  })
  try {
    const mode = `AUTH_CONFIRM_EMAIL=${confirm}`
    await compare(server.url, `/otp create_user:false, ${mode}`, (email) => ['/otp', { email, create_user: false }])
    await compare(server.url, `/signup, ${mode}`, (email) => [
      '/signup',
      { email, password: 'uma-senha-nova-1', data: { full_name: 'Bench' } },
    ])
  } finally {
    await server.stop()
  }
}
console.log(`load after: ${execSync('uptime').toString().trim()}`)
