// The error tracker hook (ADR 317): with SENTRY_DSN set, a failure the app logs at `error` level
// reaches Sentry's ingest (here a local server standing in for it, spoken to by the real
// @sentry/node client) with its type, message, stack and request id, and nothing of the person;
// without it, nothing is started and nothing is sent.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startErrorTracker } from '../../app/integrations/errors/error-tracker.server'
import { createLogger } from '../../app/utils/logger.server'

type Received = { path: string; items: unknown[] }
const received: Received[] = []
let ingest: http.Server
let port = 0

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')
      const items = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown)
      received.push({ path: req.url ?? '', items })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  port = (ingest.address() as AddressInfo).port
})

afterAll(async () => {
  await (await import('@sentry/node')).close(2000)
  await new Promise((resolve) => ingest.close(resolve))
})

const quiet = () => {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  return { stdout: sink, stderr: sink }
}

type SentryEvent = {
  exception?: { values: Array<{ type: string; value: string; stacktrace?: { frames: unknown[] } }> }
  message?: string
  tags?: Record<string, string>
  extra?: Record<string, unknown>
  user?: unknown
  request?: unknown
}

test('without SENTRY_DSN nothing is started', async () => {
  expect(await startErrorTracker({ dsn: undefined, environment: 'test' })).toBeNull()
})

test('with SENTRY_DSN, a failure logged at error level reaches Sentry with its stack and request id', async () => {
  const tracker = await startErrorTracker({ dsn: `http://0123456789abcdef@127.0.0.1:${port}/42`, environment: 'test' })
  expect(tracker).not.toBeNull()
  const logger = createLogger('info', {}, quiet(), tracker!).child({ requestId: 'req-123' })
  logger.info('listening')
  logger.warn('slow answer')
  logger.error('request failed', {
    error: new Error('O banco de dados não respondeu', { cause: new Error('ECONNRESET') }),
    path: '/imoveis',
  })
  logger.error('job gave up', { error: 'tempo esgotado' })
  await tracker!.flush(5000)

  const events = received
    .flatMap((r) => r.items)
    .filter((item): item is SentryEvent => typeof item === 'object' && item !== null && 'exception' in item)
  expect(received.every((r) => r.path.startsWith('/api/42/envelope/?'))).toBe(true)
  // One event per failure, in order: info and warn stay in the log.
  expect(events.map((e) => e.extra?.message)).toEqual(['request failed', 'job gave up'])
  const [event] = events
  expect(event!.exception!.values.at(-1)).toMatchObject({ type: 'Error', value: 'O banco de dados não respondeu' })
  expect(event!.exception!.values.at(-1)!.stacktrace!.frames.length).toBeGreaterThan(0)
  expect(event!.tags).toMatchObject({ request_id: 'req-123' })
  expect(event!.extra).toMatchObject({ message: 'request failed', path: '/imoveis' })
  expect(event!.user).toBeUndefined()
  expect(event!.request).toBeUndefined()
  // A thrown value that is not an Error goes as the log message, the value beside it.
  expect(events[1]).toMatchObject({ message: 'job gave up', extra: { error: 'tempo esgotado' } })
})
