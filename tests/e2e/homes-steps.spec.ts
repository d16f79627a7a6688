// The property form in steps on a phone (ADR 180): básico → fotos → detalhes → local,
// the step in the address (?etapa=), typed values kept from step to step with and without
// JavaScript, amenities as chips a thumb can hit, and a save that opens the step of a mistake.
import { expect, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

test('a new property in four steps on a phone keeps what was typed and saves as one form @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/imoveis/novo')
  const steps = page.getByRole('navigation', { name: 'Etapas do cadastro' })
  await expect(steps).toContainText('Etapa 1 de 4: Básico')
  // Only the current step's sections show on a phone.
  await expect(page.getByRole('heading', { name: 'Tipo' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Fotos', exact: true })).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Endereço' })).toBeHidden()

  await page.getByLabel('Nome do imóvel').fill('Casa térrea com quintal em Moema')
  await page.getByLabel('Preço de venda').fill('1.200.000,00')
  await page.getByRole('button', { name: 'Próximo: Fotos →' }).click()
  await expect(page).toHaveURL(/\/imoveis\/novo\?etapa=fotos$/)
  await expect(steps).toContainText('Etapa 2 de 4: Fotos')
  await expect(page.getByRole('heading', { name: 'Fotos', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tipo' })).toBeHidden()

  await page.getByRole('button', { name: 'Próximo: Detalhes →' }).click()
  await expect(page).toHaveURL(/etapa=detalhes$/)
  const pool = page.locator('label').filter({ has: page.getByLabel('Piscina') })
  const box = (await pool.boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(44)
  await page.getByLabel('Piscina').check()
  await page.getByLabel('Quartos').fill('3')

  // A tap on a step in the bar goes straight there; back on Básico the name is still there.
  await steps.getByRole('button', { name: 'Básico' }).click()
  await expect(page).toHaveURL(/etapa=basico$/)
  await expect(page.getByLabel('Nome do imóvel')).toHaveValue('Casa térrea com quintal em Moema')
  await steps.getByRole('button', { name: 'Local' }).click()
  await expect(page).toHaveURL(/etapa=local$/)
  await page.getByLabel('CEP').fill('04077-000')
  await page.getByLabel('Bairro').fill('Moema')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByRole('status').getByText('Imóvel cadastrado')).toBeVisible()
  await page.getByRole('navigation', { name: 'Etapas do cadastro' }).getByRole('button', { name: 'Detalhes' }).click()
  await expect(page.getByLabel('Piscina')).toBeChecked()
  await expect(page.getByLabel('Quartos')).toHaveValue('3')
})

test('saving with a mistake in another step opens that step with the message @nojs', async ({ signedInPage: page }) => {
  await page.goto('/imoveis/novo?etapa=local')
  await expect(page.getByRole('navigation', { name: 'Etapas do cadastro' })).toContainText('Etapa 4 de 4: Local')
  await page.getByLabel('CEP').fill('04077-000')
  await page.getByLabel('Bairro').fill('Moema')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  // The name (step Básico) is missing: that step opens with the message beside the field.
  await expect(page.getByRole('navigation', { name: 'Etapas do cadastro' })).toContainText('Etapa 1 de 4: Básico')
  await expect(page.getByLabel('Nome do imóvel')).toBeVisible()
  await expect(page.getByLabel('Nome do imóvel')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Nome do imóvel').fill('Sobrado em Moema')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sobrado em Moema' })).toBeVisible()
})

test('on a wide screen every section shows at once, with no step buttons', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/imoveis/novo?etapa=fotos')
  await expect(page.getByRole('heading', { name: 'Tipo' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Endereço' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Etapas do cadastro' })).toBeHidden()
  await expect(page.getByRole('button', { name: /^Próximo/ })).toBeHidden()
})
