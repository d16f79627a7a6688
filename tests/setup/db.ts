// A migrated, empty database for one test file: an in-memory PGlite started from the migrated
// image made once by tests/setup/global-db.ts, or, on the Postgres server at TEST_DATABASE_URL
// (CI sets it), a fresh database copied from the migrated template database (dropped at the end
// of the run by global-db.ts). Outside Vitest (the benches) it migrates a new one itself.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { databaseNamed } from '../support/database-url'

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** What global-db.ts made before the run; nothing outside Vitest. */
async function provided(): Promise<{ image?: string; template: string | null }> {
  if (!process.env.VITEST) return { template: null }
  const { inject } = await import('vitest')
  return { image: inject('testDbImage'), template: inject('testDbTemplate') }
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const { image, template } = await provided()
  if (!serverUrl) {
    const handle = await openDatabase({ image })
    // A no-op unless a migration was added after the image was made.
    await handle.migrate()
    return handle
  }
  if (template) {
    // Named after the template, so that global-db.ts drops every copy once all files are done
    // (dropping here could cut a connection the driver is still closing).
    const name = `${template}_${randomBytes(6).toString('hex')}`
    await onServer(serverUrl, `create database ${name} template ${template}`)
    return openDatabase({ url: databaseNamed(serverUrl, name) })
  }
  const name = `vitrine_bench_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `create database ${name}`)
  const handle = await openDatabase({ url: databaseNamed(serverUrl, name) })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await onServer(serverUrl, `drop database if exists ${name} with (force)`)
    },
  }
}
