// Issue 20: a failure deep below the routes (here the CEP lookup) is logged with the request's id,
// not hidden.
import { expect, test } from 'vitest'
import { createCepLookup } from '~/integrations/cep/cep.server'
import { runWithLogger, type Logger } from './logger.server'

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
