// Pix and boleto with the embedded default (issue 65 item 5, ADR 309): the agent picks boleto on
// /plano/contratar, the plan waits ("Aguardando pagamento", its due date and the boleto's line)
// with the free plan's limits, the demo's payment (a demo invoice.paid through the webhook's code)
// makes it active, and the plan page says how it was paid. Both run with JavaScript off too.
import { expect, test } from './fixtures'

const DUE_DATE = /Vencimento: \d{2}\/\d{2}\/\d{4}\./

test('boleto: aguardando pagamento with a due date until the demo payment, then the plan is active @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/plano/contratar')
  const methods = page.getByRole('group', { name: 'Forma de pagamento' })
  await expect(methods.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked()
  await expect(methods.getByRole('radio', { name: 'Pix' })).toBeVisible()
  await expect(methods).toContainText('O boleto vence em 3 dias')
  await methods.getByRole('radio', { name: 'Boleto' }).check()
  await page.getByRole('button', { name: 'Assinar o plano Corretor' }).click()

  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=corretor_mensal&metodo=boleto$/)
  await expect(page.getByText('Forma de pagamento: Boleto')).toBeVisible()
  await page.getByRole('button', { name: 'Gerar boleto de demonstração' }).click()

  await expect(page).toHaveURL(/\/minha-conta\/plano$/)
  const awaiting = page.getByRole('region', { name: 'Aguardando pagamento' })
  await expect(awaiting).toContainText('Plano Corretor, por boleto.')
  await expect(awaiting).toContainText(DUE_DATE)
  await expect(page.getByLabel('Linha digitável do boleto')).toHaveValue(
    /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
  )
  // Until it is paid, the plan's features wait: the account is on the free plan.
  await expect(page.getByRole('region', { name: 'Plano atual' })).toContainText('Gratuito')

  await awaiting.getByRole('button', { name: 'Simular pagamento (demonstração)' }).click()
  await expect(page).toHaveURL(/\/plano\/sucesso$/)
  await expect(page.getByText('Seu plano Corretor está ativo.')).toBeVisible()
  await expect(page.getByText('Pago com boleto.')).toBeVisible()

  await page.goto('/minha-conta/plano')
  const plan = page.getByRole('region', { name: 'Plano atual' })
  await expect(plan).toContainText('Corretor')
  await expect(plan).toContainText('Assinatura: Ativa')
  await expect(plan).toContainText(/Pago com boleto · em \d{2}\/\d{2}\/\d{4} · R\$\s49,00/)
  await expect(page.getByRole('region', { name: 'Aguardando pagamento' })).toHaveCount(0)
})

test('Pix: the copia-e-cola code, then "Pago com Pix"; a tampered choice is refused beside the field @nojs', async ({
  signedInPage: page,
}) => {
  // A choice outside the three: 400, the message under "Forma de pagamento".
  const refused = await page.request.post('/plano/contratar', {
    form: { lookupKey: 'corretor_mensal', payment_method: 'cheque' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(400)
  // Rendered in the fieldset, under the choices (not only in the page's data).
  expect(await refused.text()).toMatch(
    /<fieldset[^>]*aria-describedby="forma-de-pagamento-erro"[\s\S]*?<ul id="forma-de-pagamento-erro"[^>]*><li>Escolha como pagar: cartão, Pix ou boleto\.<\/li>/,
  )

  await page.goto('/plano/contratar?periodo=anual')
  await page.getByRole('radio', { name: 'Pix' }).check()
  await page.getByRole('button', { name: 'Assinar o plano Profissional' }).click()
  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=profissional_anual&metodo=pix$/)
  await page.getByRole('button', { name: 'Gerar Pix de demonstração' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/plano$/)
  await expect(page.getByRole('region', { name: 'Aguardando pagamento' })).toContainText('por Pix')
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/)
  await page.getByRole('button', { name: 'Simular pagamento (demonstração)' }).click()
  await expect(page.getByText('Seu plano Profissional está ativo.')).toBeVisible()
  await page.goto('/minha-conta/plano')
  await expect(page.getByRole('region', { name: 'Plano atual' })).toContainText('Pago com Pix')
})
