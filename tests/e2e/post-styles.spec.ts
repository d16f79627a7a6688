// Issue 15: the agent picks a visual style per post ("Estilo"), with or without JavaScript, and
// the post's image is drawn in it.
import sharp from 'sharp'
import { expect, signUpWithApartment, test } from './fixtures'

test('a feed post drawn in the minimalist style: the photo framed in white @nojs', async ({ page }) => {
  await signUpWithApartment(page)
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Post de venda para o feed/ })
    .first()
    .click()
  const picker = page.getByLabel('Imóvel')
  const value = await picker
    .locator('option')
    .filter({ hasText: /Itaim Bibi/ })
    .getAttribute('value')
  await picker.selectOption(value!)
  const style = page.getByLabel('Estilo')
  await expect(style).toHaveValue('classico')
  await style.selectOption({ label: 'Minimalista' })
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  await expect(page.getByText('Post gerado')).toBeVisible()

  // The result shows the post first, large (the editor waits behind "Editar slides e legenda").
  const preview = page.getByRole('img', { name: /^(Imagem do post|Slide 1 de \d+)$/ })
  await preview.scrollIntoViewIfNeeded()
  const src = await preview.getAttribute('src')
  const response = await page.request.get(src!)
  expect(response.ok()).toBe(true)
  // The minimalist cover frames the photo in white: the image's corner is white.
  const { data, info } = await sharp(await response.body())
    .raw()
    .toBuffer({ resolveWithObject: true })
  const corner = [...data.subarray(0, info.channels).values()].slice(0, 3)
  expect(Math.min(...corner)).toBeGreaterThan(240)
})
