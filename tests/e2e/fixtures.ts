// Playwright fixtures for signed-in tests. Users are created through the auth service's admin
// API (the built-in one at /auth/v1, whose signing key playwright.config.ts shares through
// E2E_AUTH_JWT_SECRET), or through the registration page when that key is not known; then
// they sign in through the login page like a person would.
//
//   import { test, expect, signUpAndLogin } from './fixtures'
//   test('…', async ({ page }) => { const user = await signUpAndLogin(page) … })
//   test('…', async ({ signedInPage: page, user }) => { … })
import fs from 'node:fs'
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { ADMIN_ACCOUNT, DEMO_ACCOUNT } from '../../scripts/seed/users'
import { createApiKeys } from '../../server/auth-api/jwt'
import { createHome, ITAIM_APARTMENT, type SampleHome } from './support/homes'
import { close, keptContext, type KeptPages } from './support/kept-page'

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
export async function createUser(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
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
export async function fillRegistration(page: Page, user: Pick<TestUser, 'full_name' | 'email' | 'phone' | 'password'>) {
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
export async function login(page: Page, credentials: { email: string; password: string }, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
  await page.getByLabel('E-mail').fill(credentials.email)
  await page.getByLabel('Senha').fill(credentials.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Sair', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/**
 * A new account, signed in on `page`. Works with JavaScript on and off. With the auth API's key
 * the page opens nothing (the test goes where it tests); through the registration form it ends on
 * the home page.
 */
export async function signUpAndLogin(page: Page, overrides: Partial<TestUser> = {}) {
  if (await authKeys()) {
    const user = await createUser(page.request, overrides)
    await signInWithForm(page.request, user)
    return user
  }
  const user = await register(page, newUserData(overrides))
  await expectLandedHome(page)
  return user
}

/** A new account lands on the home page (/), whose first steps offer the brand (ADR 215). */
export async function expectLandedHome(page: Page) {
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Primeiros passos' })).toBeVisible()
}

/**
 * Signs in by sending the login form from `request` (no page): the session cookies land in
 * that request context, and in its browser context when it is `page.request`.
 */
export async function signInWithForm(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/login', {
    form: { email: credentials.email, password: credentials.password, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), 'sign-in through the login form').toBe(302)
}

/**
 * Reads the dev mailbox for `to` and hands its page to `read`. Production shows the mailbox to
 * admins only (ADR 210), so it opens in a browser context of its own signed in as the seeded
 * admin: the test's own page keeps its session. `base`: a second server's address. A queued
 * e-mail may arrive a little later: the mailbox is read again for up to ~20 s.
 */
export async function readMailbox<T>(page: Page, to: string, read: (mailbox: Page) => Promise<T>, base?: string) {
  const baseURL = base ?? `http://127.0.0.1:${process.env.E2E_PORT}`
  const context = await page.context().browser()!.newContext({ baseURL, locale: 'pt-BR' })
  try {
    await signInWithForm(context.request, ADMIN_USER)
    const mailbox = await context.newPage()
    // The e-mails that follow a decision go out through the job queue (ADR 261): a few seconds
    // late. The page is read again until `read` succeeds, the last try with its own failure.
    for (let attempt = 1; ; attempt++) {
      await mailbox.goto(`/dev/emails?${new URLSearchParams({ to })}`)
      if (attempt === 6) return await read(mailbox)
      const reading = read(mailbox).then((value) => ({ value }))
      reading.catch(() => {})
      const outcome = await Promise.race([reading, new Promise<null>((done) => setTimeout(() => done(null), 3000))])
      if (outcome) return outcome.value
    }
  } finally {
    await context.close()
  }
}

/** Browser console errors a test expects (beyond refused requests, which the page shows itself). */
export const ALLOWED_CONSOLE_ERRORS: RegExp[] = [
  // A 4xx answer is the product speaking (a 404 page, a 400 form, a 429), and so is a 503 (the CEP
  // lookup offline, the database away): the page shows it.
  /Failed to load resource: the server responded with a status of (4\d\d|503)/,
]

/** Error lines of the shared server every test may cause (none yet: add with the reason). */
export const ALLOWED_SERVER_ERRORS: RegExp[] = []

/** The server's JSON log lines at level "error" written after `offset` (E2E_SERVER_LOG). */
function serverErrorsSince(offset: number): string[] {
  const file = process.env.E2E_SERVER_LOG
  if (!file || !fs.existsSync(file)) return []
  const text = fs.readFileSync(file).subarray(offset).toString('utf8')
  const errors: string[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as {
        level?: string
        msg?: string
        path?: string
        error?: string | { message?: string }
      }
      // An Error is logged whole (type, message, stack); its message is what a test allows.
      const error = typeof entry.error === 'object' ? entry.error?.message : entry.error
      if (entry.level === 'error') errors.push([entry.msg, entry.path, error].filter(Boolean).join(' · '))
    } catch {
      // not a log line
    }
  }
  return errors
}

const serverLogSize = () => {
  const file = process.env.E2E_SERVER_LOG
  return file && fs.existsSync(file) ? fs.statSync(file).size : 0
}

/**
 * Waits until the page's JavaScript has taken over (<html data-hydrated>): the load event can come
 * before hydration ends. Pages React Router did not render (a file, a plain-text 404) have nothing
 * to wait for.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 30_000 },
  )
}

export const test = base.extend<
  {
    kept: { context: BrowserContext; page: Page }
    user: TestUser
    signedInPage: Page
    consoleErrorsAllowed: RegExp[]
    serverErrorsAllowed: RegExp[]
    failOnServerErrors: void
  },
  { keptPages: KeptPages }
>({
  // The worker's browser context and page, handed from test to test (support/kept-page.ts, ADR
  // 207): a test's first page opens in a renderer that is already warm.
  keptPages: [
    async ({}, provide) => {
      const kept: KeptPages = { current: null }
      await provide(kept)
      await close(kept)
    },
    { scope: 'worker' },
  ],
  kept: async (
    {
      browser,
      keptPages,
      baseURL,
      viewport,
      javaScriptEnabled,
      locale,
      timezoneId,
      colorScheme,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      storageState,
      permissions,
      geolocation,
      offline,
      extraHTTPHeaders,
      httpCredentials,
      contextOptions,
      serviceWorkers,
    },
    provide,
    testInfo,
  ) => {
    // A context's options (the project's, or a file's test.use): another set, another context.
    const key = JSON.stringify([
      ...[
        baseURL,
        viewport,
        javaScriptEnabled,
        locale,
        timezoneId,
        colorScheme,
        userAgent,
        isMobile,
        hasTouch,
        deviceScaleFactor,
      ],
      ...[storageState, permissions, geolocation, offline, extraHTTPHeaders, httpCredentials, contextOptions],
      serviceWorkers,
    ])
    await keptContext(
      keptPages,
      browser,
      { key, origin: new URL(baseURL!).origin, viewport },
      provide,
      () => testInfo.status === testInfo.expectedStatus,
    )
  },
  context: async ({ kept }, provide) => {
    await provide(kept.context)
  },
  // The page of the test, opened only when the test asks for it (tests that speak plain HTTP open
  // no browser at all). The test fails on any console.error or uncaught error in it that the test
  // did not expect (the suite's error guard). With JavaScript, a page opened by goto or reload is
  // used once it has hydrated, as a person on a fast connection would meet it; the no-javascript
  // project covers the page before that.
  page: async ({ kept: { page }, javaScriptEnabled, consoleErrorsAllowed }, provide) => {
    const unexpected: string[] = []
    const allowed = [...ALLOWED_CONSOLE_ERRORS, ...consoleErrorsAllowed]
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text())))
        unexpected.push(message.text())
    })
    page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`))
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      const settle = async <T>(response: T, waitUntil?: string) => {
        if (!waitUntil || waitUntil === 'load' || waitUntil === 'networkidle') await hydrated(page)
        return response
      }
      page.goto = async (url, options) => settle(await goto(url, options), options?.waitUntil)
      page.reload = async (options) => settle(await reload(options), options?.waitUntil)
    }
    await provide(page)
    // The page goes on to the next test (ADR 207) with its own goto and reload.
    Reflect.deleteProperty(page, 'goto')
    Reflect.deleteProperty(page, 'reload')
    expect(unexpected, 'unexpected errors in the browser console').toEqual([])
  },
  // Per spec: test.use({ serverErrorsAllowed: [/…/] }) for a server error the test provokes.
  serverErrorsAllowed: [[], { option: true }],
  // A test fails on an error line of the shared server it did not expect (ADR 146; the log of
  // the whole run is in E2E_SERVER_LOG; one worker by default, so the lines are this test's).
  failOnServerErrors: [
    async ({ serverErrorsAllowed }, provide) => {
      const offset = serverLogSize()
      await provide()
      // handleError logs before the response leaves, so the test has seen its answer by now.
      const allowed = [...ALLOWED_SERVER_ERRORS, ...serverErrorsAllowed]
      const unexpected = serverErrorsSince(offset).filter((line) => !allowed.some((pattern) => pattern.test(line)))
      expect(unexpected, 'unexpected error lines in the server log').toEqual([])
    },
    { auto: true },
  ],
  user: async ({ request }, provide) => {
    await provide(await createUser(request))
  },
  // Per spec: test.use({ consoleErrorsAllowed: [/…/] }) for an error the test provokes on purpose.
  consoleErrorsAllowed: [[], { option: true }],
  // A fresh user per test, signed in before the page opens: the login form is sent over HTTP
  // from the page's own request context, whose cookie jar is the browser context's storage
  // state (no login page rendered per test). The page opens nothing: the test goes where it
  // tests (a home page rendered and hydrated first, then left at once, was a page load per test).
  signedInPage: async ({ page, user }, provide) => {
    await signInWithForm(page.request, user)
    await provide(page)
  },
})

/**
 * The signed-in agent buys a plan on the embedded default's demo payment page (no Stripe key),
 * as its "Confirmar" button does: scheduling, for one, is a paid plan's (the free plan has none).
 */
export async function subscribe(request: APIRequestContext, lookupKey = 'corretor_mensal') {
  const response = await request.post('/plano/pagamento-demo', { form: { lookupKey }, maxRedirects: 0 })
  expect(response.headers().location, 'the demo checkout confirms the plan').toBe('/plano/sucesso')
}

/**
 * Photos picked with JavaScript upload at once: resized in the browser, then read by sharp on the
 * server. Waits until none is still sending. A busy machine makes that slower than the default
 * assertion time; how fast it is belongs to bench/upload-phone.ts, not to this wait.
 */
export async function photosSent(page: Page) {
  await expect(page.getByText(/^Enviando /)).toHaveCount(0, { timeout: 60_000 })
}

/**
 * A new account signed in on `page` that owns a copy of the seed's apartment in Itaim Bibi
 * (six photos): what tests once borrowed from the shared demo account.
 */
export async function signUpWithApartment(page: Page, home: SampleHome = ITAIM_APARTMENT) {
  const user = await signUpAndLogin(page)
  const homeId = await createHome(page.request, home)
  return { user, homeId }
}

/**
 * A new agent with the Itaim apartment makes a "Post de venda para o feed" of it (in `style` when
 * given, else the template's own) and waits for "Post gerado".
 */
export async function generateFeedPost(page: Page, options: { style?: string } = {}) {
  await signUpWithApartment(page)
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Post de venda para o feed/ })
    .first()
    .click()
  const picker = page.getByLabel('Imóvel')
  const value = await picker
    .locator('option')
    .filter({ hasText: /Itaim Bibi/ })
    .getAttribute('value')
  await picker.selectOption(value!)
  if (options.style) {
    const style = page.getByLabel('Estilo')
    await expect(style).toHaveValue('classico')
    await style.selectOption({ label: options.style })
  }
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  await expect(page.getByText('Post gerado')).toBeVisible()
}
