// Instances started together (two web instances and a worker after a deploy) each migrate the
// shared Postgres at start-up. They take turns: one applies the new migrations, the others find
// them applied and start. Before, two `CREATE TABLE`s raced and one instance stopped. Needs a
// Postgres server: TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '~/utils/db.server'

const serverUrl = process.env.TEST_DATABASE_URL
if (!serverUrl && process.env.CI) throw new Error('TEST_DATABASE_URL is required in CI')
const name = `vitrine_migrate_${randomBytes(4).toString('hex')}`
let admin: pg.Client

beforeAll(async () => {
  if (!serverUrl) return
  admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
})

afterAll(async () => {
  await admin?.query(`drop database if exists ${name} with (force)`)
  await admin?.end()
})

test.skipIf(!serverUrl)(
  'three instances migrating a new database at once all start, each migration applied once',
  async () => {
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })))
    try {
      const results = await Promise.allSettled(handles.map((handle) => handle.migrate()))
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ])
      const check = new pg.Client({ connectionString: url.toString() })
      await check.connect()
      try {
        const applied = await check.query(
          'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
        )
        expect(applied.rows.length).toBeGreaterThan(20)
        expect(applied.rows.filter((row) => row.n !== 1)).toEqual([])
        const tables = await check.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)
        expect(tables.rows[0].n).toBeGreaterThan(20)
      } finally {
        await check.end()
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()))
    }
  },
  60_000,
)
