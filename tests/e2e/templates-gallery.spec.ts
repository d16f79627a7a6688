// The gallery you can see (ADR 173: each template card on /modelos shows its picture, from the
// chosen property or a sample), the result page that shows the post first, and the hand-off to
// Instagram (every slide shared as files with the caption copied, or saved one by one).
// Tests tagged @nojs also run with JavaScript disabled.
import type { Page } from '@playwright/test'
import { expect, signUpAndLogin, signUpWithApartment, test } from './fixtures'

const PHONE = { width: 390, height: 844 }

/** Every picture on the page once scrolled to (lazy ones included), with its natural width. */
async function loadedWidths(page: Page, selector: string) {
  const images = page.locator(selector)
  const count = await images.count()
  const widths: number[] = []
  for (let i = 0; i < count; i++) {
    const image = images.nth(i)
    await image.scrollIntoViewIfNeeded()
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    widths.push(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
  }
  return widths
}

test('/modelos shows a picture of every template, small, lazy below the fold and cached @nojs', async ({
  page,
  signedInPage: _,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/modelos')
  await expect(page.getByText('As prévias usam um imóvel de exemplo.')).toBeVisible()
  const cards = page.locator('main li a[href^="/modelos/"]')
  const total = await cards.count()
  expect(total).toBeGreaterThanOrEqual(15)
  // Every card has its picture, with its size set (nothing shifts) and the first ones eager.
  for (let i = 0; i < total; i++) {
    const image = cards.nth(i).getByRole('img', { name: /^Prévia: / })
    await expect(image).toHaveCount(1)
    await expect(image).toHaveAttribute('width', '360')
    await expect(image).toHaveAttribute('height', /^\d{3}$/)
    await expect(image).toHaveAttribute('loading', i < 4 ? 'eager' : 'lazy')
  }
  const widths = await loadedWidths(page, 'main li a[href^="/modelos/"] img')
  expect(widths).toHaveLength(total)
  for (const width of widths) expect(width).toBe(360)

  // Small and cached: a WebP of a few KB, kept a day at its versioned address, 304 after.
  const sources = await page.locator('main li a img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')!))
  let bytes = 0
  for (const src of sources) {
    const response = await page.request.get(src)
    expect(response.headers()['content-type']).toBe('image/webp')
    bytes += (await response.body()).byteLength
  }
  // The page-weight budget of the pictures: under 40 KB each on average.
  expect(bytes).toBeLessThan(sources.length * 40 * 1024)
  const first = await page.request.get(sources[0]!)
  expect(first.headers()['cache-control']).toContain('max-age=86400')
  const again = await page.request.get(sources[0]!, { headers: { 'if-none-match': first.headers().etag! } })
  expect(again.status()).toBe(304)
})

test('coming from a property, the pictures are drawn from it and the page says which @nojs', async ({
  page,
  browser,
}) => {
  const { homeId } = await signUpWithApartment(page)
  await page.goto(`/modelos?imovel=${homeId}`)
  await expect(page.getByText(/Modelos para o imóvel .*Itaim Bibi/)).toBeVisible()
  const card = page.getByRole('link', { name: /Carrossel do imóvel à venda/ }).first()
  const image = card.getByRole('img')
  await expect(image).toHaveAttribute('src', new RegExp(`imovel=${homeId}`))
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // The property's own photo makes a different picture from the sample's.
  const own = await (await page.request.get((await image.getAttribute('src'))!)).body()
  await page.getByRole('link', { name: 'Usar o imóvel de exemplo' }).click()
  await expect(page.getByText('As prévias usam um imóvel de exemplo.')).toBeVisible()
  const sampleSrc = (await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .getByRole('img')
    .getAttribute('src'))!
  expect(sampleSrc).not.toContain('imovel=')
  const sample = await (await page.request.get(sampleSrc)).body()
  expect(Buffer.compare(own, sample)).not.toBe(0)

  // Someone else's property: the page ignores it, its picture address is a 404.
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await signUpAndLogin(stranger)
  await stranger.goto(`/modelos?imovel=${homeId}`)
  await expect(stranger.getByText('As prévias usam um imóvel de exemplo.')).toBeVisible()
  await expect(stranger.locator(`img[src*="imovel=${homeId}"]`)).toHaveCount(0)
  const templateId = (await card.getAttribute('href'))!.match(/\/modelos\/(\d+)/)![1]
  expect((await stranger.request.get(`/modelos/${templateId}/previa.webp?imovel=${homeId}`)).status()).toBe(404)
  await other.close()
})

async function generateCarousel(page: Page) {
  const { homeId } = await signUpWithApartment(page)
  await page.goto(`/modelos?imovel=${homeId}`)
  await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/)
  // Without JavaScript the result page may still be streaming in: let it finish.
  await page.waitForLoadState('load')
  await expect(page.getByRole('img', { name: /^Slide 1 de \d+$/ })).toBeVisible()
}

