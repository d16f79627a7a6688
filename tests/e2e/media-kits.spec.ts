// Media kits end to end: an agent's property with 6 photos becomes a whole kit with one click
// from the property page (also with JavaScript off); the kit page previews every piece and
// downloads the zip; the public link shows the pieces to anyone and nothing private; another
// agent gets 404; /media-kits creates one from a chosen property.
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import JSZip from 'jszip'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { roomPhoto, type Scene } from '../../app/integrations/images/sample-photos.server'
import { DEMO_HOMES } from '../../scripts/seed/homes'
import { createUser, expect, login, test, photosSent } from './fixtures'
import { createHome } from './support/homes'

const SCENES: Scene[] = ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'balcony']

/** A sale apartment with 6 photos, made through the property form; returns its page's URL. */
async function propertyWithSixPhotos(page: Page, javaScriptEnabled: boolean, name: string): Promise<string> {
  const photos = await Promise.all(
    SCENES.map(async (scene, i) => ({
      name: `${scene}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await roomPhoto(scene, i + 1, { width: 1200, height: 900, grain: 0 }),
    })),
  )
  await page.goto('/imoveis/novo')
  await page.getByLabel('Venda', { exact: true }).check()
  await page.getByLabel('Nome do imóvel').fill(name)
  await page.getByLabel('Categoria').selectOption({ label: 'Apartamento' })
  await page.getByLabel('Preço de venda').fill('R$ 980.000,00')
  await page.getByLabel('Área (m²)').fill('86')
  await page.getByLabel('Quartos').fill('2')
  await page.getByLabel('CEP').fill('05407-002')
  await page.getByLabel('Rua').fill('Rua dos Pinheiros')
  await page.getByLabel('Número').fill('777')
  await page.getByLabel('Bairro').fill('Pinheiros')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Adicionar fotos').setInputFiles(photos)
  if (javaScriptEnabled) {
    await expect(page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')).toHaveCount(6)
    await photosSent(page)
  }
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByText('6 fotos · 0 plantas')).toBeVisible()
  return page.url()
}

/** Every image under `selector` once loaded (polled: with JavaScript off no load event reaches us). */
async function imagesLoaded(page: Page, selector: string): Promise<{ total: number; broken: number }> {
  const images = page.locator(selector)
  await images.evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')))
  await expect
    .poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)), {
      timeout: 120_000,
    })
    .toBe(true)
  const widths = await images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))
  return { total: widths.length, broken: widths.filter((w) => w === 0).length }
}

test('one click on the property page makes the whole kit; the zip holds every piece @nojs', async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000)
  const name = `Apartamento em Pinheiros ${Date.now()}`
  await propertyWithSixPhotos(page, javaScriptEnabled, name)
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page).toHaveURL(/\/media-kits\/\d+$/)
  await expect(page.getByRole('status').getByText('Media kit criado')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Media kit: ${name}` })).toBeVisible()
  for (const piece of ['Post para o feed', 'Story', 'Carrossel', 'Folheto A4 (PDF)', 'Imagem para WhatsApp'])
    await expect(page.getByRole('heading', { level: 2, name: piece })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Carrossel: slide 1' })).toBeVisible()
  const previews = await imagesLoaded(page, 'main img[alt]:not([alt=""])')
  expect(previews.total).toBeGreaterThanOrEqual(10)
  expect(previews.broken).toBe(0)

  const downloading = page.waitForEvent('download', { timeout: 180_000 })
  await page.getByRole('link', { name: 'Baixar tudo (.zip)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`media-kit-apartamento-em-pinheiros-${name.split(' ').at(-1)}.zip`)
  const zip = await JSZip.loadAsync(await readFile((await download.path())!))
  const names = Object.keys(zip.files)
  expect(names.slice(0, 2)).toEqual(['feed.png', 'story.png'])
  expect(names.filter((n) => n.startsWith('carrossel/slide-'))).toHaveLength(8)
  expect(names).toContain('flyer.pdf')
  expect(names).toContain('whatsapp.jpg')
  const pdf = await getDocument({ data: await zip.file('flyer.pdf')!.async('uint8array'), verbosity: 0 }).promise
  const sheet = await pdf.getPage(1)
  expect(sheet.view.map((n) => Math.round(n * 100) / 100)).toEqual([0, 0, 595.28, 841.89])
  const text = (await sheet.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ')
  expect(text).toContain('R$ 980.000')
})

async function kitFor(
  page: Page,
  javaScriptEnabled: boolean,
  name: string,
): Promise<{ kitUrl: string; shareUrl: string }> {
  await propertyWithSixPhotos(page, javaScriptEnabled, name)
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page).toHaveURL(/\/media-kits\/\d+$/)
  return { kitUrl: page.url(), shareUrl: await page.getByLabel('Link público do media kit').inputValue() }
}

test('the public link shows the pieces to anyone and nothing private; another agent gets 404', async ({
  signedInPage: page,
  user,
  javaScriptEnabled,
  browser,
}) => {
  test.setTimeout(180_000)
  const { kitUrl, shareUrl } = await kitFor(page, javaScriptEnabled, 'Cobertura em Pinheiros')
  expect(shareUrl).toMatch(/\/media-kits\/[A-Za-z0-9_-]{22}\/maker$/)
  // The agent hides the phone.
  await page.getByLabel('Mostrar meu telefone nas peças e na página pública').uncheck()
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(page.getByRole('status').getByText('Telefone oculto nas peças')).toBeVisible()

  const visitor = await browser.newContext()
  const anyone = await visitor.newPage()
  const response = await anyone.goto(new URL(shareUrl).pathname)
  expect(response?.status()).toBe(200)
  await expect(anyone.getByRole('heading', { level: 1, name: 'Cobertura em Pinheiros' })).toBeVisible()
  // The product's page title template: '{page} · {APP_NAME}'.
  await expect(anyone).toHaveTitle('Media kit: Cobertura em Pinheiros · Vitrine')
  await expect(anyone.getByRole('img', { name: 'Carrossel: slide 1' })).toBeVisible()
  const html = await anyone.content()
  expect(html).toContain(user.full_name)
  for (const secret of [user.email, '98765', 'Rua dos Pinheiros', '/uploads/', 'users/'])
    expect(html).not.toContain(secret)
  const photos = await imagesLoaded(anyone, '[data-slide-frame] img')
  expect(photos.total).toBeGreaterThan(0)
  expect(photos.broken).toBe(0)
  // One main landmark; the carousel's strip, which scrolls sideways, is reached by keyboard.
  await expect(anyone.getByRole('main')).toHaveCount(1)
  const strip = anyone.getByRole('region', { name: /^Carrossel: \d+ slides$/ })
  await strip.focus()
  await expect(strip).toBeFocused()
  const axe = await new AxeBuilder({ page: anyone }).analyze()
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await visitor.close()

  const other = await browser.newContext()
  const stranger = await other.newPage()
  await login(stranger, await createUser(stranger.request))
  expect((await stranger.goto(new URL(kitUrl).pathname))?.status()).toBe(404)
  await other.close()
})

test('/media-kits makes a kit for the property chosen there, and asks for one when none is chosen @nojs', async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000)
  await propertyWithSixPhotos(page, javaScriptEnabled, 'Studio na Vila Madalena')
  await page.goto('/media-kits')
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page.getByText('Escolha um imóvel.')).toBeVisible()
  await page.getByLabel('Imóvel').selectOption({ label: 'Studio na Vila Madalena (Pinheiros, São Paulo)' })
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page).toHaveURL(/\/media-kits\/\d+$/)
  await page.getByRole('link', { name: 'Media kits' }).first().click()
  await expect(page.getByRole('link', { name: 'Studio na Vila Madalena' })).toBeVisible()
})

