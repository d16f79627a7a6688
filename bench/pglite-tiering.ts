// PGlite under V8's WebAssembly tiering settings (ADR 196): how long the database takes to open
// and to run a loop of two indexed queries, with V8's default budget, the budget `server.ts` sets,
// and Liftoff only. Each setting runs in its own process, alternating, ROUNDS times.
// Run: npx tsx bench/pglite-tiering.ts [rounds]
import { execFileSync } from 'node:child_process'
import { median } from './lib'

const SETTINGS = [
  { name: 'V8 default', flags: [] as string[] },
  { name: 'budget 1e8 (server.ts)', flags: ['--wasm-tiering-budget=100000000'] },
  { name: 'Liftoff only', flags: ['--liftoff-only'] },
]
const ROUNDS = Number(process.argv[2] ?? 2)

// One process: open an in-memory database, fill it, then time the first 200 iterations and four
// rounds of 500 (each iteration: a filtered, sorted page of 20 rows and an aggregate).
const child = `
const { PGlite } = await import('@electric-sql/pglite')
let t = performance.now()
const db = await PGlite.create()
const open = performance.now() - t
await db.exec(\`create table h(id serial primary key, city text, price int, title text);
  insert into h(city, price, title) select 'c' || (i % 20), i * 1000, repeat('x', 80) from generate_series(1, 5000) i;
  create index on h(city);\`)
const loop = async (n) => {
  const start = performance.now()
  for (let i = 0; i < n; i++) {
    await db.query('select id, city, price, title from h where city = $1 order by price desc limit 20', ['c' + (i % 20)])
    await db.query('select count(*), array_agg(distinct city) from h where price > $1', [i])
  }
  return performance.now() - start
}
const first = await loop(200)
const warm = []
for (let r = 0; r < 4; r++) warm.push(await loop(500))
console.log(JSON.stringify({ open, first, warm }))
`

type Result = { open: number; first: number; warm: number[] }
const results = new Map<string, Result[]>(SETTINGS.map((s) => [s.name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const setting of SETTINGS) {
    const out = execFileSync(process.execPath, [...setting.flags, '--input-type=module', '-e', child], {
      encoding: 'utf8',
    })
    results.get(setting.name)!.push(JSON.parse(out.trim().split('\n').at(-1)!) as Result)
  }
}

const ms = (n: number) => `${Math.round(n)} ms`
console.log(`${ROUNDS} processes per setting, alternating; medians`)
for (const [name, runs] of results) {
  const warm = [0, 1, 2, 3].map((i) => ms(median(runs.map((r) => r.warm[i]!))))
  console.log(
    `${name.padEnd(24)} open ${ms(median(runs.map((r) => r.open)))}, first 200 ${ms(median(runs.map((r) => r.first)))}, then 500 × 4: ${warm.join(', ')}`,
  )
}
