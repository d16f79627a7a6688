// The database: Postgres at DATABASE_URL, or PGlite (Postgres in WASM) on disk when unset.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import * as schema from '../../db/schema'
import { holdsDatabase, restoreImage } from './db-image.server'
import type { EmbeddedPostgresClient } from './embedded-postgres-thread.server'

/** One query-builder type for both drivers: their Drizzle APIs are the same. */
export type Database = NodePgDatabase<typeof schema>

export type DatabaseHandle = {
  db: Database
  driver: 'pglite' | 'postgres'
  /** Applies the committed SQL migrations in db/migrations. */
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
  /** PGlite only: the data directory as a gzipped tarball (see `image` below). */
  dumpImage?(): Promise<Blob>
}

/**
 * A query Drizzle builds once per database instead of at every call: `build` returns
 * `.prepare(name)` of a query whose values are `sql.placeholder`s, and `.execute({...})` runs it.
 * For the reads every signed-in request makes (the profile, the plan) and the unfiltered property
 * list: building the SQL text and its result mapping is ≈ 0.12 ms of CPU a query, as much as the
 * embedded database's own work on such a read (ADR 200). On Postgres the name makes it a named
 * statement, parsed once per connection.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>()
  return (db) => {
    let query = prepared.get(db)
    if (!query) prepared.set(db, (query = build(db)))
    return query
  }
}

/** MIGRATIONS_DIR, else db/migrations under the working directory (works from source and from
 * the built bundle). */
export function migrationsFolder(migrationsDir?: string) {
  return migrationsDir ?? path.resolve(process.cwd(), 'db/migrations')
}

/**
 * Postgres settings of the embedded database. A buffer pool of 64 MB instead of Postgres's
 * 128 MB: PGlite sets the whole pool up in WASM memory at every open, and 128 MB doubled the
 * open (≈ 1.2 s against ≈ 0.75 s, ADR 194). A small agency's database fits in it; the rest is read
 * through the operating system's file cache.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=64MB']

/**
 * `dataDir` undefined means an in-memory PGlite (tests). `image` is a migrated PGlite data
 * directory (a gzipped tarball made by scripts/db-image.ts at build time): a new database starts
 * from it instead of running initdb and every migration (≈ 1 s instead of ≈ 3.5 s).
 */
/** The advisory lock the instances' migrations take turns on (any fixed number of ours). */
const MIGRATIONS_LOCK = 7_461_852_003

export async function openDatabase(options: {
  url?: string
  dataDir?: string
  image?: string
  /** The environment's MIGRATIONS_DIR. */
  migrationsDir?: string
  /** A pooled connection the server dropped (restart, failover): logged, the pool reconnects. */
  onConnectionError?: (error: Error) => void
  /**
   * On disk only: the embedded database runs on a worker thread started from this script
   * (server/embedded-postgres-worker.ts, built to build/embedded-postgres-worker.js; ADR 235).
   */
  thread?: {
    script: URL | string
    /** The thread ended without `close()`: the database is gone until the process restarts. */
    onStop?: (error: Error) => void
  }
}): Promise<DatabaseHandle> {
  const migrationsFolderPath = migrationsFolder(options.migrationsDir)
  if (options.url) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    // A bounded connect: with the server unreachable a request fails (503 page) instead of hanging.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5_000 })
    // A connection the server drops (restart, failover) emits 'error' on itself, idle in the pool or
    // checked out (a transaction between two statements, or one running). Without a listener that
    // crashed the process; now its queries fail (a 503 page), it is dropped, and the next query
    // opens a new one (the database coming back needs no restart, ADR 144). The pool repeats an
    // idle one's error as its own: already reported, but it needs a listener too.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)))
    pool.on('error', () => {})
    const db = drizzle(pool, { schema })
    return {
      db,
      driver: 'postgres',
      // Instances started together (after a deploy) take turns: one applies the new migrations
      // while holding the lock, the others then find them applied. On one connection, as the
      // lock is the session's.
      migrate: async () => {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK])
          try {
            await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolderPath })
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK])
          }
        } finally {
          client.release()
        }
      },
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const isNew = !options.dataDir || !holdsDatabase(options.dataDir)
  const fromImage = isNew && options.image && fs.existsSync(options.image) ? options.image : undefined
  // On disk, Node writes the image out (ADR 194); in memory (tests), PGlite loads it itself.
  const restored = fromImage && options.dataDir ? await restoreImage(fromImage, options.dataDir) : false
  const loadDataDir = fromImage && !restored ? new Blob([fs.readFileSync(fromImage)]) : undefined
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS]
  // Each client's module is loaded only where it runs. An image that could not be written to disk
  // is loaded by PGlite itself, on this thread, as in tests.
  let client: EmbeddedPostgresClient
  if (options.thread && options.dataDir && !loadDataDir) {
    const { openEmbeddedPostgresThread } = await import('./embedded-postgres-thread.server')
    client = await openEmbeddedPostgresThread(
      options.thread.script,
      { dataDir: options.dataDir, startParams },
      options.thread,
    )
  } else {
    const { EmbeddedPostgres } = await import('./embedded-postgres.server')
    client = new EmbeddedPostgres(options.dataDir, { loadDataDir, startParams })
  }
  await client.waitReady
  const db = drizzle({ client: client as InstanceType<typeof PGlite>, schema })
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: migrationsFolderPath }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
    dumpImage: () => client.dumpDataDir('gzip'),
  }
}
