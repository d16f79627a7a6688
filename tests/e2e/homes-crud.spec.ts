// Properties end to end: create a sale apartment with photos and a floor plan, see it in the
// list, edit it, delete it; bad input answered beside each field with nothing written.
import type { Page } from '@playwright/test'
import { floorPlan, roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { expect, test, photosSent } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'

const jpeg = async (name: string, scene: 'living' | 'kitchen' | 'bedroom', seed: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await roomPhoto(scene, seed, { width: 1200, height: 900, grain: 0 }),
})

async function photosAndPlan() {
  return {
    photos: [
      await jpeg('sala.jpg', 'living', 1),
      await jpeg('cozinha.jpg', 'kitchen', 2),
      await jpeg('quarto.jpg', 'bedroom', 3),
    ],
    plan: { name: 'planta.png', mimeType: 'image/png', buffer: await floorPlan(1) },
  }
}

/** With JavaScript the files upload as soon as they are picked: wait until they are listed. */
async function waitForUploads(page: Page, list: string, count: number, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return
  await expect(page.getByRole('list', { name: list }).getByRole('listitem')).toHaveCount(count)
  await photosSent(page)
}

test('an agent creates a sale apartment with photos and a floor plan, lists, edits and deletes it @nojs', async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  const { photos, plan } = await photosAndPlan()
  await page.goto('/imoveis')
  await expect(page.getByRole('heading', { name: 'Você ainda não cadastrou imóveis' })).toBeVisible()
  await page.getByRole('link', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/novo$/)

  await page.getByLabel('Venda', { exact: true }).check()
  await page.getByLabel('Nome do imóvel').fill('Apartamento 3 quartos nos Jardins')
  await page.getByLabel('Categoria').selectOption({ label: 'Apartamento' })
  await page.getByLabel('Preço de venda').fill('R$ 1.234.567,89')
  await page.getByLabel('Condomínio mensal').fill('1.850,00')
  await page.getByLabel('Área (m²)').fill('98,5')
  await page.getByLabel('Quartos').fill('3')
  await page.getByLabel('Varanda gourmet').check()
  await page.getByLabel('Piscina').check()
  await page.getByLabel('CEP').fill('01310-100')
  await page.getByLabel('Rua').fill('Avenida Paulista')
  await page.getByLabel('Bairro').fill('Bela Vista')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Adicionar fotos').setInputFiles(photos)
  await waitForUploads(page, 'Fotos do imóvel', 3, javaScriptEnabled)
  await page.getByLabel('Adicionar plantas').setInputFiles([plan])
  await waitForUploads(page, 'Plantas do imóvel', 1, javaScriptEnabled)
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByRole('status').getByText('Imóvel cadastrado')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Apartamento 3 quartos nos Jardins' })).toBeVisible()
  await expect(page.getByText('3 fotos · 1 planta')).toBeVisible()
  await expect(page.getByLabel('Preço de venda')).toHaveValue('1.234.567,89')
  const detailUrl = page.url()

  // The list: price as typed, and a WebP thumbnail.
  await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Imóveis' }).click()
  const card = page.getByRole('listitem').filter({ hasText: 'Apartamento 3 quartos nos Jardins' })
  await expect(card.getByText('R$ 1.234.567,89')).toBeVisible()
  await expect(card.getByText('Venda')).toBeVisible()
  await expect(card.getByText('Bela Vista, São Paulo - SP')).toBeVisible()
  const thumbnail = card.getByRole('img')
  await expect(thumbnail).toHaveAttribute('src', /\/uploads\/users\/[^/]+\/homes\/photos\/[0-9a-f]{32}\/w400\.webp$/)
  const src = (await thumbnail.getAttribute('src'))!
  const image = await page.request.get(src)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/webp')
  expect((await image.body()).subarray(8, 12).toString('latin1')).toBe('WEBP')

  // Edit: rename, new price, caption the first photo, remove the last one.
  await page.goto(detailUrl)
  await page.getByLabel('Nome do imóvel').fill('Apartamento reformado nos Jardins')
  await page.getByLabel('Preço de venda').fill('1.190.000')
  await page.getByLabel('Legenda').first().fill('Sala de estar')
  await page.getByLabel('Remover').nth(2).check()
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status').getByText('Imóvel salvo')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Apartamento reformado nos Jardins' })).toBeVisible()
  await expect(page.getByText('R$ 1.190.000,00').first()).toBeVisible()
  await expect(page.getByText('2 fotos · 1 planta')).toBeVisible()
  await expect(page.getByLabel('Legenda').first()).toHaveValue('Sala de estar')

  // Delete, after a confirmation.
  await page.getByRole('link', { name: 'Excluir' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Excluir este imóvel?' })).toBeVisible()
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click()
  await expect(page).toHaveURL(/\/imoveis$/)
  await expect(page.getByRole('status').getByText('Imóvel excluído')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Você ainda não cadastrou imóveis' })).toBeVisible()
  expect((await page.request.get(src)).status()).toBe(404)
})

test('bad input comes back beside each field with what was typed, and nothing is saved @nojs', async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  const photo = await jpeg('fachada.jpg', 'living', 7)
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Casa com quintal')
  await page.getByLabel('Categoria').selectOption({ label: 'Casa' })
  await page.getByLabel('Preço de venda').fill('R$ 750.000,00')
  await page.getByLabel('Área (m²)').fill('-5')
  await page.getByLabel('CEP').fill('123')
  await page.getByLabel('Bairro').fill('Centro')
  await page.getByLabel('Estado').selectOption('MG')
  await page
    .getByLabel('Adicionar fotos')
    .setInputFiles([
      photo,
      { name: 'contrato.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 contrato de locação') },
    ])
  const photoError = 'O arquivo "contrato.jpg" não é uma imagem (envie JPEG, PNG, WebP ou AVIF).'

  if (javaScriptEnabled) {
    // The photo uploads at once; the text file is refused by name; the valid one stays.
    await expect(page.getByText(photoError)).toBeVisible()
    await waitForUploads(page, 'Fotos do imóvel', 1, true)
    await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Cadastrar imóvel' }).click(),
    ])
    expect(response.status()).toBe(400)
    await expect(page.getByText(photoError)).toBeVisible()
  }

  await expect(page.getByLabel('Área (m²)')).toHaveAccessibleDescription(/Deve ser maior ou igual a 0/)
  await expect(page.getByLabel('Cidade', { exact: true })).toHaveAccessibleDescription(/Obrigatório/)
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(/CEP inválido/)
  // Everything typed is still there, the valid photo too.
  await expect(page.getByLabel('Nome do imóvel')).toHaveValue('Casa com quintal')
  await expect(page.getByLabel('Preço de venda')).toHaveValue(javaScriptEnabled ? '750.000,00' : 'R$ 750.000,00')
  await expect(page.getByLabel('Área (m²)')).toHaveValue('-5')
  await expect(page.getByLabel('Bairro')).toHaveValue('Centro')
  await expect(page.getByLabel('Estado')).toHaveValue('MG')
  await expect(page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')).toHaveCount(1)

  // Nothing was written.
  await page.goto('/imoveis')
  await expect(page.getByRole('heading', { name: 'Você ainda não cadastrou imóveis' })).toBeVisible()
})

