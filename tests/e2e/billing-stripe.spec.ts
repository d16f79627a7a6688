// Billing with Stripe configured: a second server of the production build whose `stripe` library
// talks to the local Stripe server (tests/mocks/stripe.ts). The hosted checkout is that server's
// page; paying there sends a signed webhook over real HTTP (raw body through Express) before the
// browser comes back to /plano/sucesso. Tests tagged @nojs also run with JavaScript disabled.
import type { Page } from '@playwright/test'
import { expect, newUserData, expectLandedHome, test, type TestUser } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'
import { startMockStripe, type MockStripe } from '../mocks/stripe'

const WEBHOOK_SECRET = 'whsec_e2e_vitrine'
let stripe: MockStripe
let app: AppServer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  stripe = await startMockStripe()
  // Stripe's own price, not the local catalogue's: the page must show this one.
  stripe.prices.get('price_corretor_mensal')!.unit_amount = 5900
  app = await startAppServer(() => ({
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    RATE_LIMIT_DISABLED: 'true',
  }))
  stripe.sendWebhooksTo(`${app.url}/api/stripe/webhook`, WEBHOOK_SECRET)
})
test.afterAll(async () => {
  await app?.stop()
  await stripe?.close()
})

async function registerOn(page: Page, user: TestUser, lookupKey?: string) {
  await page.goto(`${app.url}/registrar${lookupKey ? `?${new URLSearchParams({ lookupKey })}` : ''}`)
  await page.getByLabel('Nome completo').fill(user.full_name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Telefone').fill(user.phone)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  if (!lookupKey) await expectLandedHome(page)
}

test('a plan link: sign-up, Stripe’s hosted page, the webhook, /plano/sucesso and the portal @nojs', async ({
  page,
}) => {
  await registerOn(page, newUserData(), 'profissional_mensal')
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`))
  await expect(page.getByText('profissional_mensal: 9700 brl')).toBeVisible()
  const deliveries = stripe.deliveries.length
  await page.getByRole('button', { name: 'Pagar' }).click()

  await expect(page).toHaveURL(new RegExp(`^${app.url}/plano/sucesso\\?session_id=cs_test_`))
  await expect(page.getByText('Seu plano Profissional está ativo.')).toBeVisible()
  // The webhook arrived signed, through the real server, and applied the subscription.
  expect(stripe.deliveries.slice(deliveries)).toEqual([
    { type: 'checkout.session.completed', status: 200, body: expect.stringContaining('"outcome":"applied"') },
  ])
  await expect(page.getByRole('link', { name: 'Plano Profissional' })).toBeVisible()

  await page.goto(`${app.url}/minha-conta/plano`)
  await page.getByRole('button', { name: 'Gerenciar assinatura' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/p/session/bps_`))
  await page.getByRole('link', { name: 'Voltar' }).click()
  await expect(page).toHaveURL(`${app.url}/minha-conta/plano`)
})

test('the plans page shows Stripe’s prices; leaving the hosted page lands on /plano/cancelado @nojs', async ({
  page,
}) => {
  await registerOn(page, newUserData())
  await page.goto(`${app.url}/plano/contratar`)
  const corretor = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Corretor' }) })
  await expect(corretor).toContainText('R$ 59,00 /mês')
  await corretor.getByRole('button', { name: 'Assinar o plano Corretor' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/`))
  await page.getByRole('link', { name: 'Voltar' }).click()
  await expect(page).toHaveURL(`${app.url}/plano/cancelado`)
  await expect(page.getByText('Nenhuma cobrança foi feita.')).toBeVisible()
})

test('Stripe refusing the checkout shows the product’s message on the plans page @nojs', async ({ page }) => {
  await registerOn(page, newUserData())
  stripe.fail('POST /v1/checkout/sessions', { times: 1 })
  await page.goto(`${app.url}/plano/contratar`)
  await page.getByRole('button', { name: 'Assinar o plano Imobiliária' }).click()
  await expect(page).toHaveURL(`${app.url}/plano/contratar`)
  await expect(page.getByRole('alert')).toContainText('Não foi possível criar a página de pagamento.')
})
