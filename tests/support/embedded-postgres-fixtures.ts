// What both embedded database clients' tests ask: a small table of homes, the reads every answer
// is compared on, and Drizzle's parser options.
import { types } from '@electric-sql/pglite'

// Drizzle's options for its array-mode reads: dates and intervals kept as Postgres wrote them.
export const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
}

export const schema = `
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

/** Reads over `schema`, with parameters of each kind the app sends. */
export const reads: Array<[string, unknown[]]> = [
  ['select * from homes order by id', []],
  ['select id, name, price, area, tags, gallery from homes where name like $1', ['%Pinheiros%']],
  ['select count(*) filter (where furnished), array_agg(name order by name) from homes where id > $1', [0]],
  ['select created_at from homes where price is null and id = $1', [2]],
  ['select $1::jsonb as doc, $2::text[] as list, $3::timestamptz as at', [{ a: 1 }, ['x', 'y'], new Date(0)]],
]
