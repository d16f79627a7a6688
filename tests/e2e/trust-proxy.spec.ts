// Behind a load balancer (TRUST_PROXY=true, one hop) the client is the address the balancer saw,
// the rightmost X-Forwarded-For entry, never the leftmost ones a client writes itself: inventing
// addresses does not reset the per-address limits (issue 66, ADR 287).
import { request as playwrightRequest } from '@playwright/test'
import { expect, test } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'

let server: AppServer

test.beforeAll(async () => {
  server = await startAppServer({ TRUST_PROXY: 'true', RATE_LIMIT_DISABLED: 'false' })
})
test.afterAll(async () => {
  await server?.stop()
})

test('40 wrong passwords with 40 invented X-Forwarded-For addresses are refused after the limit', async () => {
  test.setTimeout(90_000)
  // What the balancer forwards: the client's own header, then the address it came from.
  const client = '203.0.113.77'
  const statuses: number[] = []
  let refusal = ''
  for (let i = 0; i < 40; i++) {
    const context = await playwrightRequest.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${i + 1}, ${client}` },
    })
    // A different account each time: the address's own limit (30 in 5 minutes) is what stops it.
    const response = await context.post('/login', {
      form: { email: `alvo-${i}@example.com`, password: 'senha-errada-1' },
      maxRedirects: 0,
    })
    statuses.push(response.status())
    if (response.status() === 429) refusal = await response.text()
    await context.dispose()
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400))
  expect(statuses.slice(30)).toEqual(Array(10).fill(429))
  expect(refusal).toContain('Muitas tentativas')
})
