// The agent picks a visual style per post ("Estilo", ADR 160), with or without JavaScript, and
// the post's image is drawn in it.
import sharp from 'sharp'
import { expect, generateFeedPost, test } from './fixtures'

test('a feed post drawn in the minimalist style: the photo framed in white @nojs', async ({ page }) => {
  await generateFeedPost(page, { style: 'Minimalista' })
  // The cover's layout is the template's own; the style draws whichever layout is chosen. In
  // "Foto emoldurada", the minimalist style frames the photo in white.
  const layouts = page.getByRole('region', { name: 'Capa' }).getByRole('list', { name: 'Layouts da capa' })
  await layouts.getByRole('button', { name: /^Foto emoldurada/ }).click()
  await expect(layouts.getByRole('button', { pressed: true })).toContainText('Foto emoldurada')

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
