// A property saved with no price reads 'R$ -,--' on the list (ADR 150), the toast has a title and
// a text, and places typed by hand (no Maps key) are kept. Works without JavaScript.
import { expect, test } from './fixtures'

test('a property with no price and two places typed by hand: toast with title and text, R$ -,-- on the list @nojs', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/imoveis/novo')
  await page.getByLabel('Aluguel', { exact: true }).check()
  await page.getByLabel('Nome do imóvel').fill('Studio sem preço na Vila Madalena')
  // On a phone the form is in steps: the address and the places are under "Local".
  await page.getByRole('navigation', { name: 'Etapas do cadastro' }).getByRole('button', { name: 'Local' }).click()
  await expect(page).toHaveURL(/etapa=local$/)
  await page.getByLabel('CEP').fill('05433-000')
  await page.getByLabel('Bairro').fill('Vila Madalena')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Lugar 1', { exact: true }).fill('Metrô Fradique Coutinho')
  await page.getByLabel('Tipo do lugar 1').selectOption({ label: 'Metrô' })
  await page.getByLabel('Distância 1 (m)').fill('450')
  await page.getByLabel('Lugar 2', { exact: true }).fill('Praça do Pôr do Sol')
  await page.getByLabel('Tipo do lugar 2').selectOption({ label: 'Parque' })
  await page.getByLabel('Lugar 1', { exact: true }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/spec-details-places-390.png' })
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  const toast = page.getByRole('region', { name: 'Notificações' })
  await expect(toast.getByText('Imóvel cadastrado')).toBeVisible()
  await expect(toast.getByText('Agora é só escolher um modelo e gerar posts.')).toBeVisible()
  await expect(toast.getByLabel('Fechar notificação')).toBeVisible()
  await expect(page.getByLabel('Lugar 1', { exact: true })).toHaveValue('Metrô Fradique Coutinho')
  await expect(page.getByLabel('Lugar 2', { exact: true })).toHaveValue('Praça do Pôr do Sol')
  await expect(page.getByLabel('Distância 1 (m)')).toHaveValue('450')

  await page.goto('/imoveis')
  const card = page.getByRole('listitem').filter({ hasText: 'Studio sem preço na Vila Madalena' })
  await expect(card.getByText('R$ -,--')).toBeVisible()
  await expect(card).not.toContainText('R$ 0,00')
  await expect(card).not.toContainText('/mês')
  await page.screenshot({ path: 'test-results/spec-details-list-390.png' })
})