test('a property can carry its own brand instead of the account one @nojs', async ({ signedInPage: page }) => {
  const logo = await roomPhoto('facade', 30, { width: 300, height: 300, grain: 0 })
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Lançamento com marca própria')
  await page.getByLabel('CEP').fill('80240-000')
  await page.getByLabel('Bairro').fill('Batel')
  await page.getByLabel('Cidade', { exact: true }).fill('Curitiba')
  await page.getByLabel('Estado').selectOption('PR')
  await expect(page.getByLabel('Usar uma marca própria neste imóvel')).not.toBeChecked()
  await page.getByLabel('Usar uma marca própria neste imóvel').check()
  await page.getByLabel('Enviar logo').setInputFiles([{ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo }])
  await page.getByLabel('Cor principal').fill('#0a5c36')
  await page.getByLabel('Fonte').selectOption('Playfair Display')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByLabel('Usar uma marca própria neste imóvel')).toBeChecked()
  await expect(page.getByLabel('Cor principal')).toHaveValue('#0a5c36')
  await expect(page.getByLabel('Fonte')).toHaveValue('Playfair Display')
  const src = (await page.getByRole('img', { name: 'Logo atual' }).getAttribute('src'))!
  expect((await page.request.get(src)).headers()['content-type']).toBe('image/jpeg')
})

test('the list kept in memory (ADR 201) is never behind: a property renamed and a plan bought show on the next visit', async ({
  signedInPage: page,
}) => {
  const id = await createHome(page.request, { ...ITAIM_APARTMENT, name: 'Cobertura para alugar' }, { photos: 1 })
  const visit = async () => {
    const response = (await page.goto('/imoveis'))!
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1] ?? ''
    const inPage = [...(await response.text()).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
    expect(new Set(inPage)).toEqual(new Set([nonce]))
    return nonce
  }
  // The second visit is kept and the next come from memory, each with a nonce of its own (a
  // stale one would have the policy block the page's scripts: a console error fails the test).
  const nonces = new Set([await visit(), await visit(), await visit(), await visit()])
  expect(nonces.size).toBe(4)
  await expect(page.getByRole('listitem').filter({ hasText: 'Cobertura para alugar' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Assinar', exact: true })).toBeVisible()

  await page.goto(`/imoveis/${id}`)
  await page.getByLabel('Nome do imóvel').fill('Cobertura reformada')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status').getByText('Imóvel salvo')).toBeVisible()
  await visit()
  await expect(page.getByRole('listitem').filter({ hasText: 'Cobertura reformada' })).toBeVisible()
  await expect(page.getByText('Cobertura para alugar')).toHaveCount(0)

  // The plan, written as Stripe's webhook writes it (here by the demo checkout).
  const paid = await page.request.post('/plano/pagamento-demo', {
    form: { lookupKey: 'corretor_mensal' },
    maxRedirects: 0,
  })
  expect(paid.status()).toBe(302)
  await visit()
  await expect(page.getByRole('link', { name: 'Assinar', exact: true })).toHaveCount(0)
})
