// PostHog and the tag manager against a server of their own: POSTHOG_KEY pointed at a local
// PostHog test server (tests/mocks/posthog.ts), a GTM_ID whose container is served by a route
// stub (no test reaches the internet), and a configured encarregado.
import { readFileSync } from 'node:fs'
import { expect, test as base, type Page } from '@playwright/test'
import { startMockPostHog, type MockPostHog } from '../mocks/posthog'
import { createUser, login, logout } from './fixtures'
import { startAppServer, startExpectingFailure, type AppServer } from './support/app-server'

const POSTHOG_VERSION = JSON.parse(readFileSync('node_modules/posthog-js/package.json', 'utf8')).version as string

type Tracked = { server: AppServer; posthog: MockPostHog }

const test = base.extend<{ gtm: { scripts: string[] } }, { tracked: Tracked }>({
  tracked: [
    async ({}, use) => {
      const posthog = await startMockPostHog()
      const server = await startAppServer({
        POSTHOG_KEY: 'phc_vitrine_e2e',
        POSTHOG_HOST: posthog.url,
        GTM_ID: 'GTM-E2E42',
        DPO_NAME: 'Ana Souza',
        DPO_EMAIL: 'dpo@imobiliaria-exemplo.com.br',
        // The fixtures create users through this server's auth admin API.
        AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET!,
      })
      await use({ server, posthog })
      await server.stop()
      await posthog.close()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ tracked }, use) => use(tracked.server.url),
  // PostHog drops events from automated browsers (navigator.webdriver, "HeadlessChrome" in the
  // user agent or in its client hints' brands); these pages play a person's Chrome, as the
  // production filter should see them.
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  page: async ({ page, tracked }, use, testInfo) => {
    // Every request to the PostHog server names this test, so that the server records only
    // this test's traffic (see MockPostHog.scope).
    await page.route(`${tracked.posthog.url}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-e2e-test': testInfo.testId } }),
    )
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false })
      // The headless shell also names itself in the client hints' brands.
      const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgentData')?.get
      if (!real) return
      Object.defineProperty(Navigator.prototype, 'userAgentData', {
        get(this: Navigator) {
          const data = real.call(this) as { brands: Array<{ brand: string; version: string }> }
          const brands = data.brands.map((b) => ({ ...b, brand: b.brand.replace('HeadlessChrome', 'Google Chrome') }))
          return new Proxy(data, {
            get: (target, key) => {
              if (key === 'brands') return brands
              const value: unknown = Reflect.get(target, key, target)
              return typeof value === 'function' ? value.bind(target) : value
            },
          })
        },
      })
    })
    await use(page)
  },
  // The container, served locally: the stub notes that it ran.
  gtm: async ({ page }, use) => {
    const scripts: string[] = []
    await page.route('https://www.googletagmanager.com/**', (route) => {
      scripts.push(route.request().url())
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__gtmRan = true',
      })
    })
    await use({ scripts })
  },
})

test.beforeEach(({ tracked }, testInfo) => tracked.posthog.scope(testInfo.testId))

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies e privacidade' })

async function acceptAll(page: Page) {
  // Hydrated: the form answers in place, so the page (and PostHog) stays.
  await expect(banner(page).locator('input[name="enhanced"]')).toHaveCount(1)
  await banner(page).getByRole('button', { name: 'Aceitar todos' }).click()
  // The banner steps aside at once; the saved answer is confirmed by the toast.
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
}

function pageviewPaths(posthog: MockPostHog) {
  return posthog.eventsNamed('$pageview').map((event) => {
    const url = new URL(String(event.properties.$current_url))
    return url.pathname + url.search
  })
}

test('GTM_ID=gtm-12ab refuses to start and names GTM-12AB', async () => {
  const { code, stderr } = await startExpectingFailure({ GTM_ID: 'gtm-12ab' })
  expect(code).toBe(1)
  expect(stderr).toContain('GTM_ID')
  expect(stderr).toContain('"GTM-12AB"')
})

test('before consent, with a key set, nothing goes to PostHog or Google and posthog-js is not downloaded', async ({
  page,
  tracked,
  gtm,
}) => {
  const analyticsRequests: string[] = []
  // Every script the pages downloaded, read again afterwards: a page navigated away from (a click
  // before the JavaScript arrived) no longer holds its responses' bodies.
  const scriptUrls = new Set<string>()
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith(tracked.posthog.url) || url.includes('googletagmanager')) analyticsRequests.push(url)
    // Our own scripts only: the re-read must not reach another host.
    if (request.resourceType() === 'script' && url.startsWith(tracked.server.url)) scriptUrls.add(url)
  })

  await page.goto('/login')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de uso' }).click()
  await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click()
  await expect(page.getByRole('heading', { name: 'Política de privacidade', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  expect(analyticsRequests).toEqual([])
  expect(gtm.scripts).toEqual([])
  expect(tracked.posthog.requests).toEqual([])
  expect(await page.locator('script[src*="posthog"], script[src*="googletagmanager"]').count()).toBe(0)
  const bodies = await Promise.all([...scriptUrls].map(async (url) => (await page.request.get(url)).text()))
  expect(bodies.length).toBeGreaterThan(0)
  expect(bodies.filter((body) => body.includes(POSTHOG_VERSION))).toEqual([])
})

test('after accepting, a pageview goes out for the page and for every route change, with its full path', async ({
  page,
  tracked,
}) => {
  const chunks: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().includes('posthog')) chunks.push(request.url())
  })
  await page.goto('/termos-de-uso?origem=anuncio')
  expect(chunks).toEqual([])
  await acceptAll(page)

  // posthog-js arrives only now, as a chunk of its own.
  await expect.poll(() => chunks.length).toBe(1)
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/termos-de-uso?origem=anuncio'])

  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click()
  await expect(page.getByRole('heading', { name: 'Política de privacidade', level: 1 })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Termos de uso' }).click()
  await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible()
  await expect
    .poll(() => pageviewPaths(tracked.posthog))
    .toEqual(['/termos-de-uso?origem=anuncio', '/politica-de-privacidade', '/termos-de-uso'])

  const [first] = tracked.posthog.eventsNamed('$pageview')
  expect(first!.properties.token).toBe('phc_vitrine_e2e')
  // Nothing else was switched on behind our back.
  const names = new Set(tracked.posthog.events.map((event) => event.event))
  expect([...names]).toEqual(['$pageview'])

  // A later page load keeps counting, straight from the first render.
  tracked.posthog.clear()
  await page.goto('/politica-de-privacidade')
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/politica-de-privacidade'])
})

test('a token in an auth route or any link never reaches PostHog, allow-listed parameters do', async ({
  page,
  tracked,
}) => {
  await page.goto('/termos-de-uso')
  await acceptAll(page)
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/termos-de-uso'])
  tracked.posthog.clear()
  // An auth route: none of its query leaves, not even an allow-listed parameter.
  await page.goto('/login?redirectTo=%2Fredefinir-senha%3Ftoken_hash%3Dsegredo-do-link&origem=email')
  await expect(page).toHaveURL(/segredo-do-link/)
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/login'])
  await page.goto('/termos-de-uso?origem=email&token=segredo-da-url&utm_source=instagram')
  await expect
    .poll(() => pageviewPaths(tracked.posthog))
    .toEqual(['/login', '/termos-de-uso?origem=email&utm_source=instagram'])
  // Not in the page view, the referrer, the initial URL, nor anything else the SDK adds.
  expect(JSON.stringify(tracked.posthog.events)).not.toContain('segredo')
})

test('sign-in identifies the person once by id and e-mail, pages are theirs, sign-out resets', async ({
  page,
  tracked,
  request,
}) => {
  const user = await createUser(request)
  const { posthog } = tracked
  await page.goto('/login')
  await acceptAll(page)
  await expect.poll(() => pageviewPaths(posthog)).toEqual(['/login'])
  const anonymous = posthog.eventsNamed('$pageview')[0]!.distinct_id

  await login(page, user)
  await expect.poll(() => posthog.eventsNamed('$identify').length).toBe(1)
  const [identify] = posthog.eventsNamed('$identify')
  expect(identify!.distinct_id).toBe(user.id)
  expect(identify!.properties.$anon_distinct_id).toBe(anonymous)
  expect(identify!.$set).toMatchObject({ email: user.email })
  // The page after sign-in is already theirs.
  await expect.poll(() => pageviewPaths(posthog).at(-1)).toBe('/')
  expect(posthog.eventsNamed('$pageview').at(-1)!.distinct_id).toBe(user.id)

  posthog.clear()
  const sections = page.getByRole('navigation', { name: 'Seções' })
  await sections.getByRole('link', { name: 'Imóveis' }).click()
  await expect(page).toHaveURL(/\/imoveis$/)
  await sections.getByRole('link', { name: 'Modelos', exact: true }).click()
  await expect(page).toHaveURL(/\/modelos$/)
  await expect.poll(() => pageviewPaths(posthog)).toEqual(['/imoveis', '/modelos'])
  expect(posthog.eventsNamed('$pageview').map((event) => event.distinct_id)).toEqual([user.id, user.id])

  // A new page load with the session (initial session): still the same person, no new identify.
  posthog.clear()
  await page.reload()
  await expect.poll(() => pageviewPaths(posthog)).toEqual(['/modelos'])
  expect(posthog.eventsNamed('$pageview')[0]!.distinct_id).toBe(user.id)
  expect(posthog.eventsNamed('$identify')).toEqual([])

  // Sign-out: the identity is reset, so what follows is no longer attributed to them.
  posthog.clear()
  await logout(page)
  await expect.poll(() => pageviewPaths(posthog)).toEqual(['/login'])
  const after = posthog.eventsNamed('$pageview')[0]!.distinct_id
  expect(after).toBeTruthy()
  expect(after).not.toBe(user.id)
  expect(after).not.toBe(anonymous)
  expect(posthog.eventsNamed('$identify')).toEqual([])
})

test('analytics only: PostHog runs, the tag manager does not', async ({ page, tracked, gtm }) => {
  await page.goto('/login')
  await expect(banner(page).locator('input[name="enhanced"]')).toHaveCount(1)
  await banner(page).getByText('Personalizar').click()
  await banner(page).getByLabel('Análise de uso').check()
  await banner(page).getByRole('button', { name: 'Salvar escolhas' }).click()
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/login'])
  await page.waitForLoadState('networkidle')
  expect(gtm.scripts).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
})

test('marketing consent loads the container with the page’s CSP nonce', async ({ page, gtm }) => {
  const response = await page.goto('/login')
  const csp = response!.headers()['content-security-policy']!
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!
  await acceptAll(page)

  await expect.poll(() => gtm.scripts).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2E42'])
  await expect.poll(() => page.evaluate(() => (window as { __gtmRan?: boolean }).__gtmRan)).toBe(true)
  const scriptNonce = await page
    .locator('script[src*="googletagmanager"]')
    .evaluate((script) => (script as HTMLScriptElement).nonce)
  expect(scriptNonce).toBe(nonce)
  const dataLayer = await page.evaluate(() =>
    JSON.parse(JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer)),
  )
  expect(dataLayer).toContainEqual({
    0: 'consent',
    1: 'default',
    2: {
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    },
  })
  expect(dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }))
  expect(csp).toContain('https://*.google-analytics.com')
})

test('withdrawing consent stops the events and clears what PostHog stored', async ({ page, tracked, context }) => {
  await page.goto('/politica-de-privacidade')
  await acceptAll(page)
  await expect.poll(() => pageviewPaths(tracked.posthog)).toEqual(['/politica-de-privacidade'])
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name.startsWith('ph_'))).toBe(true)

  const preferences = page.getByRole('form', { name: 'Preferências de cookies' })
  await preferences.getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(preferences.getByText('Sua escolha atual: só os cookies necessários.')).toBeVisible()
  await expect.poll(async () => (await context.cookies()).filter((cookie) => cookie.name.startsWith('ph_'))).toEqual([])
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ph_'))))
    .toEqual([])

  tracked.posthog.clear()
  await page.getByRole('main').getByRole('link', { name: 'Termos de uso' }).click()
  await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(tracked.posthog.eventsNamed('$pageview')).toEqual([])
})

test('the privacy policy names the configured encarregado @nojs', async ({ page }) => {
  await page.goto('/politica-de-privacidade')
  const who = page.getByRole('region', { name: 'Quem trata os seus dados e como falar conosco' })
  await expect(who.getByText('Ana Souza')).toBeVisible()
  await expect(who.getByRole('link', { name: 'dpo@imobiliaria-exemplo.com.br' })).toHaveAttribute(
    'href',
    'mailto:dpo@imobiliaria-exemplo.com.br',
  )
})
