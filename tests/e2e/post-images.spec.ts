// The public post page and its images: a carousel generated from the seeded apartment, opened by
// someone who is not signed in, its slides drawn by the same layouts as the PNGs, the image
// endpoint with its ETag, and the downloads (single PNG, Carousel.zip). Tests tagged @nojs also
// run with JavaScript disabled.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import JSZip from 'jszip'
import sharp from 'sharp'
import { expect, signUpWithApartment, test } from './fixtures'

/** Generates a carousel as the demo agent and returns the public id its "Ver post" link carries. */
async function generateCarousel(browser: Browser): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUpWithApartment(page)
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
  const href = await page.getByRole('link', { name: 'Ver post' }).getAttribute('href')
  await context.close()
  // ADR 141: the public address carries an unguessable id, never the post's serial number.
  expect(href).toMatch(/^\/posts\/[0-9a-f]{40}$/)
  return href!.split('/').pop()!
}

let postId: string

test.beforeAll(async ({ browser }) => {
  postId = await generateCarousel(browser)
})

test('a post is not reachable by its serial number @nojs', async ({ request }) => {
  for (const path of [
    '/posts/1',
    '/imagens/post/1',
    '/posts/1/baixar',
    '/posts/1/carrossel',
    '/imagens/post/1?slide=0',
  ])
    expect((await request.get(path)).status(), path).toBe(404)
  expect((await request.get(`/posts/${postId}`)).status()).toBe(200)
})

async function openPost(page: Page) {
  const response = await page.goto(`/posts/${postId}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: /Itaim Bibi/ })).toBeVisible()
}

test('anyone with the link sees the slides, the caption and the downloads @nojs', async ({ page }) => {
  await openPost(page)
  const images = page.getByRole('list', { name: 'Imagens do post' }).getByRole('listitem')
  const count = await images.count()
  expect(count).toBeGreaterThanOrEqual(4)
  await expect(page.getByRole('img', { name: `Imagem 1 de ${count}` })).toBeVisible()
  // The cover draws the price band with the price, as on the PNG.
  await expect(
    page
      .getByRole('img', { name: `Imagem 1 de ${count}` })
      .getByText(/R\$ \d/)
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Legenda' })).toBeVisible()
  await expect(page.getByText(/#\p{L}+/u).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Baixar imagem (PNG)' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Baixar JPEG' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Baixar carrossel (.zip)' })).toBeVisible()
  // The photos on the page load (signed links of the owner's files).
  const broken = await page.locator('[data-slide-frame] img').evaluateAll((imgs) =>
    Promise.all(
      imgs.map(
        (img) =>
          new Promise<boolean>((resolve) => {
            const image = img as HTMLImageElement
            image.loading = 'eager'
            if (image.complete) resolve(image.naturalWidth === 0)
            else {
              image.onload = () => resolve(false)
              image.onerror = () => resolve(true)
            }
          }),
      ),
    ),
  )
  expect(broken.length).toBeGreaterThan(0)
  expect(broken.filter(Boolean)).toHaveLength(0)
})

test('Carousel.zip holds slide-1.png and the visible slides, each a PNG of the carousel size', async ({ page }) => {
  await openPost(page)
  const count = await page.getByRole('list', { name: 'Imagens do post' }).getByRole('listitem').count()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar carrossel (.zip)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Carousel.zip')
  const zip = await JSZip.loadAsync(await readFile((await download.path())!))
  const names = Object.keys(zip.files)
  expect(names).toEqual(Array.from({ length: count }, (_, i) => `slide-${i + 1}.png`))
  for (const name of names) {
    const meta = await sharp(await zip.file(name)!.async('nodebuffer')).metadata()
    expect([meta.format, meta.width, meta.height], name).toEqual(['png', 1080, 1350])
  }
})

test('the single download is post-{template}-{id}.png', async ({ page }) => {
  await openPost(page)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar imagem (PNG)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(new RegExp(`^post-[a-z0-9-]+-\\d+\\.png$`))
  const meta = await sharp(await readFile((await download.path())!)).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1350])
})

test('the image endpoint answers PNG or JPEG with an ETag, and 304 while the post is unchanged', async ({
  request,
}) => {
  const png = await request.get(`/imagens/post/${postId}?slide=0`)
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toBe('image/png')
  const etag = png.headers()['etag']!
  expect(etag).toBeTruthy()
  const again = await request.get(`/imagens/post/${postId}?slide=0`, { headers: { 'if-none-match': etag } })
  expect(again.status()).toBe(304)
  const jpeg = await request.get(`/imagens/post/${postId}?slide=0&format=jpeg`)
  expect(jpeg.headers()['content-type']).toBe('image/jpeg')
  expect((await sharp(await jpeg.body()).metadata()).format).toBe('jpeg')
  expect((await request.get(`/imagens/post/${postId}?slide=99`)).status()).toBe(404)
  expect((await request.get(`/imagens/post/${postId}?slide=abc`)).status()).toBe(404)
})

test('an unknown or malformed post is a 404 @nojs', async ({ page }) => {
  const response = await page.goto('/posts/abc')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page Not Found: /posts/abc')).toBeVisible()
  expect((await page.goto('/posts/999999'))?.status()).toBe(404)
})

test('with JavaScript, a phone that can share gets a share button that shares every slide as JPEG', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const calls: unknown[] = []
    Object.assign(window, { __shares: calls })
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true })
    // Each shared file as [name, type, its bytes as a data: URL], to be opened below.
    const dataUrl = (file: File) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as string)
        reader.readAsDataURL(file)
      })
    Object.defineProperty(navigator, 'share', {
      value: async (data: { files?: File[] }) =>
        void calls.push(await Promise.all((data.files ?? []).map(async (f) => [f.name, f.type, await dataUrl(f)]))),
      configurable: true,
    })
  })
  await openPost(page)
  const count = await page.getByRole('list', { name: 'Imagens do post' }).getByRole('listitem').count()
  await page.getByRole('button', { name: 'Compartilhar' }).click()
  const shares = () => page.evaluate(() => (window as unknown as { __shares: [string, string, string][][] }).__shares)
  await expect.poll(async () => (await shares()).length).toBe(1)
  const [files] = await shares()
  // Every image of the carousel, in order, as files Instagram takes: JPEGs of the slides (ADR 175).
  expect(files!.map(([name, type]) => [name, type])).toEqual(
    Array.from({ length: count }, (_, i) => [`slide-${i + 1}.jpg`, 'image/jpeg']),
  )
  for (const [name, , url] of files!) {
    const meta = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')).metadata()
    expect([meta.format, meta.width, meta.height], name).toEqual(['jpeg', 1080, 1350])
  }
})

test('without Web Share (or without JavaScript) there is no share button @nojs', async ({ page }) => {
  await openPost(page)
  await expect(page.getByRole('link', { name: 'Baixar imagem (PNG)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Compartilhar' })).toHaveCount(0)
})
