// The agent's public pages as a client opens them on a phone and as a link preview reads them:
// a feed's "sob consulta" listing with an HTML description shows plain text and "Sob consulta";
// /c/{handle} shares a 1200×630 card and a RealEstateAgent JSON-LD; a listing page's photos come
// by srcset with a viewer, its JSON-LD lists every photo; the agent's brand only (no "Entrar");
// and a listing page on a 390 px phone stays under its byte budget before any tap.
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { createHome, ITAIM_APARTMENT, PHONE_PHOTO } from './support/homes'

let sequence = 0
const newHandle = () => `pp-${Date.now().toString(36)}-${process.pid.toString(36)}${++sequence}`

async function choosePublicAddress(page: Page, handle: string) {
  await page.goto('/minha-conta/marca')
  await page.getByLabel('Endereço da página').fill(handle)
  await page.getByRole('button', { name: 'Salvar página pública' }).click()
  await expect(page.getByRole('link', { name: `/c/${handle}` })).toBeVisible()
}

async function guestPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
  })
  return context.newPage()
}

async function listingHref(guest: Page, handle: string, name: string) {
  await guest.goto(`/c/${handle}`)
  const href = await guest
    .getByRole('list', { name: 'Imóveis' })
    .getByRole('link', { name: new RegExp(name) })
    .getAttribute('href')
  expect(href).toMatch(new RegExp(`^/c/${handle}/[a-z0-9-]+-\\d+$`))
  return href!
}

const jsonLdOf = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>

/** A hand-written VRSync feed as a portal sends it: no price ("sob consulta"), HTML in CDATA. */
const SOB_CONSULTA_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync">
  <Header><Provider>Imobiliária Exemplo</Provider></Header>
  <Listings>
    <Listing>
      <ListingID>SC-1</ListingID>
      <Title><![CDATA[Cobertura sob consulta no Jardins]]></Title>
      <TransactionType>For Sale</TransactionType>
      <Details>
        <PropertyType>Residential / Penthouse</PropertyType>
        <Description><![CDATA[<p><b>Cobertura duplex</b> com vista.<br>Terraço &amp; piscina.<br/>Condom&iacute;nio com lazer.</p>]]></Description>
        <ListPrice currency="BRL">0</ListPrice>
        <LivingArea unit="square metres">180</LivingArea>
        <Bedrooms>3</Bedrooms>
        <Bathrooms>4</Bathrooms>
      </Details>
      <Location displayAddress="Neighborhood">
        <State abbreviation="SP">São Paulo</State>
        <City>São Paulo</City>
        <Neighborhood>Jardins</Neighborhood>
      </Location>
    </Listing>
  </Listings>
