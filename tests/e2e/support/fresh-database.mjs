// The shared end-to-end server's own database on the machine's Postgres server (ADR 204):
// `node tests/e2e/support/fresh-database.mjs <url>` creates the database `url` names, empty, and
// drops those of earlier runs (vitrine_e2e_*) that nobody uses and that were made over six hours
// ago: a run on the same machine that is between its seed and its server is never touched.
import pg from 'pg'

const LEFTOVER_AFTER_MS = 6 * 60 * 60_000

const target = new URL(process.argv[2])
const name = target.pathname.slice(1)
if (!/^vitrine_e2e_\w+$/.test(name)) throw new Error(`not an end-to-end database: ${name}`)
const server = new URL(target)
server.pathname = '/postgres'
const client = new pg.Client({ connectionString: server.toString() })
await client.connect()
try {
  const { rows } = await client.query(
    `select datname, shobj_description(oid, 'pg_database') as made from pg_database d
      where datname like 'vitrine\\_e2e\\_%'
        and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
  )
  const cutoff = Date.now() - LEFTOVER_AFTER_MS
  for (const { datname, made } of rows) {
    const madeAt = Date.parse(made ?? '')
    if (datname !== name && (Number.isNaN(madeAt) || madeAt < cutoff))
      await client.query(`drop database if exists "${datname}"`)
  }
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  await client.query(`comment on database "${name}" is '${new Date().toISOString()}'`)
} finally {
  await client.end()
}
