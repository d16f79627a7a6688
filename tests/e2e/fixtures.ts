// Playwright fixtures for signed-in tests. Users are created through the auth service's admin
// API (the built-in one at /auth/v1, whose signing key playwright.config.ts shares through
// E2E_AUTH_JWT_SECRET), or through the registration page when that key is not known; then
// they sign in through the login page like a person would.
//
//   import { test, expect, signUpAndLogin } from './fixtures'
//   test('…', async ({ page }) => { const user = await signUpAndLogin(page) … })
//   test('…', async ({ signedInPage: page, user }) => { … })
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN_ACCOUNT, DEMO_ACCOUNT } from '../../scripts/seed/users'
import { createApiKeys } from '../../server/auth-api/jwt'

export { expect }

export type TestUser = {
  id: string | null
  email: string
  password: string
  full_name: string
  phone: string
}

/** The seeded accounts (`npm run seed`, scripts/seed/users.ts). */
export const DEMO_USER = { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } as const
export const ADMIN_USER = { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password } as const

let sequence = 0

/** A fresh, unique person (nothing stored yet). */
export function newUserData(overrides: Partial<TestUser> = {}): TestUser {
  sequence += 1
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`
  return {
    id: null,
    email: `corretora-${unique}@example.com`,
    password: `senha-${unique}`,
    full_name: 'Ana Corretora',
    phone: '(11) 98765-4321',
    ...overrides,
  }
}

let keys: Promise<{ anonKey: string; serviceRoleKey: string }> | null = null

/** The built-in auth API's keys, when this run knows its signing key. */
export function authKeys() {
  const secret = process.env.E2E_AUTH_JWT_SECRET
  if (!secret) return null
  keys ??= createApiKeys(secret)
  return keys
}

/** Creates a confirmed account through the auth admin API (no page involved). */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUserData(overrides)
  const known = await authKeys()
  if (!known) throw new Error('E2E_AUTH_JWT_SECRET is not set: use register(page) instead')
  const response = await request.post('/auth/v1/admin/users', {
    headers: { apikey: known.serviceRoleKey, Authorization: `Bearer ${known.serviceRoleKey}` },
    data: {
      email: user.email,
      password: user.password,
      email_confirm: true,
      user_metadata: { full_name: user.full_name, phone: user.phone },
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return { ...user, id: (await response.json()).id }
}

/** Fills the registration form and accepts the terms, without sending it. */
export async function fillRegistration(
  page: Page,
  user: Pick<TestUser, 'full_name' | 'email' | 'phone' | 'password'>,
) {
  await page.getByLabel('Nome completo').fill(user.full_name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Telefone').fill(user.phone)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check()
}

/**
 * Opens /registrar (on `origin`, another server, when given), fills and sends the form; lands
 * wherever the app sends a new account.
 */
export async function register(
  page: Page,
  user: TestUser = newUserData(),
  options: { redirectTo?: string; lookupKey?: string; origin?: string } = {},
) {
  const { origin = '', ...query } = options
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][])
  await page.goto(`${origin}/registrar${params.size ? `?${params}` : ''}`)
  await fillRegistration(page, user)
  await page.getByRole('button', { name: 'Criar conta' }).click()
  return user
}

/** Signs in through /login (optionally with redirectTo) and waits to leave the page. */
export async function login(
  page: Page,
  credentials: { email: string; password: string },
  redirectTo?: string,
) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
  await page.getByLabel('E-mail').fill(credentials.email)
  await page.getByLabel('Senha').fill(credentials.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** A new account, signed in on `page`. Works with JavaScript on and off. */
export async function signUpAndLogin(page: Page, overrides: Partial<TestUser> = {}) {
  if (await authKeys()) {
    const user = await createUser(page.request, overrides)
    await login(page, user)
    return user
  }
  const user = await register(page, newUserData(overrides))
  await expect(page).toHaveURL(/\/$/)
  return user
}

export const test = base.extend<{ user: TestUser; signedInPage: Page }>({
  user: async ({ request }, provide) => {
    await provide(await createUser(request))
  },
  signedInPage: async ({ page, user }, provide) => {
    await login(page, user)
    await provide(page)
  },
})
