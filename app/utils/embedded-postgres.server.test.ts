import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedPostgres } from './embedded-postgres.server'

// Drizzle's options for its array-mode reads: dates and intervals kept as Postgres wrote them.
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
}

const schema = `
  create table homes (
    id serial primary key,
    name text not null unique,
    price bigint,
    area numeric(10, 2),
    furnished boolean not null default false,
    tags text[] not null default '{}',
    gallery jsonb not null default '[]',
    created_at timestamptz not null default '2026-11-28 09:00:00+00'
  );
  insert into homes (name, price, area, furnished, tags, gallery) values
    ('Casa em Pinheiros', 120000000, 182.5, true, '{jardim,"área gourmet"}', '[{"url":"/a.jpg","featured":true}]'),
    ('Studio no Batel', null, null, false, '{}', '[]');
`

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

  const reads: Array<[string, unknown[]]> = [
    ['select * from homes order by id', []],
    ['select id, name, price, area, tags, gallery from homes where name like $1', ['%Pinheiros%']],
    ['select count(*) filter (where furnished), array_agg(name order by name) from homes where id > $1', [0]],
    ['select created_at from homes where price is null and id = $1', [2]],
    ['select $1::jsonb as doc, $2::text[] as list, $3::timestamptz as at', [{ a: 1 }, ['x', 'y'], new Date(0)]],
  ]

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
