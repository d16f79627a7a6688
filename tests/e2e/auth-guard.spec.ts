import type { Page } from '@playwright/test'
import { ADMIN_USER, authKeys, expect, login, test } from './fixtures'

test('/imoveis signed out answers 302 to /login?redirectTo=%2Fimoveis', async ({ request }) => {
  const response = await request.get('/imoveis', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/login?redirectTo=%2Fimoveis')
})

test('a signed-in non-admin gets 403 on /admin @nojs', async ({ signedInPage: page }) => {
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
})

test('the seeded admin opens /admin @nojs', async ({ page }) => {
  await login(page, ADMIN_USER, '/admin')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Administração' })).toBeVisible()
})

test('pages with a session are private and never cached', async ({ signedInPage: page }) => {
  const response = await page.goto('/imoveis')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  const cookies = await page.context().cookies()
  const session = cookies.find((c) => /^sb-.+-auth-token(\.\d+)?$/.test(c.name))
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
  expect(session!.expires - Date.now() / 1000).toBeGreaterThan(399 * 24 * 3600)
})

/** The session the browser holds, read from its auth cookie (chunks joined). */
async function sessionFromCookies(page: Page) {
  const cookies = (await page.context().cookies()).filter((c) => /-auth-token(\.\d+)?$/.test(c.name))
  cookies.sort((a, b) => a.name.localeCompare(b.name))
  const value = cookies.map((c) => c.value).join('')
  return JSON.parse(Buffer.from(value.replace(/^base64-/, ''), 'base64url').toString('utf8')) as {
    refresh_token: string
  }
}

test('a refresh token used twice revokes the session family: the browser is signed out', async ({
  signedInPage: page,
}) => {
  const keys = await authKeys()
  expect(keys, 'E2E_AUTH_JWT_SECRET is set by playwright.config.ts').toBeTruthy()
  const { refresh_token: first } = await sessionFromCookies(page)
  const refresh = (token: string) =>
    page.request.post('/auth/v1/token?grant_type=refresh_token', {
      headers: { apikey: keys!.anonKey },
      data: { refresh_token: token },
    })
  const second = await refresh(first)
  expect(second.status()).toBe(200)
  const third = await refresh((await second.json()).refresh_token)
  expect(third.status()).toBe(200)

  const reuse = await refresh(first)
  expect(reuse.status()).toBe(400)
  expect(await reuse.json()).toMatchObject({ error_code: 'refresh_token_already_used' })

  // The whole family is gone, the browser's own session included.
  const response = await page.goto('/imoveis')
  expect(response?.url()).toMatch(/\/login\?redirectTo=%2Fimoveis$/)
  const leftovers = (await page.context().cookies()).filter((c) => /-auth-token/.test(c.name))
  expect(leftovers).toEqual([])
})

test('too many wrong passwords for one account get a 429 in Portuguese', async ({ page, user }) => {
  await page.goto('/login')
  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Senha').fill(`errada-${attempt}`)
    // Each attempt's answer before the next: the alert already reads the same from the last one.
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/login'),
    )
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos')
  }
  // Even the right password waits now, from this address (another one would get in: ADR 211).
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toHaveText('Muitas tentativas. Tente de novo em 15 minutos.')
})

test('without Google sign-in on the auth backend, /login and /registrar offer no "Entrar com Google" @nojs', async ({
  page,
}) => {
  for (const path of ['/login', '/registrar']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Entrar com Google' })).toHaveCount(0)
    // The one "ou" left is the trial's, under the form: no divider for a Google button.
    await expect(page.getByText('ou', { exact: true })).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Experimente sem cadastro' })).toBeVisible()
  }
  // A page kept open from before still gets an answer: back to /login, saying why.
  const response = await page.request.post('/login', { form: { intent: 'google' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/login')
})
