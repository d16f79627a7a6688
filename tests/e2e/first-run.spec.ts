// First run (ADR 181/182/215): /login shows a first visitor what Vitrine makes with the
// form still on the first screen of a phone; a new account lands home (/), where the first
// steps lead to the brand; the checklist ticks itself from the data and shows recent work.
import sharp from 'sharp'
import { expect, register, signUpWithApartment, test } from './fixtures'
import { ITAIM_APARTMENT } from './support/homes'

test('/login shows three sample posts and keeps the form on the first screen of a 390 px phone @nojs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/login')
  const intro = page.getByRole('region', { name: 'O que a Vitrine faz' })
  await expect(intro).toContainText('Posts de imóveis prontos para o Instagram')
  const samples = intro.getByRole('img')
  await expect(samples).toHaveCount(3)
  for (const img of await samples.all()) {
    await expect(img).toHaveAttribute('alt', /^Exemplo de post/)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
  }
  // The form's own fields start within the first screen (the cookie banner aside).
  const email = (await page.getByLabel('E-mail').boundingBox())!
  expect(email.y + email.height).toBeLessThanOrEqual(844)
})

test('after sign-up without a plan the agent lands home; the first steps lead to the brand, saved and ticked @nojs', async ({
  page,
}) => {
  await register(page)
  // No plan, no redirectTo: the home page, not a detour through the brand step.
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible()
  const checklist = page.getByRole('region', { name: 'Primeiros passos' })
  await expect(checklist).toContainText('0 de 4')
  await checklist.getByRole('link', { name: /^Sua marca \(a fazer\)/ }).click()
  await expect(page).toHaveURL(/\/boas-vindas$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sua marca' })).toBeVisible()
  await page.getByLabel('CRECI').fill('12345-F')
  await page.getByLabel('Instagram').fill('ana.imoveis')
  await page.getByRole('button', { name: 'Salvar e continuar' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status').getByText('Marca salva')).toBeVisible()
  await expect(checklist).toContainText('1 de 4')
  await expect(checklist.getByText('Sua marca (feito)')).toBeAttached()
  await expect(checklist.getByRole('link', { name: /^Primeiro imóvel \(a fazer\)/ })).toBeVisible()
  // The brand is the account's: the account area shows what was typed.
  await page.goto('/minha-conta/marca')
  await expect(page.getByLabel('CRECI')).toHaveValue('12345-F')
})

test('"Voltar ao início" leaves the brand step with the brand still to do @nojs', async ({ signedInPage: page }) => {
  await page.goto('/')
  const checklist = page.getByRole('region', { name: 'Primeiros passos' })
  await checklist.getByRole('link', { name: /^Sua marca \(a fazer\)/ }).click()
  await expect(page).toHaveURL(/\/boas-vindas$/)
  await page.getByRole('link', { name: 'Voltar ao início' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(checklist).toContainText('0 de 4')
})

test('the checklist ticks the property and the post, and the home page shows them', async ({ page }) => {
  await signUpWithApartment(page)
  await page.goto('/')
  const checklist = page.getByRole('region', { name: 'Primeiros passos' })
  await expect(checklist).toContainText('1 de 4')
  await expect(checklist.getByText('Primeiro imóvel (feito)')).toBeAttached()
  const homes = page.getByRole('region', { name: 'Imóveis recentes' })
  await expect(homes.getByRole('link', { name: ITAIM_APARTMENT.name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Posts recentes' })).toHaveCount(0)

  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .click()
  const picker = page.getByLabel('Imóvel')
  const option = picker.locator('option').filter({ hasText: /Itaim Bibi/ })
  await picker.selectOption((await option.getAttribute('value'))!)
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/)

  await page.goto('/')
  await expect(checklist).toContainText('2 de 4')
  await expect(checklist.getByText('Primeiro post (feito)')).toBeAttached()
  const posts = page.getByRole('region', { name: 'Posts recentes' })
  await expect(posts.getByRole('link', { name: /Carrossel do imóvel à venda/ })).toBeVisible()

  // The free plan does not schedule: the last step is one it allows, downloading the post.
  const last = checklist.getByRole('link', { name: /^Baixar e postar \(a fazer\)/ })
  await expect(last).toContainText('Agendar publicações faz parte dos planos pagos.')
  await expect(checklist.getByText('Agendar', { exact: true })).toHaveCount(0)
  await last.click()
  await expect(page).toHaveURL(/\/posts\/[\w-]+$/)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar carrossel (.zip)' }).click()
  await download
  await page.goto('/')
  await expect(checklist).toContainText('3 de 4')
  await expect(checklist.getByText('Baixar e postar (feito)')).toBeAttached()
})

test('choosing a logo on the brand step redraws the preview before it is saved', async ({ signedInPage: page }) => {
  await page.goto('/boas-vindas')
  const preview = page.getByRole('img', { name: 'Prévia de um post com a sua marca' })
  const before = await preview.getAttribute('src')
  const logo = await sharp({
    create: { width: 240, height: 240, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: Buffer.from('<svg width="240" height="240"><circle cx="120" cy="120" r="90" fill="#b91c1c"/></svg>'),
      },
    ])
    .png()
    .toBuffer()
  await page
    .getByLabel('Logotipo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expect(preview).not.toHaveAttribute('src', before!)
  await expect(preview).toHaveAttribute('src', /^blob:/)
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080)
  // Saved: the toast says the flat background was removed, since it was.
  await page.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(page.getByRole('status').getByText('Removemos o fundo liso do logotipo.')).toBeVisible()
})
