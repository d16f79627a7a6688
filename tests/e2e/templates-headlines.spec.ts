// The copywriter's "Títulos sugeridos" (ADR 165: pick one and it is the post's cover title),
// and the photo guard rail (a photo template for a property without photos says so, offers
// the text templates, and is refused by the server). Tagged @nojs: plain forms, no JavaScript.
import type { Page } from '@playwright/test'
import { expect, signUpWithApartment, test } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'

async function openTemplate(page: Page, name: string) {
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function chooseHome(page: Page, homeId: number) {
  await page.getByLabel('Imóvel').selectOption(String(homeId))
}

test('the second suggested headline becomes the cover title, on the editor and on the post @nojs', async ({ page }) => {
  const { homeId } = await signUpWithApartment(page)
  await openTemplate(page, 'Carrossel do imóvel à venda')
  await chooseHome(page, homeId)
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/)

  const options = page.getByRole('list', { name: 'Títulos sugeridos' }).getByRole('listitem')
  await expect(options).toHaveCount(3)
  const texts = (await options.allInnerTexts()).map((text) => text.split('\n')[0]!.trim())
  expect(new Set(texts).size).toBe(3)
  for (const text of texts) expect(text).not.toMatch(/Espaço para viver bem/)
  // The seeded apartment's leisure and its gourmet balcony, not lines that fit any property.
  expect(texts.join(' | ')).toMatch(/Piscina|piscina|varanda gourmet|suítes/)
  const second = texts[1]!
  await expect(page.getByLabel('Título do slide 1', { exact: true })).not.toHaveValue(second)

  await page.getByRole('button', { name: 'Usar este título (2)' }).click()
  await expect(page.getByText('Título aplicado')).toBeVisible()
  await expect(page.getByLabel('Título do slide 1', { exact: true })).toHaveValue(second)
  await expect(options.nth(1)).toContainText('Na capa')

  // The post itself shows it: its first image (the cover) carries the new title.
  await page.getByRole('link', { name: 'Ver post' }).click()
  await expect(page.getByRole('img', { name: /^Imagem 1 de/ })).toContainText(second)
})

test('a photo template for a property without photos says so, offers the text templates and is refused @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  await signUpWithApartment(page)
  const bareId = await createHome(
    page.request,
    { ...ITAIM_APARTMENT, name: 'Apartamento ainda sem fotos' },
    { photos: 0 },
  )
  await openTemplate(page, 'Post de venda para o feed')
  await chooseHome(page, bareId)
  const notice = page.getByRole('status').filter({ hasText: 'Este imóvel ainda não tem fotos' })
  // With JavaScript it says so as soon as the property is chosen, before generating.
  if (javaScriptEnabled) await expect(notice).toBeVisible()

  const response = page.waitForResponse((res) => res.request().method() === 'POST')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  expect((await response).status()).toBe(400)
  await expect(page).not.toHaveURL(/\?post=/)
  await expect(notice).toBeVisible()
  await expect(page.getByLabel('Imóvel')).toHaveValue(String(bareId))
  await expect(notice.getByRole('link', { name: 'Adicionar fotos a este imóvel' })).toHaveAttribute(
    'href',
    `/imoveis/${bareId}#fotos`,
  )

  // The text templates, with the property already chosen.
  await notice
    .getByRole('navigation', { name: 'Modelos só de texto' })
    .getByRole('link', { name: 'Guia do bairro' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Guia do bairro' })).toBeVisible()
  await expect(page.getByLabel('Imóvel')).toHaveValue(String(bareId))
  await expect(page.getByText('Este imóvel ainda não tem fotos')).toHaveCount(0)

  // No post was made.
  await page.goto('/modelos/historico')
  await expect(page.getByText('Você ainda não gerou nenhum post.')).toBeVisible()
})

test('opened from a photo-less property (?imovel=), the warning is there before any click @nojs', async ({ page }) => {
  await signUpWithApartment(page)
  const bareId = await createHome(page.request, { ...ITAIM_APARTMENT, name: 'Outro sem fotos' }, { photos: 0 })
  await openTemplate(page, 'Carrossel do imóvel à venda')
  await page.goto(`${new URL(page.url()).pathname}?imovel=${bareId}`)
  await expect(page.getByRole('status').filter({ hasText: 'Este imóvel ainda não tem fotos' })).toBeVisible()
})
