// Faults (ADR 144): the Postgres server going away and coming back. The app's DATABASE_URL points
// at a TCP proxy in front of a database of its own on TEST_DATABASE_URL's server; stopping the
// proxy cuts every connection and refuses new ones, like a database restart or a network
// partition. Pages answer the pt-BR 503 page with a retry link, /healthz 503, and once the
// proxy is back the same process serves again: no restart.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { expect, test } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'

const serverUrl = process.env.TEST_DATABASE_URL
test.skip(!serverUrl, 'needs a Postgres server: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test')
test.use({ consoleErrorsAllowed: [/503/] })

const name = `vitrine_outage_${randomBytes(4).toString('hex')}`
let proxy: TcpProxy
let app: AppServer

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await admin(`create database ${name}`)
  const target = new URL(serverUrl!)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const url = new URL(serverUrl!)
  url.host = `127.0.0.1:${proxy.port}`
  url.pathname = `/${name}`
  app = await startAppServer({
    DATABASE_URL: url.toString(),
    // A hosted database keeps no key beside the data (ADR 305).
    SESSION_SECRET: `outage-session-secret-${process.pid}`,
    TOKEN_ENCRYPTION_KEY: `outage-sealing-key-${process.pid}`,
  })
})

// A failure here says what the server said (its stderr: a crash's stack, its warnings).
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && app)
    await testInfo.attach('server stderr', { body: app.stderr(), contentType: 'text/plain' })
})

test.afterAll(async () => {
  await app?.stop()
  await proxy?.stop()
  if (serverUrl) await admin(`drop database if exists ${name} with (force)`)
})

test('database down: pt-BR 503 page with a retry link; back up: the same process serves again', async ({ page }) => {
  test.setTimeout(120_000)
  // A public post page reads the database: a well-formed id that names no post is a 404 while
  // it is up (a malformed one is refused before any query, so it would not test the outage).
  const postPath = `/posts/${'0'.repeat(40)}`
  const postPage = `${app.url}${postPath}`
  expect((await page.goto(postPage))?.status()).toBe(404)
  expect((await page.goto(`${app.url}/login`))?.status()).toBe(200)

  await proxy.stop()
  expect((await page.goto(postPage))?.status()).toBe(503)
  await expect(page.getByRole('heading', { name: 'Estamos com instabilidade…' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Tentar novamente' })).toHaveAttribute('href', postPath)
  if (process.env.SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 700 })
    await page.screenshot({ path: 'test-results/database-outage-503.png' })
  }
  expect((await page.goto(`${app.url}/login?redirectTo=%2Fimoveis`))?.status()).toBe(503)
  const retry = page.getByRole('link', { name: 'Tentar novamente' })
  await expect(retry).toHaveAttribute('href', '/login?redirectTo=%2Fimoveis')
  expect((await fetch(`${app.url}/healthz`)).status).toBe(503)
  // Still down: the retry link leads to the same page again, not to an error.
  await retry.click()
  await expect(page.getByRole('heading', { name: 'Estamos com instabilidade…' })).toBeVisible()

  await proxy.start()
  await retry.click()
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
  expect((await page.goto(postPage))?.status()).toBe(404)
})
