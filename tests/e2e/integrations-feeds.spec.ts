// /integracoes end to end: an agent connects a VRSync feed by uploading the file and reads the
// sync report (counts, each listing's error in pt-BR), finds the listings in /imoveis; bad input
// comes back beside the field. Each test makes its own user; both run without JavaScript too.
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { createUser, expect, login, test } from './fixtures'

// Photo addresses on this machine's own network: the server refuses them (no FEED_PRIVATE_HOSTS),
// so each listing's photo shows up in the report as an error, with its code and the reason.
const listings = sampleListings(3, { seed: 21, photos: 1 })
const feed = () => ({
  name: 'imoveis-vrsync.xml',
  mimeType: 'application/xml',
  buffer: Buffer.from(vrsyncFeed(listings, 'http://127.0.0.1:9')),
})

test('an agent uploads a VRSync feed and reads the sync report @nojs', async ({ signedInPage: page }) => {
  await page.goto('/integracoes')
  await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible()
  await expect(page.getByText('Nenhuma fonte conectada')).toBeVisible()
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles(feed())
  await page.getByRole('button', { name: 'Conectar e importar' }).click()

  await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Arquivo XML enviado', level: 1 })).toBeVisible()
  await expect(page.getByText('VRSync (ZAP, Viva Real, OLX)')).toBeVisible()
  const report = page.getByRole('region', { name: 'Última sincronização' })
  await expect(report.getByRole('definition').first()).toHaveText('3')
  // The photos are fetched after the page opens: until they are done it says so and refreshes
  // itself (the loaders again with JavaScript, a meta refresh without), then shows their errors.
  const errors = page.getByRole('table', { name: 'Anúncios com erro' })
  await expect(errors.getByRole('row', { name: new RegExp(listings[0]!.id) })).toContainText('rede interna', {
    timeout: 20_000,
  })
  await expect(page.getByText('Esta página se atualiza sozinha.')).toHaveCount(0)
  await expect(page.getByText(/^Sincronizado em /)).toBeVisible()

  await page.goto('/imoveis')
  for (const listing of listings) await expect(page.getByRole('link', { name: listing.title })).toBeVisible()

  await page.goto('/integracoes')
  await expect(page.getByText(/3 novos, 0 atualizados, 0 arquivados/)).toBeVisible()
})

test('a file that is not a feed, or Vista without a key, comes back beside the field @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/integracoes')
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles({
    name: 'planilha.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?><Planilha><Linha/></Planilha>'),
  })
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page.getByText(/não é um feed VRSync .* nem Carga/)).toBeVisible()

  await page.getByLabel('Vista CRM').check()
  await page.getByLabel('Endereço da API do Vista').fill('minhaimobiliaria-rest.vistahost.com.br')
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page.getByText('Informe a chave de API do Vista.')).toBeVisible()
  await expect(page.getByLabel('Endereço da API do Vista')).toHaveValue('minhaimobiliaria-rest.vistahost.com.br')
  await expect(page.getByLabel('Vista CRM')).toBeChecked()
  await page.goto('/integracoes')
  await expect(page.getByText('Nenhuma fonte conectada')).toBeVisible()
})

test("another agent's feed report and its actions are 404 @nojs", async ({
  signedInPage: page,
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  await page.goto('/integracoes')
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles(feed())
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)
  const path = new URL(page.url()).pathname

  const bruno = await createUser(page.request, { full_name: 'Bruno Corretor' })
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'pt-BR' })
  const other = await context.newPage()
  await login(other, bruno)
  expect((await other.goto(path))?.status()).toBe(404)
  for (const intent of ['sync', 'delete', 'automations'])
    expect((await other.request.post(path, { multipart: { intent }, maxRedirects: 0 })).status()).toBe(404)
  await other.goto('/integracoes')
  await expect(other.getByText('Nenhuma fonte conectada')).toBeVisible()
  await context.close()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Arquivo XML enviado', level: 1 })).toBeVisible()
})

test('a new version of the file archives the listing it dropped; /imoveis shows it under Arquivados @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/integracoes')
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles(feed())
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)

  const smaller = { ...feed(), buffer: Buffer.from(vrsyncFeed(listings.slice(1), 'http://127.0.0.1:9')) }
  await page.getByLabel('Nova versão do arquivo XML').setInputFiles(smaller)
  await page.getByRole('button', { name: 'Enviar e sincronizar' }).click()
  const report = page.getByRole('region', { name: 'Última sincronização' })
  await expect(report.getByText('Arquivados').locator('..').getByRole('definition')).toHaveText('1')
  await expect(report.getByText('Sem mudança').locator('..').getByRole('definition')).toHaveText('2')

  await page.goto('/imoveis')
  await expect(page.getByRole('link', { name: listings[0]!.title })).toHaveCount(0)
  await expect(page.getByRole('link', { name: listings[1]!.title })).toBeVisible()
  await page.getByLabel('Situação').selectOption({ label: 'Arquivados' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByRole('link', { name: listings[0]!.title })).toBeVisible()
  await expect(page.getByText('Arquivado', { exact: true })).toBeVisible()
})

test('the same file connected again as a new source updates the listings instead of doubling them @nojs', async ({
  signedInPage: page,
}) => {
  for (const round of [1, 2]) {
    await page.goto('/integracoes')
    await page.getByLabel('Arquivo XML enviado').check()
    await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles(feed())
    await page.getByRole('button', { name: 'Conectar e importar' }).click()
    await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)
    const report = page.getByRole('region', { name: 'Última sincronização' })
    await expect(report.getByText('Novos', { exact: true }).locator('..').getByRole('definition')).toHaveText(
      round === 1 ? '3' : '0',
    )
  }
  const report = page.getByRole('region', { name: 'Última sincronização' })
  await expect(report.getByText('Já importados de outra fonte').locator('..').getByRole('definition')).toHaveText('3')
  await expect(
    report.getByText(
      '3 imóveis deste feed já estavam na sua lista, importados de outra fonte: foram atualizados, sem duplicar.',
    ),
  ).toBeVisible()

  await page.goto('/imoveis')
  for (const listing of listings) await expect(page.getByRole('link', { name: listing.title })).toHaveCount(1)
})
