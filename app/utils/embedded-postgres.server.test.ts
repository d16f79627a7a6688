import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drizzleOptions, reads, schema } from '../../tests/support/embedded-postgres-fixtures'
import { EmbeddedPostgres } from './embedded-postgres.server'

describe('EmbeddedPostgres', () => {
  let fast: EmbeddedPostgres
  let plain: PGlite
  beforeAll(async () => {
    fast = new EmbeddedPostgres()
    plain = new PGlite()
    for (const db of [fast, plain]) await db.exec(schema)
  })
  afterAll(async () => {
    await fast.close()
    await plain.close()
  })

  it.each(reads)('answers %s as PGlite does, in both row modes', async (sql, params) => {
    expect(await fast.query(sql, params)).toEqual(await plain.query(sql, params))
    expect(await fast.query(sql, params, drizzleOptions)).toEqual(await plain.query(sql, params, drizzleOptions))
  })

  it('reports written rows as PGlite does', async () => {
    for (const db of [fast, plain]) await db.query('create table if not exists visits (n int)')
    const insert: [string, unknown[]] = ['insert into visits (n) values ($1), ($2)', [1, 2]]
    expect(await fast.query(...insert)).toEqual(await plain.query(...insert))
    const update: [string, unknown[]] = ['update visits set n = n + 1 where n > $1 returning n', [0]]
    expect(await fast.query(...update)).toEqual(await plain.query(...update))
  })

  it('parses a statement once and reuses it', async () => {
    const sql = 'select name from homes where id = $1'
    const before = await fast.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    for (const id of [1, 2, 1]) await fast.query(sql, [id])
    const after = await fast.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    // One statement more (the count was prepared before it counted), whatever the number of calls.
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(1)
    expect((await fast.query(sql, [2])).rows).toEqual([{ name: 'Studio no Batel' }])
  })

  it('throws Postgres errors with their code and query, and keeps working after them', async () => {
    const sql = 'insert into homes (name) values ($1)'
    const error = await fast.query(sql, ['Casa em Pinheiros']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', query: sql, params: ['Casa em Pinheiros'] })
    const syntax = await fast.query('select from where').catch((e: unknown) => e)
    expect(syntax).toMatchObject({ code: '42601' })
    expect((await fast.query('select count(*)::int as n from homes')).rows).toEqual([{ n: 2 }])
  })

  it('prepares a statement again when a migration changes its columns', async () => {
    const sql = 'select * from homes where id = $1'
    await fast.query(sql, [1])
    await fast.exec('alter table homes add column suites int not null default 0')
    const { rows } = await fast.query<{ suites: number; name: string }>(sql, [1])
    expect(rows[0]).toMatchObject({ name: 'Casa em Pinheiros', suites: 0 })
  })

  it('keeps at most 500 statements, closing the least recently used', async () => {
    const hot = 'select name from homes where id = $1'
    await fast.query(hot, [1])
    const nameOf = async (statement: string) =>
      (
        await fast.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [statement])
      ).rows.map((row) => row.name)
    const [before] = await nameOf(hot)
    for (let i = 0; i < 520; i++) {
      await fast.query(`select ${i} as n`)
      if (i % 100 === 0) await fast.query(hot, [1]) // used again: kept under its name
    }
    expect(await nameOf(hot)).toEqual([before])
    expect(await nameOf('select 0 as n')).toEqual([]) // the least recently used, closed
    const { rows } = await fast.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    expect(rows[0]!.n).toBeLessThanOrEqual(500)
    expect((await fast.query('select 3 as n')).rows).toEqual([{ n: 3 }])
  })

  it('runs inside a transaction, which still sees its own writes', async () => {
    await fast.transaction(async (tx) => {
      await tx.query('insert into homes (name) values ($1)', ['Cobertura na Savassi'])
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from homes')
      expect(rows[0]!.n).toBe(3)
      await tx.rollback()
    })
    expect((await fast.query('select count(*)::int as n from homes')).rows).toEqual([{ n: 2 }])
  })
})
