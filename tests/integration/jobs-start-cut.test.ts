// The Postgres server going away while pg-boss starts (the first seconds after the server
// listens): the start fails, the process stays up, and once the server is back the same jobs
// service starts and works its queue (ADR 214: the server used to end itself there, resetting
// every browser connection in flight). Needs a Postgres server: TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createJobs, type Jobs } from '~/utils/jobs.server'
import { isDatabaseUnavailable } from '~/utils/db-availability.server'
import { createLogger } from '~/utils/logger.server'
import { scheduleJobs } from '../../server/jobs-start'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'

const serverUrl = process.env.TEST_DATABASE_URL
// In CI (.ci/run sets TEST_DATABASE_URL where Postgres answers) a missing server is a failure, not a skip.
if (!serverUrl && process.env.CI) throw new Error('TEST_DATABASE_URL is required in CI')
const name = `vitrine_jobs_cut_${randomBytes(4).toString('hex')}`
const logger = createLogger('silent')
let proxy: TcpProxy
let proxiedUrl: string
const opened: Jobs[] = []

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

function jobs() {
  const service = createJobs({ url: proxiedUrl, logger, pollingIntervalSeconds: 0.5 })
  opened.push(service)
  return service
}

/** Resolves with the first job's data handled on `queue`. */
function firstJob(service: Jobs, queue: string) {
  return new Promise<unknown>((resolve, reject) => {
    service.work(queue, async (data) => resolve(data)).catch(reject)
  })
}

beforeAll(async () => {
  if (!serverUrl) return
  await admin(`create database ${name}`)
  const target = new URL(serverUrl)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const url = new URL(serverUrl)
  url.host = `127.0.0.1:${proxy.port}`
  url.pathname = `/${name}`
  proxiedUrl = url.toString()
})

afterEach(async () => {
  await proxy?.start().catch(() => {})
  await Promise.all(opened.splice(0).map((service) => service.stop().catch(() => {})))
  vi.restoreAllMocks()
})

afterAll(async () => {
  await proxy?.stop()
  if (serverUrl) await admin(`drop database if exists ${name} with (force)`)
})

test.skipIf(!serverUrl)(
  'a start the cut failed is tried again once the server is back, and works its queue',
  async () => {
    const service = jobs()
    await proxy.stop()
    const failed = await service.start().then(
      () => null,
      (error: unknown) => error,
    )
    expect(isDatabaseUnavailable(failed)).toBe(true)

    await proxy.start()
    await service.start()
    const handled = firstJob(service, 'cut-start')
    await service.send('cut-start', { n: 1 })
    await expect(handled).resolves.toEqual({ n: 1 })
  },
)

test.skipIf(!serverUrl)(
  'the jobs scheduled while the server is away: the process stays up, and they start when it is back',
  async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const service = jobs()
    let received: unknown = null
    let tries = 0
    await proxy.stop()
    const scheduled = scheduleJobs({
      start: () => {
        tries += 1
        return service.work('cut-schedule', async (data) => void (received = data))
      },
      isDatabaseUnavailable,
      logger,
      delayMs: 0,
      retryMs: 200,
    })
    // A few tries while the server is away (200, 400, 800 ms apart), none of them fatal.
    await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 })
    expect(exit).not.toHaveBeenCalled()

    await proxy.start()
    // A try begun just before the server came back can still fail (its connection was refused):
    // a send sharing that start fails with it, as it would in production while the server is
    // away. Sent again until a start holds; nothing was sent by a failed one.
    await vi.waitFor(() => service.send('cut-schedule', { n: 2 }), { timeout: 10_000, interval: 100 })
    await vi.waitFor(() => expect(received).toEqual({ n: 2 }), { timeout: 15_000, interval: 100 })
    await scheduled.settled()
    expect(exit).not.toHaveBeenCalled()
  },
)
