// Plans and billing with the embedded default (no Stripe key): a plan link → sign-up → the demo
// payment page → /plano/sucesso → the plan in the account → its limit; the plans page with its
// monthly/yearly switch; the demo portal; fiscal data. Tests tagged @nojs also run with
// JavaScript disabled.
import type { Page } from '@playwright/test'
import { expect, newUserData, register, test } from './fixtures'

const DEMO_NOTICE = 'Pagamento de demonstração — nenhuma cobrança é feita'

async function subscribeOnDemoPage(page: Page, planName: string) {
  await expect(page.getByText(DEMO_NOTICE)).toBeVisible()
  await expect(page.getByText(planName, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar assinatura de demonstração' }).click()
  await expect(page).toHaveURL(/\/plano\/sucesso$/)
  await expect(page.getByRole('heading', { name: 'Assinatura confirmada' })).toBeVisible()
  await expect(page.getByText(`Seu plano ${planName} está ativo.`)).toBeVisible()
}

/** Generates posts of "Datas comemorativas" the way its form posts them, without the page. */
async function generatePosts(page: Page, templatePath: string, count: number) {
  const visible = await page.locator('input[name="_visible"]').inputValue()
  for (let i = 0; i < count; i++) {
    const response = await page.request.post(templatePath, {
      form: { _intent: 'generate', _visible: visible, occasion: 'natal' },
      maxRedirects: 0,
    })
    expect(response.status(), `post ${i + 1}`).toBe(302)
  }
}

test('a plan link: sign-up, demo payment, success, the plan in the account, and its post limit @nojs', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await register(page, newUserData(), { lookupKey: 'corretor_mensal' })
  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=corretor_mensal$/)
  await expect(page.getByText('R$ 49,00 /mês')).toBeVisible()
  await subscribeOnDemoPage(page, 'Corretor')

  // The header and the account show the plan.
  await expect(page.getByRole('link', { name: 'Plano Corretor' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Assinar', exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Ver meu plano' }).click()
  await expect(page.getByRole('heading', { name: 'Meu plano' })).toBeVisible()
  await expect(page.getByText('Corretor', { exact: true })).toBeVisible()
  const posts = page
    .locator('div')
    .filter({ has: page.getByText('Posts gerados este mês') })
    .last()
  await expect(posts).toContainText('0 de 30')

  // Thirty posts this month…
  await page.goto('/modelos')
  await page.getByRole('link', { name: /Natal, Ano Novo, Dia das Mães/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Datas comemorativas' })).toBeVisible()
  const templatePath = new URL(page.url()).pathname
  await generatePosts(page, templatePath, 30)

  // …and the next one is refused with the plan that lifts the limit.
  await page.goto(templatePath)
  await page.getByRole('combobox', { name: /^Data/ }).selectOption('natal')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Você já gerou' })
  await expect(alert).toContainText(
    'Você já gerou 30 de 30 posts do plano Corretor este mês. Assine o plano Profissional para ter 120 posts por mês.',
  )
  await alert.getByRole('link', { name: 'Ver planos' }).click()
  await expect(page).toHaveURL(/\/plano\/contratar$/)
  await expect(page.getByText('Seu plano atual: Corretor')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Gratuito' })).not.toContainText('Seu plano')
  // A copy would be a 31st post of the month: refused too.
  await page.goto('/modelos/historico')
  await page
    .getByRole('button', { name: /^Duplicar/ })
    .first()
    .click()
  await expect(page.getByText('Limite de posts do plano')).toBeVisible()
  await page.goto('/minha-conta/plano')
  await expect(posts).toContainText('30 de 30')
})

test('the plans page: BRL prices, the monthly/yearly switch, and checkout without JavaScript @nojs', async ({
  signedInPage: page,
}) => {
  // A new account has no plan: the header offers one.
  await page.goto('/')
  await page.getByRole('link', { name: 'Assinar', exact: true }).click()
  await expect(page).toHaveURL(/\/plano\/contratar$/)
  // The free plan is one of the plans, with its limits, and it is this account's.
  await expect(page.getByText('Seu plano atual: Gratuito')).toBeVisible()
  // What counts against the AI allowance, and what does not (the media kits' words).
  await expect(page.getByText('os textos dos kits de mídia não entram na conta')).toBeVisible()
  const free = page.getByRole('region', { name: 'Gratuito' })
  await expect(free).toContainText('Seu plano')
  await expect(free).toContainText('5 posts por mês')
  await expect(free).toContainText('sem agendamentos')
  const profissional = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Profissional' }) })
  await expect(profissional).toContainText('R$ 97,00 /mês')
  await expect(profissional).toContainText('120 posts por mês')
  await page.getByRole('link', { name: 'Anual' }).click()
  await expect(page).toHaveURL(/\?periodo=anual$/)
  await expect(profissional).toContainText('R$ 970,00 /ano')
  await expect(profissional).toContainText('Equivale a R$ 80,83 /mês (2 meses grátis)')
  await profissional.getByRole('button', { name: 'Assinar o plano Profissional' }).click()
  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=profissional_anual$/)
  await expect(page.getByText('R$ 970,00 /ano')).toBeVisible()
  // Leaving without paying.
  await page.getByRole('link', { name: 'Cancelar' }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento cancelado' })).toBeVisible()
  await expect(page.getByText('Nenhuma cobrança foi feita.')).toBeVisible()
})

test('GET /api/checkout?lookupKey=corretor_mensal leads a signed-in agent to the payment page, and changes nothing @nojs', async ({
  page,
  user,
}) => {
  // Signed out, the link goes through the login and comes back to it.
  await page.goto('/api/checkout?lookupKey=corretor_mensal')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapi%2Fcheckout%3FlookupKey%3Dcorretor_mensal$/)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=corretor_mensal$/)
  await expect(page.getByText(DEMO_NOTICE)).toBeVisible()
  await expect(page.getByText('Corretor', { exact: true })).toBeVisible()

  // A key outside the catalogue is refused; the account still has no plan.
  await page.goto('/api/checkout?lookupKey=plano_inexistente')
  await expect(page).toHaveURL(/\/plano\/contratar$/)
  await expect(page.getByText('Não foi possível criar a página de pagamento.')).toBeVisible()
  await page.goto('/minha-conta/plano')
  await expect(page.getByText('Corretor', { exact: true })).toHaveCount(0)
  // A script gets the address as JSON.
  const asJson = await page.request.get('/api/checkout?lookupKey=corretor_mensal', {
    headers: { Accept: 'application/json' },
  })
  expect(asJson.status()).toBe(200)
  expect(await asJson.json()).toEqual({ url: '/plano/pagamento-demo?lookupKey=corretor_mensal' })
})

test('a visitor who opens the plans signs up first and comes back to them @nojs', async ({ page }) => {
  await page.goto('/plano/contratar')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplano%2Fcontratar$/)
  await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).click()
  const user = newUserData()
  await page.getByLabel('Nome completo').fill(user.full_name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Telefone').fill(user.phone)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/plano\/contratar$/)
  await expect(page.getByRole('heading', { name: 'Escolha o seu plano' })).toBeVisible()
})

test('the demo portal cancels the plan at the end of the period, and keeps it again @nojs', async ({ page }) => {
  await register(page, newUserData(), { lookupKey: 'imobiliaria_mensal' })
  await subscribeOnDemoPage(page, 'Imobiliária')
  await page.goto('/minha-conta/plano')
  await expect(page.getByText('1 de 5 usuários')).toBeVisible()
  await page.getByRole('button', { name: 'Gerenciar assinatura' }).click()
  await expect(page).toHaveURL(/\/plano\/portal-demo\?return_url=/)
  await expect(page.getByText('Portal de demonstração — nenhuma cobrança é feita')).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click()
  await expect(page.getByText('Assinatura cancelada')).toBeVisible()
  await expect(page.getByText(/Cancelada: o plano termina em \d{2}\/\d{2}\/\d{4}\./)).toBeVisible()
  await page.getByRole('link', { name: '← Voltar' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/plano$/)
  await expect(page.getByText('Assinatura: Cancelamento agendado')).toBeVisible()
  await page.getByRole('button', { name: 'Gerenciar assinatura' }).click()
  await page.getByRole('button', { name: 'Manter assinatura' }).click()
  await expect(page.getByText(/Renova em \d{2}\/\d{2}\/\d{4}\./)).toBeVisible()
})

test('fiscal data: signed out, the page asks for sign-in and comes back; CPF checked, typed values kept, saved @nojs', async ({
  page,
  user,
  javaScriptEnabled,
}) => {
  await page.goto('/dados-fiscais')
  // A guest route (ADR 215): the page itself, saying what it asks for, not a redirect to /login.
  await expect(page).toHaveURL(/\/dados-fiscais$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dados fiscais' })).toBeVisible()
  await expect(page.getByText('CPF ou CNPJ', { exact: true })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdados-fiscais$/)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Dados fiscais' })).toBeVisible()

  const document = page.getByLabel('CPF ou CNPJ')
  await document.fill('11111111111')
  await page.getByLabel('CEP', { exact: true }).fill('01310100')
  await page.getByLabel('Rua', { exact: true }).fill('Avenida Paulista')
  await page.getByLabel('Número', { exact: true }).fill('1000')
  await page.getByLabel('Bairro', { exact: true }).fill('Bela Vista')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado', { exact: true }).selectOption('SP')
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click()
  await expect(page.getByText('CPF Inválido')).toBeVisible()
  await expect(page.getByLabel('Rua', { exact: true })).toHaveValue('Avenida Paulista')

  await document.fill('')
  await document.pressSequentially('12345678909')
  // With JavaScript the mask shows as it is typed; without, plain digits are accepted.
  await expect(document).toHaveValue(javaScriptEnabled ? '123.456.789-09' : '12345678909')
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click()
  await expect(page.getByText('Dados fiscais salvos')).toBeVisible()
  await page.reload()
  await expect(document).toHaveValue('123.456.789-09')
  await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100')
  await expect(page.getByLabel('E-mail para a nota fiscal')).toHaveValue(user.email)

  // The alphanumeric CNPJ (from July 2026): the official check digits decide.
  await document.fill('12.ABC.345/01DE-36')
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click()
  await expect(page.getByText('CNPJ Inválido')).toBeVisible()
  await expect(document).toHaveValue('12.ABC.345/01DE-36')
  await document.fill('')
  await document.pressSequentially('12abc34501de35')
  await expect(document).toHaveValue(javaScriptEnabled ? '12.ABC.345/01DE-35' : '12abc34501de35')
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click()
  await expect(page.getByText('Dados fiscais salvos')).toBeVisible()
  await page.reload()
  await expect(document).toHaveValue('12.ABC.345/01DE-35')
})

test('the API: prices as JSON; checkout and portal need an account; an unsigned webhook is refused', async ({
  request,
}) => {
  const prices = await request.get('/api/prices')
  expect(prices.status()).toBe(200)
  const { plans } = (await prices.json()) as {
    plans: { name: string; prices: { lookup_key: string; unit_amount: number; label: string }[] }[]
  }
  expect(plans.map((p) => p.name)).toEqual(['Corretor', 'Profissional', 'Imobiliária'])
  expect(plans[1]!.prices[0]).toMatchObject({
    lookup_key: 'profissional_mensal',
    unit_amount: 9700,
    label: 'R$ 97,00 /mês',
  })
  expect(
    (
      await request.post('/api/checkout', {
        form: { lookupKey: 'corretor_mensal' },
        headers: { Accept: 'application/json' },
      })
    ).status(),
  ).toBe(401)
  expect((await request.get('/api/customer-portal', { headers: { Accept: 'application/json' } })).status()).toBe(401)
  const webhook = await request.post('/api/stripe/webhook', { data: { id: 'evt_1', type: 'invoice.paid' } })
  expect(webhook.status()).toBe(400)
})
