// /integracoes refuses this machine's own network however the address is spelled (ADR 209): a
// service on 127.0.0.1 counts every request, and an agent names it as IPv4-mapped IPv6 (the hex
// form the URL parser writes, and the dotted one) as the feed's address and as photo addresses
// inside an uploaded feed. The service hears nothing; the agent reads the refusal in pt-BR.
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { photoUrl, vrsyncFeed } from '../../scripts/feeds/sample-feeds'
import { startInternalService, type InternalService } from '../mocks/internal-service'
import { expect, test } from './fixtures'

let service: InternalService
test.beforeAll(async () => {
  service = await startInternalService()
})
test.afterAll(async () => {
  await service.close()
})

const spellings = () => [`http://[::ffff:7f00:1]:${service.port}`, `http://[::ffff:127.0.0.1]:${service.port}`]

test('a feed address on the internal network is refused beside the field, nothing is fetched @nojs', async ({
  signedInPage: page,
}) => {
  for (const base of spellings()) {
    const before = service.requests.length
    await page.goto('/integracoes')
    await page.getByLabel('Feed XML por endereço').check()
    await page.getByLabel('Endereço do feed XML').fill(`${base}/feed.xml`)
    await page.getByRole('button', { name: 'Conectar e importar' }).click()
    await expect(page.getByText('O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido.')).toBeVisible()
    await expect(page.getByLabel('Endereço do feed XML')).toHaveValue(`${base}/feed.xml`)
    await expect(page.getByLabel('Feed XML por endereço')).toBeChecked()
    expect(service.requests.length).toBe(before)
  }
  await page.goto('/integracoes')
  await expect(page.getByText('Nenhuma fonte conectada')).toBeVisible()
})

test('photo addresses on the internal network are reported with the listing, nothing is fetched @nojs', async ({
  signedInPage: page,
}) => {
  const listings = sampleListings(2, { seed: 43, photos: 1 })
  const [hex, dotted] = spellings()
  // The first listing's photo in hex, the second's dotted.
  const second = listings[1]!
  const both = vrsyncFeed(listings, hex!).replace(photoUrl(hex!, second, 0), photoUrl(dotted!, second, 0))
  expect(both).toContain(photoUrl(dotted!, second, 0))
  const before = service.requests.length
  await page.goto('/integracoes')
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles({
    name: 'imoveis.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(both),
  })
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)

  const errors = page.getByRole('table', { name: 'Anúncios com erro' })
  for (const listing of listings)
    await expect(errors.getByRole('row', { name: new RegExp(listing.id) })).toContainText(
      'Foto 1 não importada (O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido).',
      { timeout: 20_000 },
    )
  expect(service.requests.length).toBe(before)
})
