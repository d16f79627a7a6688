// A failure deep below the routes (here the CEP lookup) is logged with the request's id (ADR 143),
// not hidden.
import { spawnSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { createCepLookup } from '~/integrations/cep/cep.server'
import { createLogger, runWithLogger, type Logger } from './logger.server'

function capturing(lines: Record<string, unknown>[], base: Record<string, unknown> = {}): Logger {
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, msg, ...base, ...fields })
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (f) => capturing(lines, { ...base, ...f }),
  }
}

test('a failed CEP lookup answers "unavailable" and logs a warning with the request id', async () => {
  const lines: Record<string, unknown>[] = []
  const failing = (() => Promise.reject(new Error('ECONNREFUSED'))) as typeof fetch
  const lookup = createCepLookup({ baseUrl: 'http://127.0.0.1:9', fetch: failing })
  const result = await runWithLogger(capturing(lines).child({ requestId: 'req-123' }), () => lookup('01310-100'))
  expect(result.status).toBe('unavailable')
  expect(lines).toContainEqual(
    expect.objectContaining({ level: 'warn', msg: 'CEP lookup unavailable', requestId: 'req-123' }),
  )
})

test('an error is logged whole: its message, stack and cause, on stderr with the request id', () => {
  const out: string[] = []
  const errors: string[] = []
  const logger = createLogger(
    'info',
    { service: 'web' },
    {
      stdout: { write: (line: string) => void out.push(line) },
      stderr: { write: (line: string) => void errors.push(line) },
    },
  ).child({ requestId: 'req-9' })
  logger.debug('not at this level')
  logger.info('template library ready', { templates: 18 })
  logger.error('feed sync failed', { error: new Error('feed unreachable', { cause: new Error('ECONNRESET') }) })

  expect(out.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ level: 'info', msg: 'template library ready', templates: 18, service: 'web' }),
  ])
  expect(errors).toHaveLength(1)
  const entry = JSON.parse(errors[0]!)
  expect(entry).toMatchObject({ level: 'error', msg: 'feed sync failed', requestId: 'req-9' })
  expect(entry.error.message).toBe('feed unreachable')
  expect(entry.error.stack).toMatch(/logger\.test\.ts/)
  expect(entry.error.cause.message).toBe('ECONNRESET')
})

test('lines written asynchronously are all on stdout and stderr when the process exits at once', () => {
  const script = [
    "import { createLogger } from './app/utils/logger.server.ts'",
    "const logger = createLogger('info')",
    "for (let i = 0; i < 2000; i++) logger.info('line', { i })",
    "logger.error('last words')",
    'process.exit(0)',
  ].join('\n')
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  expect(run.status).toBe(0)
  expect(run.stdout.trim().split('\n')).toHaveLength(2000)
  expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toMatchObject({ msg: 'line', i: 1999 })
  expect(JSON.parse(run.stderr.trim())).toMatchObject({ level: 'error', msg: 'last words' })
})