</ListingDataFeed>
`

test('a VRSync listing with ListPrice 0 is imported; its HTML description shows no tag on the page or in og:description @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await page.goto('/integracoes')
  await page.getByLabel('Arquivo XML enviado').check()
  await page.getByLabel('Arquivo XML', { exact: true }).setInputFiles({
    name: 'sob-consulta.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(SOB_CONSULTA_FEED),
  })
  await page.getByRole('button', { name: 'Conectar e importar' }).click()
  await expect(page).toHaveURL(/\/integracoes\/feeds\/\d+$/)
  const report = page.getByRole('region', { name: 'Última sincronização' })
  await expect(report.getByRole('definition').first()).toHaveText('1')
  await page.goto('/imoveis')
  const card = page.getByRole('listitem').filter({ hasText: 'Cobertura sob consulta no Jardins' })
  await expect(card).toContainText('R$ -,--')

  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(`/c/${handle}`)
  await expect(guest.getByRole('list', { name: 'Imóveis' })).toContainText('Sob consulta')
  await guest.goto(await listingHref(guest, handle, 'Cobertura sob consulta'))
  await expect(guest.getByText('Sob consulta', { exact: true })).toBeVisible()
  const main = guest.getByRole('main')
  await expect(main).toContainText('Cobertura duplex com vista.')
  await expect(main).toContainText('Terraço & piscina.')
  await expect(main).toContainText('Condomínio com lazer.')
  expect(await main.innerText()).not.toMatch(/<\/?(b|br|p)\b|&amp;|&iacute;/)
  const og = await guest.locator('meta[property="og:description"]').getAttribute('content')
  expect(og).toContain('Cobertura duplex com vista.')
  expect(og).not.toMatch(/[<>]|&amp;|&iacute;/)
  await guest.context().close()
})

test('/c/{handle} shares a card that loads and RealEstateAgent JSON-LD; a listing page shows photos by srcset, a viewer and the agent brand only @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  await page.goto('/boas-vindas')
  await page.getByLabel('CRECI').fill('12345-F')
  await page.getByLabel('Instagram').fill('ana.imoveis')
  await page.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(page.getByRole('status').getByText('Marca salva')).toBeVisible()
  await createHome(page.request, ITAIM_APARTMENT, { photos: 3 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)

  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(`/c/${handle}`)
  // The agent's brand only: not the product's sign-in header.
  await expect(guest.getByRole('heading', { level: 1, name: 'Ana Corretora' })).toBeVisible()
  await expect(guest.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
  await expect(guest.getByRole('link', { name: 'Criar conta', exact: true })).toHaveCount(0)
  const meta = async (property: string) => guest.locator(`meta[property="${property}"]`).getAttribute('content')
  expect(await meta('og:url')).toBe(`${baseURL}/c/${handle}`)
  expect(await meta('og:type')).toBe('profile')
  expect(await meta('og:locale')).toBe('pt_BR')
  expect(await meta('og:site_name')).toBeTruthy()
  const image = await guest.request.get((await meta('og:image'))!)
  expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/jpeg'])
  const size = await sharp(await image.body()).metadata()
  expect([size.format, size.width, size.height]).toEqual(['jpeg', 1200, 630])
  // The same version answers 304 to a cache that has it.
  const again = await guest.request.get((await meta('og:image'))!, {
    headers: { 'If-None-Match': image.headers().etag! },
  })
  expect(again.status()).toBe(304)
  const agent = await jsonLdOf(guest)
  expect(agent).toMatchObject({
    '@type': 'RealEstateAgent',
    name: 'Ana Corretora',
    telephone: '+5511987654321',
    sameAs: ['https://www.instagram.com/ana.imoveis'],
    areaServed: [{ '@type': 'City', name: ITAIM_APARTMENT.city }],
  })
  expect(String(agent.image)).toMatch(/^https?:\/\//)
  await guest.screenshot({ path: testInfo.outputPath('agent-page-390.png'), fullPage: true })
  await sharp(await image.body()).toFile(testInfo.outputPath('agent-share-card.jpg'))

  await guest.goto(await listingHref(guest, handle, ITAIM_APARTMENT.name))
  await expect(guest.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
  // The agent's brand at the top, to their page.
  await expect(guest.getByRole('link', { name: /^Ana Corretora/ }).first()).toHaveAttribute('href', `/c/${handle}`)
  const hero = guest.getByRole('region', { name: 'Fotos' }).getByRole('img').first()
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect(hero).toHaveAttribute('srcset', /400w.*800w.*(1080w)?/)
  await expect(hero).toHaveAttribute('sizes', /100vw/)
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  expect(await meta('og:locale')).toBe('pt_BR')
  expect(await meta('og:site_name')).toBeTruthy()
  const listing = await jsonLdOf(guest)
  expect(listing['@type']).toBe('RealEstateListing')
  // The share card and the three photos.
  expect((listing.image as string[]).length).toBe(4)
  expect(listing.about).toMatchObject({
    numberOfRooms: ITAIM_APARTMENT.bedrooms,
    numberOfBathroomsTotal: ITAIM_APARTMENT.bathrooms,
    floorSize: { '@type': 'QuantitativeValue', unitCode: 'MTK' },
  })
  await guest.screenshot({ path: testInfo.outputPath('listing-390.png'), fullPage: true })
  // The viewer: every photo with its count, opened and closed by links.
  const viewer = guest.getByRole('region', { name: 'Todas as fotos (3)' })
  await expect(viewer).toBeHidden()
  await guest.getByRole('link', { name: 'Ver as 3 fotos' }).click()
  await expect(viewer).toBeVisible()
  await expect(viewer.getByText('3 de 3')).toBeAttached()
  await guest.screenshot({ path: testInfo.outputPath('viewer-390.png') })
  await viewer.getByRole('link', { name: 'Fechar' }).click()
  await expect(viewer).toBeHidden()
  await guest.context().close()
})

test('a listing page on a 390 px phone stays within 250 KB transferred before any tap', async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await createHome(page.request, ITAIM_APARTMENT, { size: PHONE_PHOTO })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL!, true)
  const href = await listingHref(guest, handle, ITAIM_APARTMENT.name)
  // A first visit: a fresh context, nothing cached.
  // Lighthouse's phone: 390 px wide here, at its 1.75 device pixel ratio.
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
  })
  const phone = await context.newPage()
  let bytes = 0
  const files: string[] = []
  const counted: Promise<void>[] = []
  phone.on('requestfinished', (request) => {
    counted.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseHeadersSize + sizes.responseBodySize
        files.push(`${new URL(request.url()).pathname.slice(-40)} ${sizes.responseBodySize}`)
      }),
    )
  })
  await phone.goto(href, { waitUntil: 'networkidle' })
  // The first photo (the page's largest paint) is part of what is measured.
  const hero = phone.getByRole('region', { name: 'Fotos' }).getByRole('img').first()
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await Promise.all(counted)
  console.log(`listing page at 390 px: ${(bytes / 1024).toFixed(1)} KB transferred before interaction`, files)
  expect(bytes).toBeLessThanOrEqual(250 * 1024)
  // Whatever the photos weigh, only the first one is fetched before a tap (the others wait in the viewer).
  expect(files.filter((file) => /\.webp /.test(file))).toHaveLength(1)
  await context.close()
  await guest.context().close()
})
