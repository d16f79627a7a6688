// The same sign-in journey against the built-in auth API in-process (the shared server) and
// over HTTP (a second server whose SUPABASE_URL is its own address: the hosted-mode path).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { expect, newUserData, register, test, type TestUser } from './fixtures'
import type { Page } from '@playwright/test'

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

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The production build with SUPABASE_URL pointing at itself: supabase-js goes over HTTP. */
async function startSelfHttpServer() {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = path.resolve(`.e2e-data/auth-http-${port}`)
  await fs.rm(dataDir, { recursive: true, force: true })
  const child: ChildProcess = spawn(process.execPath, ['build/server.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      INSECURE_COOKIES: 'true',
      LOG_LEVEL: 'warn',
      APP_URL: url,
      SUPABASE_URL: url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`)
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

test('sign-in journey against the built-in API in-process @nojs', async ({ page, baseURL }) => {
  const user = await register(page, newUserData({ full_name: 'Diana Rocha' }))
  await page.getByRole('button', { name: 'Sair' }).click()
  await signInJourney(page, baseURL!, user)
})

test.describe('over HTTP', () => {
  let server: Awaited<ReturnType<typeof startSelfHttpServer>>
  test.beforeAll(async () => {
    server = await startSelfHttpServer()
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('sign-in journey against the built-in API over HTTP (SUPABASE_URL set) @nojs', async ({
    page,
  }) => {
    const user = newUserData({ full_name: 'Diana Rocha' })
    await page.goto(`${server.url}/registrar`)
    await page.getByLabel('Nome completo').fill(user.full_name)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Telefone').fill(user.phone)
    await page.getByLabel('Senha').fill(user.password)
    await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check()
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page).toHaveURL(`${server.url}/`)
    await page.getByRole('button', { name: 'Sair' }).click()
    await signInJourney(page, server.url, user)
  })
})
