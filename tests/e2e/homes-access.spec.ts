// A user sees and changes only their own properties: another user's property, its edit, its
// deletion and its photo addresses are all 404 (ADR 021 for the photos).
import { floorPlan, roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { createUser, expect, login, test, photosSent } from './fixtures'

test("another agent's property, edit, deletion and photos are 404 @nojs", async ({
  signedInPage: page,
  browser,
  javaScriptEnabled,
  baseURL,
  playwright,
}) => {
  // Ana's property, with a photo and a floor plan.
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Casa da Ana em Pinheiros')
  await page.getByLabel('Preço de venda').fill('980.000')
  await page.getByLabel('CEP').fill('05422-000')
  await page.getByLabel('Bairro').fill('Pinheiros')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Adicionar fotos').setInputFiles([
    {
      name: 'fachada.jpg',
      mimeType: 'image/jpeg',
      buffer: await roomPhoto('facade', 4, { width: 800, height: 600, grain: 0 }),
    },
  ])
  await page
    .getByLabel('Adicionar plantas')
    .setInputFiles([{ name: 'planta.png', mimeType: 'image/png', buffer: await floorPlan(2) }])
  if (javaScriptEnabled) {
    // With JavaScript the files upload as soon as they are picked.
    await expect(page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')).toHaveCount(1)
    await expect(page.getByRole('list', { name: 'Plantas do imóvel' }).getByRole('listitem')).toHaveCount(1)
    await photosSent(page)
  }
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  const path = new URL(page.url()).pathname
  const photo = (await page.getByRole('img', { name: 'Casa da Ana em Pinheiros' }).getAttribute('src'))!
  expect(photo).toMatch(/^\/uploads\/users\//)
  expect((await page.request.get(photo)).status()).toBe(200)

  // Bruno, signed in in his own browser.
  const bruno = await createUser(page.request, { full_name: 'Bruno Corretor' })
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'pt-BR' })
  const other = await context.newPage()
  await login(other, bruno)

  const response = await other.goto(path)
  expect(response?.status()).toBe(404)
  await expect(other.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
  await expect(other.getByText('Casa da Ana em Pinheiros')).toHaveCount(0)

  const edit = await other.request.post(path, {
    multipart: {
      intent: 'save',
      status: 'sale',
      category: 'house',
      name: 'Casa do Bruno',
      zipcode: '05422-000',
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
    },
    maxRedirects: 0,
  })
  expect(edit.status()).toBe(404)
  const remove = await other.request.post(path, { multipart: { intent: 'delete' }, maxRedirects: 0 })
  expect(remove.status()).toBe(404)
  const duplicate = await other.request.post(path, { multipart: { intent: 'duplicate' }, maxRedirects: 0 })
  expect(duplicate.status()).toBe(404)
  expect((await other.request.get(photo)).status()).toBe(404)
  await other.goto('/imoveis')
  await expect(other.getByRole('heading', { name: 'Você ainda não cadastrou imóveis' })).toBeVisible()
  await context.close()

  // Nobody signed in gets the photo either.
  const anonymous = await playwright.request.newContext({ baseURL })
  expect((await anonymous.get(photo)).status()).toBe(404)
  await anonymous.dispose()

  // Ana's property is as she left it.
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'Casa da Ana em Pinheiros' })).toBeVisible()
  await expect(page.getByText('1 foto · 1 planta')).toBeVisible()
})

test('a malformed or unknown property id is a 404 @nojs', async ({ signedInPage: page }) => {
  expect((await page.goto('/imoveis/abc'))?.status()).toBe(404)
  expect((await page.goto('/imoveis/999999'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
})
