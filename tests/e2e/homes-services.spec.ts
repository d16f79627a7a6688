// The property form's outside services, against local test servers, on a server of its own:
// ViaCEP (tests/mocks/viacep.ts), Google Places API (New) (tests/mocks/google-places.ts) and an
// S3-compatible bucket for the photos (tests/mocks/s3.ts). No test reaches the internet.
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { PLACES_API_KEY, startMockGooglePlaces } from '../mocks/google-places'
import { startMockS3, type MockS3 } from '../mocks/s3'
import { startMockViaCep, VIACEP_HANGING_CEP } from '../mocks/viacep'
import { expect, test as base, photosSent } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'

type Services = { server: AppServer; s3: MockS3 }

const test = base.extend<object, { services: Services }>({
  services: [
    async ({}, use) => {
      const [viacep, google, s3] = await Promise.all([startMockViaCep(), startMockGooglePlaces(), startMockS3()])
      const server = await startAppServer({
        AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET ?? '',
        VIACEP_URL: viacep.url,
        GOOGLE_MAPS_API_KEY: PLACES_API_KEY,
        GOOGLE_PLACES_URL: google.url,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.url,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      })
      await use({ server, s3 })
      await server.stop()
      await Promise.all([viacep.close(), google.close(), s3.close()])
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ services }, use) => use(services.server.url),
})

test('the CEP fills street, neighbourhood, city and state @nojs', async ({ signedInPage: page }) => {
  await page.goto('/imoveis/novo')
  await page.getByLabel('CEP').fill('01310-100')
  await page.getByRole('button', { name: 'Buscar CEP' }).click()
  await expect(page.getByLabel('Rua')).toHaveValue('Avenida Paulista')
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista')
  await expect(page.getByLabel('Cidade', { exact: true })).toHaveValue('São Paulo')
  await expect(page.getByLabel('Estado')).toHaveValue('SP')
})

test('an unknown CEP says so, and a silent ViaCEP leaves the agent typing @nojs', async ({ signedInPage: page }) => {
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Sobrado na Vila Mariana')
  await page.getByLabel('CEP').fill('99999-999')
  await page.getByRole('button', { name: 'Buscar CEP' }).click()
  await expect(page.getByText('CEP não encontrado. Confira os números ou preencha o endereço.')).toBeVisible()
  await expect(page.getByLabel('Nome do imóvel')).toHaveValue('Sobrado na Vila Mariana')

  await page.getByLabel('CEP').fill(`${VIACEP_HANGING_CEP.slice(0, 5)}-${VIACEP_HANGING_CEP.slice(5)}`)
  await page.getByRole('button', { name: 'Buscar CEP' }).click()
  await expect(page.getByText('Não foi possível consultar o CEP agora. Preencha o endereço.')).toBeVisible()
  await page.getByLabel('Rua').fill('Rua Domingos de Morais')
  await expect(page.getByLabel('Nome do imóvel')).toHaveValue('Sobrado na Vila Mariana')
})

test('a place search fills place and location, and nearby places can be picked for posts @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Studio na Paulista')
  await page.getByLabel('CEP').fill('01310-100')
  await page.getByLabel('Bairro').fill('Bela Vista')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Buscar o local no Google Maps').fill('Avenida Paulista, 1000')
  await page.getByRole('button', { name: 'Buscar no mapa' }).click()
  await page.getByLabel(/Avenida Paulista, 1000/).check()
  await page.getByRole('button', { name: 'Usar este local' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue('-23.5649')
  await expect(page.getByLabel('Longitude')).toHaveValue('-46.6524')
  await page.getByLabel(/Trianon-Masp/).check()
  await page.getByLabel(/Colégio Dante Alighieri/).check()
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(page.getByLabel(/Trianon-Masp/)).toBeChecked()
  await expect(page.getByLabel(/Colégio Dante Alighieri/)).toBeChecked()
  // Only the picked places are kept; 'Buscar lugares próximos' offers the others again.
  await expect(page.getByLabel(/Parque Trianon/)).toHaveCount(0)
  await expect(page.getByLabel('Latitude')).toHaveValue('-23.5649')
})

test('photos go to the S3-compatible bucket and come back through the app @nojs', async ({
  signedInPage: page,
  services,
  javaScriptEnabled,
}) => {
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Loft no Bom Retiro')
  await page.getByLabel('CEP').fill('01124-000')
  await page.getByLabel('Bairro').fill('Bom Retiro')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page
    .getByLabel('Adicionar fotos')
    .setInputFiles([
      { name: 'loft.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('living', 11, { width: 1000, height: 750 }) },
    ])
  if (javaScriptEnabled) {
    // With JavaScript the photo uploads as soon as it is picked; wait until it is listed.
    await expect(page.getByRole('list', { name: 'Fotos do imóvel' }).getByText('loft.jpg')).toBeVisible()
    await photosSent(page)
  }
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/\d+$/)

  const src = (await page.getByRole('img', { name: 'Loft no Bom Retiro' }).getAttribute('src'))!
  const key = src.replace(/^\/uploads\//, '')
  expect(services.s3.objects.get(key)?.contentType).toBe('image/webp')
  expect(services.s3.objects.has(key.replace('w400.webp', 'original.jpg'))).toBe(true)
  // Sent with the form or uploaded when picked, the photo waited under tmp/ until the save (ADR 070).
  expect(services.s3.objects.has(`tmp/${key}`)).toBe(false)
  const image = await page.request.get(src)
  expect(image.headers()['content-type']).toBe('image/webp')
  expect(Buffer.compare(await image.body(), services.s3.objects.get(key)!.body)).toBe(0)
})
