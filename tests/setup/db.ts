// A migrated, empty database for one test file: in-memory PGlite by default, or a fresh
// database on the Postgres server at TEST_DATABASE_URL (CI sets it).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({})
    await handle.migrate()
    return handle
  }
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
