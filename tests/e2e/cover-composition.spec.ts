// The agent switches a post's cover layout ("Capa"): thumbnails of the post in each layout, one
// plain form, so it works with JavaScript off too.
import sharp from 'sharp'
import { COMPOSITIONS, COMPOSITION_IDS } from '~/domain/compositions'
import { expect, generateFeedPost, signUpAndLogin, test } from './fixtures'

test('the agent switches the cover layout from its thumbnails; another account gets 404 @nojs', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  await generateFeedPost(page)

  const preview = page.getByRole('img', { name: /^(Imagem do post|Slide 1 de \d+)$/ })
  const imageBefore = await page.request.get((await preview.getAttribute('src'))!)
  expect(imageBefore.ok()).toBe(true)
  const bytesBefore = await imageBefore.body()

  const capa = page.getByRole('region', { name: 'Capa' })
  await expect(capa).toBeVisible()
  const layouts = capa.getByRole('list', { name: 'Layouts da capa' })
  const buttons = layouts.getByRole('button')
  // A listing for sale offers every layout but the ones only a closed deal or a visit can say.
  const offered = COMPOSITION_IDS.filter((id) => !COMPOSITIONS[id].only)
  await expect(buttons).toHaveCount(offered.length)
  await expect(layouts.getByRole('button', { name: /^Carimbo/ })).toHaveCount(0)
  await expect(layouts.getByRole('button', { name: /^Convite com data/ })).toHaveCount(0)
  const current = layouts.getByRole('button', { pressed: true })
  await expect(current).toHaveCount(1)
  await expect(current).toContainText('Em uso')
  const currentName = (await current.textContent())!.replace('Em uso', '').trim()

  // Every thumbnail (decorative: the button's text names the layout) is a real image of the post.
  const thumbnails = layouts.locator('img')
  await expect(thumbnails).toHaveCount(offered.length)
  const sources = await Promise.all((await thumbnails.all()).map(async (image) => (await image.getAttribute('src'))!))
  let thumbnailUrl = ''
  for (const src of sources) {
    const response = await page.request.get(src)
    expect(response.status(), src).toBe(200)
    expect(response.headers()['content-type']).toBe('image/webp')
    const meta = await sharp(await response.body()).metadata()
    expect(meta.width).toBeGreaterThan(0)
    thumbnailUrl = src
  }
  if (testInfo.project.use.javaScriptEnabled !== false) {
    for (const thumbnail of await thumbnails.all()) {
      await thumbnail.scrollIntoViewIfNeeded()
      await expect
        .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0)
    }
  }

  // Choose another layout: the page comes back with it marked as in use, and the post redrawn.
  const chosen = currentName === 'Tela dividida' ? 'Foto emoldurada' : 'Tela dividida'
  await layouts.getByRole('button', { name: new RegExp(`^${chosen}`) }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  const nowCurrent = layouts.getByRole('button', { pressed: true })
  await expect(nowCurrent).toContainText(chosen)
  await expect(nowCurrent).toContainText('Em uso')
  await expect(layouts.getByRole('button', { name: new RegExp(`^${currentName}`) })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  const imageAfter = await page.request.get((await preview.getAttribute('src'))!)
  expect(imageAfter.ok()).toBe(true)
  expect(Buffer.compare(await imageAfter.body(), bytesBefore)).not.toBe(0)

  // A forced "Carimbo" on a listing still for sale is refused: it would stamp it "Vendido".
  const postId = new URL(page.url()).searchParams.get('post')!
  const forced = await page.request.post(new URL(page.url()).pathname, {
    form: { _post: postId, _intent: 'composition:stamp' },
    maxRedirects: 0,
  })
  expect(forced.status()).toBe(400)
  await page.reload()
  await expect(layouts.getByRole('button', { pressed: true })).toContainText(chosen)

  // Another account asking for this post's thumbnail gets 404.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await signUpAndLogin(other)
  const stranger = await other.request.get(thumbnailUrl)
  expect(stranger.status()).toBe(404)
  await otherContext.close()
})
