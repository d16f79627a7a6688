// The Postgres server going away while a connection is checked out (a transaction between two
// statements) fails that transaction; it must not crash the process, and the next query after
// the server is back succeeds (ADR 144). Needs a Postgres server: TEST_DATABASE_URL.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '~/utils/db.server'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'

const serverUrl = process.env.TEST_DATABASE_URL
// In CI (.ci/run sets TEST_DATABASE_URL where Postgres answers) a missing server is a failure, not a skip.
if (!serverUrl && process.env.CI) throw new Error('TEST_DATABASE_URL is required in CI')
let proxy: TcpProxy
let database: DatabaseHandle
const dropped: Error[] = []

beforeAll(async () => {
  if (!serverUrl) return
  const target = new URL(serverUrl)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const url = new URL(serverUrl)
  url.host = `127.0.0.1:${proxy.port}`
  database = await openDatabase({ url: url.toString(), onConnectionError: (error) => dropped.push(error) })
})

afterAll(async () => {
  await database?.close()
  await proxy?.stop()
})

test.skipIf(!serverUrl)(
  'a transaction cut between two statements fails alone; the process stays up and serves once the server is back',
  async () => {
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await proxy.stop()
        // The cut reaches the client before its next statement.
        await new Promise((resolve) => setTimeout(resolve, 100))
        await tx.execute(sql`select 2`)
      })
      await expect(transaction).rejects.toThrow()
      expect(uncaught).toEqual([])
      expect(dropped.length).toBeGreaterThan(0)

      await proxy.start()
      await expect(database.ping()).resolves.toBeUndefined()
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  },
)