test('after "Gerar post" the slides come first, large and swipeable, the editor one tap away @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE)
  await generateCarousel(page)
  // The first slide says how many there are; without JavaScript the rest of the list may still
  // be arriving, so wait for all of them rather than counting what has been parsed so far.
  const first = page.getByRole('img', { name: /^Slide 1 de \d+$/ })
  const count = Number((await first.getAttribute('alt'))!.match(/de (\d+)$/)![1])
  expect(count).toBeGreaterThanOrEqual(4)
  const slides = page.getByRole('list', { name: 'Prévia dos slides' }).getByRole('listitem')
  await expect(slides).toHaveCount(count)
  // Large: most of a phone's width; swipeable: a row that scrolls sideways, snapping.
  expect((await first.boundingBox())!.width).toBeGreaterThan(300)
  const strip = page.getByRole('list', { name: 'Prévia dos slides' })
  expect(await strip.evaluate((list) => getComputedStyle(list).scrollSnapType)).toContain('x mandatory')
  expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true)
  await loadedWidths(page, 'ol[aria-label="Prévia dos slides"] img')

  // The caption is text on the page; the editor's fields wait behind "Editar".
  await expect(page.getByText(/#\p{L}+/u).first()).toBeVisible()
  await expect(page.getByLabel('Título do slide 1', { exact: true })).toBeHidden()
  await expect(page.getByRole('link', { name: 'Baixar carrossel (.zip)' })).toHaveAttribute('download', 'Carousel.zip')
  if (javaScriptEnabled) {
    await expect(page.getByRole('button', { name: 'Baixar todas as imagens' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copiar legenda' })).toBeVisible()
  }
  // Every download action is at least 44 px tall.
  const heights = await page
    .locator('a[download], button:has-text("Baixar"), button:has-text("Compartilhar")')
    .evaluateAll((els) =>
      els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.getBoundingClientRect().height),
    )
  expect(heights.length).toBeGreaterThanOrEqual(count + 1)
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44)

  await page.getByText('Editar slides e legenda').click()
  await expect(page.getByLabel('Título do slide 1', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Legenda')).toBeVisible()
})

test('"Compartilhar" copies the caption, then shares every slide as files', async ({ page }) => {
  await page.addInitScript(() => {
    const log: Array<{ kind: string; value: unknown }> = []
    Object.assign(window, { __handOff: log })
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => Boolean(data.files?.length),
    })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        log.push({
          kind: 'share',
          value: (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size })),
        })
      },
    })
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void log.push({ kind: 'clipboard', value: text }) },
    })
  })
  await generateCarousel(page)
  const count = await page.getByRole('list', { name: 'Prévia dos slides' }).getByRole('listitem').count()
  await page.getByRole('button', { name: 'Compartilhar' }).click()
  await expect(page.getByText('Legenda copiada: cole no Instagram.')).toBeVisible()
  const read = () =>
    page.evaluate(() => (window as unknown as { __handOff: unknown[] }).__handOff) as Promise<
      Array<{ kind: string; value: unknown }>
    >
  // The share sheet opens once the slides are fetched.
  await expect.poll(async () => (await read()).length).toBe(2)
  const log = await read()
  expect(log.map((entry) => entry.kind)).toEqual(['clipboard', 'share'])
  expect(log[0]!.value).toMatch(/Itaim Bibi/)
  const files = log[1]!.value as Array<{ name: string; type: string; size: number }>
  expect(files.map((file) => file.name)).toEqual(Array.from({ length: count }, (_, i) => `slide-${i + 1}.jpg`))
  for (const file of files) {
    expect(file.type).toBe('image/jpeg')
    expect(file.size).toBeGreaterThan(10_000)
  }
})

test('where files can be shared, the slides arrive with the page, so the tap shares even with the network gone', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.assign(window, { __shared: [] })
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => Boolean(data.files?.length),
    })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) =>
        void (window as unknown as { __shared: number[] }).__shared.push(data.files?.length ?? 0),
    })
  })
  // The page's own fetches of the slides (not the <img> loads of the preview).
  const fetched = new Set<string>()
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'fetch' && request.url().includes('/imagens/post/')) fetched.add(request.url())
  })
  await generateCarousel(page)
  const alt = (await page.getByRole('img', { name: /^Slide 1 de \d+$/ }).getAttribute('alt'))!
  const count = Number(alt.match(/de (\d+)$/)![1])
  await expect.poll(() => fetched.size, { timeout: 30_000 }).toBe(count)
  // A slow phone loses the tap's permission to share while it downloads: nothing may be fetched now.
  await page.route(/\/imagens\/post\//, (route) => route.abort())
  await page.getByRole('button', { name: 'Compartilhar' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: number[] }).__shared)).toEqual([count])
  await expect(page.getByText('Não foi possível baixar as imagens. Tente de novo.')).toHaveCount(0)
})

test('where files cannot be shared, "Baixar todas as imagens" saves each slide; the post page offers the same', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined })
  })
  await generateCarousel(page)
  const count = await page.getByRole('list', { name: 'Prévia dos slides' }).getByRole('listitem').count()
  await expect(page.getByRole('button', { name: 'Compartilhar' })).toHaveCount(0)
  const saved: string[] = []
  page.on('download', (download) => saved.push(download.suggestedFilename()))
  await page.getByRole('button', { name: 'Baixar todas as imagens' }).click()
  await expect(page.getByText(`${count} imagens salvas.`)).toBeVisible()
  await expect.poll(() => saved.length).toBe(count)
  expect(saved).toEqual(Array.from({ length: count }, (_, i) => `slide-${i + 1}.jpg`))

  await page.getByRole('link', { name: 'Ver post' }).click()
  await expect(page.getByRole('button', { name: 'Baixar todas as imagens' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Copiar legenda' })).toBeVisible()
})
