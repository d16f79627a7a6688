// With JavaScript, photos upload as soon as they are picked, made phone-sized in the browser,
// and the form never saves a property without them: a tap on "Cadastrar imóvel" while they are
// on their way waits for them ("Aguardando as fotos…"), a failed one offers "Tentar de novo"
// and holds the save until it is sent or discarded. (The plain multipart post without
// JavaScript is homes-crud.spec.ts's @nojs test.)
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { expect, test } from './fixtures'

const jpeg = async (name: string, scene: 'living' | 'kitchen' | 'bedroom', seed: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await roomPhoto(scene, seed, { width: 1200, height: 900, grain: 0 }),
})

async function fillRequired(page: Page, name: string) {
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill(name)
  await page.getByLabel('CEP').fill('04534-011')
  await page.getByLabel('Bairro').fill('Itaim Bibi')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
}

const photoList = (page: Page) => page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')

test('tapping "Cadastrar imóvel" while 3 photos upload waits for them and saves all 3', async ({
  signedInPage: page,
}) => {
  await fillRequired(page, 'Casa com três fotos')
  // The uploads are held until the test lets them go: a slow uplink that never ends by itself.
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/imoveis/fotos', async (route) => {
    await gate
    await route.continue()
  })
  await page
    .getByLabel('Adicionar fotos')
    .setInputFiles([
      await jpeg('sala.jpg', 'living', 31),
      await jpeg('cozinha.jpg', 'kitchen', 32),
      await jpeg('quarto.jpg', 'bedroom', 33),
    ])
  await expect(page.getByRole('status').filter({ hasText: 'Enviando 1 de 3 fotos…' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Envio de sala.jpg' })).toBeVisible()
  // Each card on its way shows a thumbnail made with the resize (480 px wide), never the picked
  // 1,200 × 900 original: ten phone photos would otherwise hold ≈ 0.5 GB of pixels in the page.
  // (Decorative, alt="": no role to find them by.)
  await expect
    .poll(() =>
      photoList(page)
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
    )
    .toEqual([480, 480, 480])

  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page.getByRole('button', { name: 'Aguardando as fotos…' })).toBeVisible()
  await expect(page).toHaveURL(/\/imoveis\/novo$/)

  release()
  // Three photos through sharp, then the save: slower than the default wait on a busy machine.
  await expect(page).toHaveURL(/\/imoveis\/\d+$/, { timeout: 60_000 })
  await expect(page.getByRole('status').getByText('Imóvel cadastrado')).toBeVisible()
  await expect(page.getByText('3 fotos · 0 plantas')).toBeVisible()
  await expect(photoList(page)).toHaveCount(3)
  await expect(photoList(page).nth(0)).toContainText('sala.jpg')
  await expect(photoList(page).nth(2)).toContainText('quarto.jpg')
})

test.describe('a connection that drops', () => {
  test.use({ consoleErrorsAllowed: [/net::ERR_CONNECTION_RESET/] })

  test('a failed upload offers "Tentar de novo", holds the save, and the retry sends it', async ({
    signedInPage: page,
  }) => {
    await fillRequired(page, 'Casa com uma foto teimosa')
    let calls = 0
    await page.route('**/imoveis/fotos', async (route) => {
      calls++
      if (calls === 1) await route.abort('connectionreset')
      else await route.continue()
    })
    await page.getByLabel('Adicionar fotos').setInputFiles([await jpeg('fachada.jpg', 'living', 34)])
    await expect(
      page.getByRole('alert').filter({ hasText: 'Não foi possível enviar "fachada.jpg". Verifique a conexão.' }),
    ).toBeVisible()

    // Saving now would lose the photo: the form stays and says what to do.
    await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
    await expect(
      page.getByText('1 foto não foi enviada. Para salvar, toque em “Tentar de novo” ou descarte.'),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/imoveis\/novo$/)

    await page.getByRole('button', { name: 'Tentar de novo: fachada.jpg' }).click()
    await expect(photoList(page).getByRole('img')).toHaveAttribute('src', /w400\.webp$/)
    await expect(page.getByRole('button', { name: /Tentar de novo/ })).toHaveCount(0)
    await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
    await expect(page).toHaveURL(/\/imoveis\/\d+$/)
    await expect(page.getByText('1 foto · 0 plantas')).toBeVisible()
  })
})

test('a 4,000 × 3,000 phone photo leaves the browser phone-sized and upright', async ({ signedInPage: page }) => {
  await fillRequired(page, 'Casa com foto de celular')
  // A portrait phone photo: pixels stored landscape, EXIF orientation 6 (turn 90° clockwise).
  const landscape = await roomPhoto('living', 35, { width: 4000, height: 3000 })
  const phone = await sharp(landscape).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer()
  expect(phone.length).toBeGreaterThan(1_500_000)
  await page
    .getByLabel('Adicionar fotos')
    .setInputFiles([{ name: 'retrato.jpg', mimeType: 'image/jpeg', buffer: phone }])
  const thumbnail = photoList(page).getByRole('img')
  await expect(thumbnail).toHaveAttribute('src', /w400\.webp$/)
  // Stored as the browser sent it: 2,048 px tall (the server alone would keep 2,560), portrait.
  const stored = JSON.parse(await page.locator('input[name="gallery[0].item"]').inputValue()) as {
    width: number
    height: number
  }
  expect(stored).toMatchObject({ width: 1536, height: 2048 })
  // Upright: the thumbnail is taller than wide.
  await thumbnail.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.naturalHeight > img.naturalWidth),
    )
    .toBe(true)
})
