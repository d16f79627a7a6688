// The shared end-to-end server's own database on the machine's Postgres server (ADR 204):
// `node tests/e2e/support/fresh-database.mjs <url>` drops the databases earlier runs left
// (vitrine_e2e_*, none of them in use) and creates the one `url` names, empty.
import pg from 'pg'

const target = new URL(process.argv[2])
const name = target.pathname.slice(1)
if (!/^vitrine_e2e_\w+$/.test(name)) throw new Error(`not an end-to-end database: ${name}`)
const server = new URL(target)
server.pathname = '/postgres'
const client = new pg.Client({ connectionString: server.toString() })
await client.connect()
try {
  const { rows } = await client.query(
    `select datname from pg_database d
      where datname like 'vitrine\\_e2e\\_%'
        and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
  )
  for (const { datname } of rows) await client.query(`drop database if exists "${datname}"`)
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
} finally {
  await client.end()
}