test("with a public page the kit holds a QR code to the listing page; the flyer says the property's description until the agent asks for new words @nojs", async ({
  signedInPage: page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const house = DEMO_HOMES[1]!
  const handle = `kit-${Date.now().toString(36)}-${process.pid.toString(36)}`
  await page.goto('/minha-conta/marca')
  await page.getByLabel('Endereço da página').fill(handle)
  await page.getByRole('button', { name: 'Salvar página pública' }).click()
  await expect(page.getByRole('link', { name: `/c/${handle}` })).toBeVisible()
  const id = await createHome(page.request, house, { photos: 2 })
  await page.goto(`/imoveis/${id}`)
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page).toHaveURL(/\/media-kits\/\d+$/)

  const qr = page.getByRole('img', { name: /^QR code da página do imóvel/ })
  await expect(qr).toBeVisible()
  expect((await imagesLoaded(page, 'img[alt^="QR code"]')).broken).toBe(0)
  const link = /\((https?:[^)]+)\)$/.exec((await qr.getAttribute('alt')) ?? '')?.[1] ?? ''
  expect(link).toMatch(/\/l\/[a-z0-9]{4,16}$/)
  const svg = await page.request.get(await qr.getAttribute('src').then((src) => src ?? ''))
  expect(svg.headers()['content-type']).toContain('image/svg+xml')
  // The code opens the listing page, for anyone.
  const visitor = await browser.newContext()
  const guest = await visitor.newPage()
  await guest.goto(new URL(link).pathname)
  await expect(guest.getByRole('heading', { level: 1, name: house.name })).toBeVisible()
  await visitor.close()

  const flyer = page.getByRole('region', { name: 'Folheto A4 (PDF)' })
  const words = () => flyer.getByLabel('Texto do folheto')
  // The editor's disclosure, opened when closed (with JavaScript it stays open after a submit).
  const edit = async () => {
    if (!(await words().isVisible())) await flyer.getByText('Editar textos e foto').click()
  }
  await edit()
  await expect(words()).toHaveValue(house.description!)
  await flyer.getByRole('button', { name: 'Gerar texto automático' }).click()
  await expect(page.getByRole('status').getByText('Folheto A4 (PDF): textos gerados de novo')).toBeVisible()
  await edit()
  await expect(words()).not.toHaveValue(house.description!)
  await flyer.getByRole('button', { name: 'Usar a descrição do imóvel' }).click()
  await expect(page.getByRole('status').getByText('Folheto: texto da descrição do imóvel')).toBeVisible()
  await edit()
  await expect(words()).toHaveValue(house.description!)
  await page.setViewportSize({ width: 390, height: 844 })
  await qr.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('kit-390.png'), fullPage: false })
})
