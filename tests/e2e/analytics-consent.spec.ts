// The cookie banner and the preferences form on the shared server (no POSTHOG_KEY, no GTM_ID).
import { expect, test, type BrowserContext, type Page } from '@playwright/test'

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies e privacidade' })
const preferences = (page: Page) => page.getByRole('form', { name: 'Preferências de cookies' })

async function consentCookie(context: BrowserContext) {
  const cookies = await context.cookies()
  return cookies.find((cookie) => cookie.name === 'vitrine_consent')
}

const NON_ESSENTIAL = /^(ph_|__ph_|_ga|_gid|_gat|_gcl_|_fbp|_fbc)/

test('before a choice the banner asks, and nothing non-essential is set @nojs', async ({ page, context }) => {
  await page.goto('/login')
  await expect(banner(page)).toBeVisible()
  const accept = banner(page).getByRole('button', { name: 'Aceitar todos' })
  const reject = banner(page).getByRole('button', { name: 'Rejeitar todos' })
  await expect(accept).toBeVisible()
  await expect(reject).toBeVisible()
  await expect(banner(page).getByText('Personalizar')).toBeVisible()

  // Same prominence: refusing looks exactly like accepting.
  const look = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element)
      return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, style.borderColor]
    })
  expect(await look(reject)).toEqual(await look(accept))
  const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()]
  expect(rejectBox!.height).toBe(acceptBox!.height)

  await page.goto('/termos-de-uso')
  const cookies = await context.cookies()
  expect(cookies.filter((cookie) => NON_ESSENTIAL.test(cookie.name))).toEqual([])
  expect(await consentCookie(context)).toBeUndefined()
})

test('accepting works without JavaScript and brings the visitor back to the same page @nojs', async ({
  page,
  context,
}) => {
  await page.goto('/termos-de-uso?origem=email')
  await banner(page).getByRole('button', { name: 'Aceitar todos' }).click()
  await expect(page).toHaveURL(/\/termos-de-uso\?origem=email$/)
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  await expect(banner(page)).toHaveCount(0)
  const cookie = await consentCookie(context)
  expect(cookie?.value).toMatch(/^v=1&analytics=1&marketing=1&at=\d+$/)
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')
  // Kept for about six months.
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(175)
  expect(days).toBeLessThan(190)

  await page.goto('/login')
  await expect(banner(page)).toHaveCount(0)
})

test('rejecting all is one click and keeps only the necessary cookies @nojs', async ({ page, context }) => {
  await page.goto('/login')
  await banner(page).getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(banner(page)).toHaveCount(0)
  // With JavaScript the banner steps aside at once; the answer lands a moment later.
  await expect.poll(async () => (await consentCookie(context))?.value).toMatch(/^v=1&analytics=0&marketing=0&/)
})

test('"Personalizar" lets the visitor allow one category and not the other @nojs', async ({ page, context }) => {
  await page.goto('/politica-de-privacidade')
  await banner(page).getByText('Personalizar').click()
  const necessary = banner(page).getByLabel('Necessários (sempre ativos)')
  await expect(necessary).toBeChecked()
  await expect(necessary).toBeDisabled()
  await banner(page).getByLabel('Análise de uso').check()
  await expect(banner(page).getByLabel('Marketing')).not.toBeChecked()
  await banner(page).getByRole('button', { name: 'Salvar escolhas' }).click()
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  expect((await consentCookie(context))?.value).toMatch(/^v=1&analytics=1&marketing=0&/)
})

test('the choice can be changed from the footer, and withdrawal removes analytics cookies @nojs', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login')
  await banner(page).getByRole('button', { name: 'Aceitar todos' }).click()
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  // What PostHog and a Google tag would have left behind.
  await context.addCookies([
    { name: 'ph_phc_test_posthog', value: '%7B%22distinct_id%22%3A%22x%22%7D', url: baseURL! },
    { name: '_ga', value: 'GA1.1.123.456', url: baseURL! },
  ])

  await page.getByRole('contentinfo').getByRole('link', { name: 'Preferências de cookies' }).click()
  await expect(page).toHaveURL(/\/politica-de-privacidade#cookies$/)
  await expect(preferences(page)).toBeVisible()
  await expect(preferences(page).getByText('Sua escolha atual: todos os cookies permitidos.')).toBeVisible()
  await expect(preferences(page).getByLabel('Análise de uso')).toBeChecked()

  await preferences(page).getByLabel('Análise de uso').uncheck()
  await preferences(page).getByRole('button', { name: 'Salvar escolhas' }).click()
  await expect(preferences(page).getByText('Sua escolha atual: necessários e marketing.')).toBeVisible()
  const names = (await context.cookies()).map((cookie) => cookie.name)
  expect(names).not.toContain('ph_phc_test_posthog')
  expect(names).toContain('_ga')

  await preferences(page).getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(preferences(page).getByText('Sua escolha atual: só os cookies necessários.')).toBeVisible()
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga')
})

test('with JavaScript the banner answers in place, without reloading the page', async ({ page, context }) => {
  await page.goto('/termos-de-uso')
  // Hydrated: the form now says it can take an answer in place.
  await expect(banner(page).locator('input[name="enhanced"]')).toHaveCount(1)
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'mesma página'))
  await banner(page).getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(banner(page)).toHaveCount(0)
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('mesma página')
  expect((await consentCookie(context))?.value).toMatch(/^v=1&analytics=0&marketing=0&/)
})

test('a stray request to the consent address is sent to the privacy policy @nojs', async ({ page }) => {
  await page.goto('/consentimento')
  await expect(page).toHaveURL(/\/politica-de-privacidade#cookies$/)
})

test('the form refuses an answer it does not know, without setting anything', async ({ request }) => {
  const response = await request.post('/consentimento', {
    form: { intent: 'tudo', redirectTo: '/login' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(303)
  const setCookies = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')
  expect(setCookies.some((h) => h.value.startsWith('vitrine_consent='))).toBe(false)

  const offsite = await request.post('/consentimento', {
    form: { intent: 'reject-all', redirectTo: 'https://exemplo.com/' },
    maxRedirects: 0,
  })
  expect(offsite.headers()['location']).toBe('/')
})

test('without POSTHOG_KEY nothing leaves for an analytics host, even after accepting', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const elsewhere: string[] = []
  const scripts: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url())
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/login')
  await expect(banner(page).locator('input[name="enhanced"]')).toHaveCount(1)
  await banner(page).getByRole('button', { name: 'Aceitar todos' }).click()
  await expect(page.getByText('Preferências de cookies salvas')).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de uso' }).click()
  await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click()
  await expect(page.getByRole('heading', { name: 'Política de privacidade', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  expect(elsewhere).toEqual([])
  expect(scripts.filter((url) => /posthog|googletagmanager/i.test(url))).toEqual([])
  expect(await page.locator('script[src*="posthog"], script[src*="googletagmanager"]').count()).toBe(0)
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
})
