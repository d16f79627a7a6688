// The terms of use and the privacy policy, on the shared server (no DPO settings: the derived
// contact). The configured contact is checked in analytics-tracking.spec.ts.
import { expect, test } from '@playwright/test'

test('the privacy policy says what is kept, why, for how long, with whom, and how to exercise rights @nojs', async ({
  page,
}) => {
  const response = await page.goto('/politica-de-privacidade')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Política de privacidade · Vitrine')
  await expect(page.getByRole('heading', { name: 'Política de privacidade', level: 1 })).toBeVisible()

  const kept = page.getByRole('region', { name: /Quais dados guardamos/ })
  for (const row of ['Conta', 'Imóveis', 'Fotos', 'Posts gerados', 'Pagamento e dados fiscais'])
    await expect(kept.getByRole('rowheader', { name: row, exact: true })).toBeVisible()
  await expect(kept.getByText(/ficam só com o Stripe/)).toBeVisible()
  await expect(kept.getByText('6 meses, ou mais se uma autoridade pedir formalmente.')).toBeVisible()

  const shared = page.getByRole('region', { name: 'Com quem compartilhamos' })
  for (const processor of [
    'Supabase',
    'Stripe',
    'PostHog',
    'Provedor de inteligência artificial',
    'Meta (Instagram e Facebook)',
  ])
    await expect(shared.getByRole('rowheader', { name: processor, exact: true })).toBeVisible()
  // No AI provider configured: the policy says the text is written on our own servers.
  await expect(shared.getByText(/nada é enviado a terceiros/)).toBeVisible()

  const rights = page.getByRole('region', { name: 'Seus direitos (LGPD, art. 18)' })
  await expect(rights.getByRole('listitem')).toHaveCount(9)
  await expect(rights.getByText('a portabilidade dos seus dados', { exact: false })).toBeVisible()
  await expect(rights.getByText('a revogação do consentimento.')).toBeVisible()
  await expect(rights.getByText(/em até 15 dias/)).toBeVisible()

  // The encarregado's channel, here derived from the address the product mails from.
  const mail = rights.getByRole('link', { name: 'privacidade@vitrine.app' })
  await expect(mail).toHaveAttribute('href', 'mailto:privacidade@vitrine.app')
  await expect(page.getByText('Encarregado de proteção de dados da Vitrine').first()).toBeVisible()
})

test('the privacy policy table of contents leads to each section @nojs', async ({ page }) => {
  await page.goto('/politica-de-privacidade')
  await page.getByRole('navigation', { name: 'Índice' }).getByRole('link', { name: 'Cookies e a sua escolha' }).click()
  await expect(page).toHaveURL(/#cookies$/)
  await expect(page.getByRole('form', { name: 'Preferências de cookies' })).toBeInViewport()
})

test('the terms of use cover the subscription, the content and the law @nojs', async ({ page }) => {
  const response = await page.goto('/termos-de-uso')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Termos de uso · Vitrine')
  await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Planos, pagamento e cancelamento/ })).toBeVisible()
  await expect(page.getByText(/Direito de arrependimento: na primeira contratação/)).toBeVisible()
  await expect(page.getByRole('heading', { name: /Textos escritos por inteligência artificial/ })).toBeVisible()
  await expect(page.getByText(/foro do seu\s+domicílio/)).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Política de privacidade' }).click()
  await expect(page.getByRole('heading', { name: 'Política de privacidade', level: 1 })).toBeVisible()
})

test('the footer and the cookie banner lead to the legal pages @nojs', async ({ page }) => {
  await page.goto('/login')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Termos de uso' }).click()
  await expect(page).toHaveURL(/\/termos-de-uso$/)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click()
  await expect(page).toHaveURL(/\/politica-de-privacidade$/)

  const banner = page.getByRole('region', { name: 'Cookies e privacidade' })
  await banner.getByRole('link', { name: 'regras de uso do serviço' }).click()
  await expect(page).toHaveURL(/\/termos-de-uso$/)
  await page
    .getByRole('region', { name: 'Cookies e privacidade' })
    .getByRole('link', { name: 'como tratamos seus dados' })
    .click()
  await expect(page).toHaveURL(/\/politica-de-privacidade#cookies$/)
})

test('registration asks the person to accept both texts, and the server insists too @nojs', async ({
  page,
  request,
}) => {
  await page.goto('/registrar')
  const box = page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade')
  await expect(box).not.toBeChecked()
  await expect(box).toHaveAttribute('required', '')
  const form = page.locator('form').filter({ has: box })
  await expect(form.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/termos-de-uso')
  await expect(form.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute(
    'href',
    '/politica-de-privacidade',
  )

  // A request that skips the box (a browser without form checks, a script) is refused.
  const response = await request.post('/registrar', {
    form: {
      full_name: 'Carla Dias',
      email: `carla-${Date.now()}@example.com`,
      phone: '(11) 98765-4321',
      password: 'segredo123',
    },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Aceite os Termos de uso e a Política de privacidade para criar a conta')
})
