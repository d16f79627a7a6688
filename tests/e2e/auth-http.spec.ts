// The same sign-in journey against the built-in auth API in-process (the shared server) and
// over HTTP (a second server whose SUPABASE_URL is its own address: the hosted-mode path).
import type { Page } from '@playwright/test'
import { expect, newUserData, register, test, type TestUser } from './fixtures'
import { startAppServer, startExpectingFailure, type AppServer } from './support/app-server'
import { startSmtpServer } from '../mocks/smtp'

async function signInJourney(page: Page, base: string, user: TestUser) {
  await page.goto(`${base}/login?redirectTo=%2Fimoveis%3Fstatus%3Dsale`)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos')
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(`${base}/imoveis?status=sale`)
  await expect(page.getByRole('link', { name: user.full_name })).toBeVisible()
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(`${base}/login`)
  const response = await page.request.get(`${base}/imoveis`, { maxRedirects: 0 })
  expect(response.status()).toBe(302)
}

test('sign-in journey against the built-in API in-process @nojs', async ({ page, baseURL }) => {
  const user = await register(page, newUserData({ full_name: 'Diana Rocha' }))
  await page.getByRole('button', { name: 'Sair' }).click()
  // With JavaScript the sign-out is a fetch: wait for it to land before opening /login.
  await expect(page).toHaveURL(/\/login$/)
  await signInJourney(page, baseURL!, user)
})

test.describe('over HTTP', () => {
  let server: AppServer
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  test.beforeAll(async () => {
    // Production without the dev mailbox needs SMTP: a local test server.
    smtp = await startSmtpServer()
    // SUPABASE_URL names the app itself: supabase-js reaches the built-in API over HTTP.
    server = await startAppServer((url) => ({ SUPABASE_URL: url, DEV_MAILBOX: 'false', SMTP_URL: smtp.url }))
  })
  test.afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  })

  test('sign-in journey against the built-in API over HTTP (SUPABASE_URL set) @nojs', async ({ page }) => {
    const user = await register(page, newUserData({ full_name: 'Diana Rocha' }), { origin: server.url })
    await expect(page).toHaveURL(`${server.url}/`)
    await page.getByRole('button', { name: 'Sair' }).click()
    // With JavaScript the sign-out is a fetch: opening /login before it lands found the session
    // still there, and /login sent the agent on to /imoveis (a CI run failed on that race).
    await expect(page).toHaveURL(`${server.url}/login`)
    await signInJourney(page, server.url, user)
  })

  test('in production the dev mailbox does not exist', async ({ request }) => {
    const response = await request.get(`${server.url}/dev/emails`)
    expect(response.status()).toBe(404)
  })
})

test('production refuses to start with the dev mailbox unless DEV_MAILBOX=true is chosen', async () => {
  const { code, stderr } = await startExpectingFailure({ DEV_MAILBOX: 'false' })
  expect(code).toBe(1)
  expect(stderr).toContain('SMTP_URL: obrigatório em produção')
})
