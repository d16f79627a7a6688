// From post to lead (ADR 223–225), end to end and without JavaScript: the agent picks the public
// page's address on /minha-conta/marca; the public page lists exactly the agent's properties;
// a listing page shares a 1200×630 JPEG that loads and valid JSON-LD, and ships no script; /r/{code}
// opens WhatsApp naming the property and counts one click on "Resultados" (a bot counts none); a
// lead reaches /leads, the CSV and the agent's mailbox, another agent gets 404 on it; one address
// sending 20 leads in a row is refused after the limit.
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_HOMES } from '../../scripts/seed/homes'
import { createUser, expect, login, readMailbox, test } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'
import { generatePost, templateIds, type HttpAgent } from '../support/http-agent'

const STUDIO = DEMO_HOMES[2]!

let sequence = 0
const newHandle = () => `ag-${Date.now().toString(36)}-${process.pid.toString(36)}${++sequence}`

/** Saves the public page's address through the form on /minha-conta/marca. */
async function choosePublicAddress(page: Page, handle: string) {
  await page.goto('/minha-conta/marca')
  await page.getByLabel('Endereço da página').fill(handle)
  await page.getByRole('button', { name: 'Salvar página pública' }).click()
  await expect(page.getByRole('link', { name: `/c/${handle}` })).toBeVisible()
}

/** A signed-out visitor's page (JavaScript as the project says). */
async function guestPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'pt-BR' })
  return context.newPage()
}

/** The property's page address, from the agent's public page. */
async function listingHref(guest: Page, handle: string, name: string) {
  await guest.goto(`/c/${handle}`)
  const href = await guest
    .getByRole('list', { name: 'Imóveis' })
    .getByRole('link', { name: new RegExp(name) })
    .getAttribute('href')
  expect(href).toMatch(new RegExp(`^/c/${handle}/[a-z0-9-]+-\\d+$`))
  return href!
}

test('the public page lists exactly the active properties; a listing page shares its cover and JSON-LD, with no script @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await createHome(page.request, ITAIM_APARTMENT, { photos: 2 })
  await createHome(page.request, STUDIO, { photos: 1 })
  // Reserved words and another agent's address are refused beside the field, the typed value kept.
  await page.goto('/minha-conta/marca')
  await page.getByLabel('Endereço da página').fill('agendar-posts')
  await page.getByRole('button', { name: 'Salvar página pública' }).click()
  await expect(page.getByText('Este endereço é reservado. Escolha outro.')).toBeVisible()
  await expect(page.getByLabel('Endereço da página')).toHaveValue('agendar-posts')
  const handle = newHandle()
  await choosePublicAddress(page, handle)

  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(`/c/${handle}`)
  const cards = guest.getByRole('list', { name: 'Imóveis' }).getByRole('listitem')
  await expect(cards).toHaveCount(2)
  await expect(cards.filter({ hasText: ITAIM_APARTMENT.name })).toHaveCount(1)
  await expect(cards.filter({ hasText: STUDIO.name })).toContainText('/mês')
  await guest.getByLabel('Negócio').selectOption({ label: 'Aluguel' })
  await guest.getByRole('button', { name: 'Filtrar' }).click()
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText(STUDIO.name)

  const href = await listingHref(guest, handle, ITAIM_APARTMENT.name)
  const response = await guest.goto(href)
  expect(response?.status()).toBe(200)
  await expect(guest.getByRole('heading', { level: 1, name: ITAIM_APARTMENT.name })).toBeVisible()
  // No JavaScript at all on the guest page but the JSON-LD data block, and a small document: the
  // byte budget of a page read on a slow phone, 80 KB before compression, most of it the inline
  // stylesheet (≈ 14 KB over the wire; Lighthouse figures: docs/performance.md).
  expect(await guest.locator('script:not([type="application/ld+json"])').count()).toBe(0)
  expect(await guest.locator('link[rel="modulepreload"], link[rel="stylesheet"]').count()).toBe(0)
  expect(
    (await (await guest.request.get(href, { headers: { 'User-Agent': 'Googlebot/2.1' } })).body()).length,
  ).toBeLessThan(80_000)
  const ogImage = await guest.locator('meta[property="og:image"]').getAttribute('content')
  const image = await guest.request.get(ogImage!)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/jpeg')
  const size = await sharp(await image.body()).metadata()
  expect([size.format, size.width, size.height]).toEqual(['jpeg', 1200, 630])
  // Asked again with its ETag: 304, nothing drawn; under another slug: 301 to its own; the page is
  // indexable, so is the image.
  expect(image.headers()['x-robots-tag']).toBeUndefined()
  const etag = image.headers()['etag']!
  expect((await guest.request.get(ogImage!, { headers: { 'If-None-Match': etag } })).status()).toBe(304)
  const imagePath = new URL(ogImage!).pathname
  const otherSlug = await guest.request.get(
    imagePath.replace(/\/[a-z0-9-]+-(\d+)\/capa\.jpg$/, '/inventado-$1/capa.jpg'),
    {
      maxRedirects: 0,
    },
  )
  expect([otherSlug.status(), otherSlug.headers()['location']]).toEqual([301, imagePath])
  expect((await guest.request.get(`/c/${handle}/inventado-999999/capa.jpg`)).status()).toBe(404)
  expect(await guest.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image')
  const ld = JSON.parse((await guest.locator('script[type="application/ld+json"]').textContent())!)
  expect(ld['@type']).toBe('RealEstateListing')
  expect(ld.name).toBe(ITAIM_APARTMENT.name)
  expect(ld.offers['@type']).toBe('Offer')
  expect(ld.offers.priceCurrency).toBe('BRL')
  // An old name's slug answers 301 to the property's address.
  const moved = await guest.request.get(href.replace(/\/[a-z0-9-]+-(\d+)$/, '/nome-antigo-$1'), { maxRedirects: 0 })
  expect([moved.status(), moved.headers()['location']]).toEqual([301, href])
  // The sitemap names the page; another agent's unknown property is a 404.
  expect(await (await guest.request.get('/sitemap.xml')).text()).toContain(`/c/${handle}/`)
  expect(await (await guest.request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  expect((await guest.request.get(`/c/${handle}/casa-999999`)).status()).toBe(404)
  // A page the agent keeps out of search engines keeps its share image out too.
  await page.request.post('/minha-conta/marca?pagina', { form: { handle, noindex: 'on' } })
  expect((await guest.request.get(ogImage!)).headers()['x-robots-tag']).toBe('noindex')
  await guest.context().close()
})

test('/r/{code} opens WhatsApp naming the property, and Resultados counts the click once (a bot counts none) @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const homeId = await createHome(page.request, STUDIO, { photos: 1 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(await listingHref(guest, handle, STUDIO.name))
  const contact = await guest.getByRole('link', { name: 'Conversar no WhatsApp' }).getAttribute('href')
  expect(contact).toMatch(/^\/r\/[a-z0-9]+$/)

  const answer = await guest.request.get(contact!, { maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers()['set-cookie']).toBeUndefined()
  const location = new URL(answer.headers()['location']!)
  expect(`${location.origin}${location.pathname}`).toBe('https://wa.me/5511987654321')
  expect(location.searchParams.get('text')).toContain(`"${STUDIO.name}" (Cód. ${homeId})`)
  const bot = await guest.request.get(contact!, {
    maxRedirects: 0,
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  })
  expect(bot.status()).toBe(302)
  // Tapping again and again counts once an hour; a request with no user agent counts none.
  for (let i = 0; i < 3; i++) await guest.request.get(contact!, { maxRedirects: 0 })
  expect((await guest.request.get(contact!, { maxRedirects: 0, headers: { 'User-Agent': '' } })).status()).toBe(302)
  await guest.context().close()

  await page.goto(`/imoveis/${homeId}`)
  const results = page.getByRole('region', { name: 'Resultados' })
  await expect(results.getByRole('definition').nth(1)).toHaveText('1')
  await expect(results.getByText('Cliques no WhatsApp')).toBeVisible()
  await expect(results.getByRole('definition').nth(0)).toHaveText('1')
  await expect(results.getByRole('img', { name: /Por semana/ })).toBeVisible()
  // The short link in full, selectable, with "Compartilhar" (a plain link) and, with JavaScript, "Copiar".
  await expect(results.getByText(/^https?:\/\/[^/]+\/l\/[a-z0-9]+$/)).toBeVisible()
  await expect(results.getByRole('link', { name: 'Compartilhar' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  )
  await expect(results.getByRole('button', { name: 'Copiar' })).toHaveCount(javaScriptEnabled ? 1 : 0)
})

test('a lead from the listing page reaches /leads, the CSV and the mailbox; another agent gets 404 @nojs', async ({
  signedInPage: page,
  user,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await createHome(page.request, ITAIM_APARTMENT, { photos: 1 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(await listingHref(guest, handle, ITAIM_APARTMENT.name))
  await guest.getByRole('textbox', { name: 'Nome', exact: true }).fill('Beatriz Compradora')
  await guest.getByLabel('Telefone', { exact: true }).fill('(21) 99876-5432')
  await guest.getByLabel('Mensagem', { exact: true }).fill('Posso visitar no sábado?')
  await guest.getByRole('button', { name: 'Enviar' }).click()
  // Without the consent: refused beside the box, the typed values kept.
  await expect(guest.getByText('Para enviar, autorize o uso dos seus dados para este contato')).toBeVisible()
  await expect(guest.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Beatriz Compradora')
  await guest.getByRole('checkbox', { name: /Autorizo .+ a usar meu nome/ }).check()
  await guest.getByRole('button', { name: 'Enviar' }).click()
  await expect(guest.getByRole('status')).toHaveText('Mensagem enviada! O corretor vai falar com você em breve.')
  await guest.context().close()

  await page.goto('/leads')
  const lead = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: 'Beatriz Compradora' })
  await expect(lead).toContainText('Posso visitar no sábado?')
  await expect(lead).toContainText(ITAIM_APARTMENT.name)
  await lead.getByLabel('Status').selectOption({ label: 'Em contato' })
  await lead.getByLabel('Observação').fill('Ligar sexta de manhã')
  await lead.getByRole('button', { name: 'Salvar Beatriz Compradora' }).click()
  // Saved: the toast, then the page again with the lead's new status and note (the status list
  // itself always holds "Em contato", so the badge is what tells).
  await expect(page.getByText('Lead atualizado')).toBeVisible()
  await expect(lead.getByText('Em contato', { exact: true }).and(lead.locator('span'))).toBeVisible()
  await expect(lead.getByLabel('Observação')).toHaveValue('Ligar sexta de manhã')
  // Excel pt-BR opens it in columns: a BOM, ';' between fields, dates as dd/mm/aaaa hh:mm.
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
    await (await page.request.get('/leads/exportar.csv')).body(),
  )
  expect(csv.startsWith('\uFEFFdata;nome;telefone;mensagem;imóvel;status;observação\r\n')).toBe(true)
  expect(csv).toMatch(
    /\r\n\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Beatriz Compradora;\(21\) 99876-5432;Posso visitar no sábado\?;/,
  )
  expect(csv).toContain('Em contato;Ligar sexta de manhã')
  const mail = await readMailbox(page, user.email, (mailbox) =>
    mailbox
      .getByRole('article', { name: `Novo contato: ${ITAIM_APARTMENT.name}`, exact: false })
      .first()
      .textContent(),
  )
  expect(mail).toContain('Beatriz Compradora pediu contato')
  const leadId = await lead.locator('input[name="id"]').getAttribute('value')

  // Another agent: the lead is not found, and their /leads does not show it.
  const other = await createUser(page.request)
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'pt-BR' })
  const otherPage = await context.newPage()
  await login(otherPage, other)
  const refused = await otherPage.request.post('/leads', {
    form: { id: leadId!, status: 'fechado', note: 'x' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(404)
  await otherPage.goto('/leads')
  await expect(otherPage.getByText('Beatriz Compradora')).toHaveCount(0)
  await context.close()
})

test('LGPD: the form names who receives the data; the lead’s page keeps the consent and deletes the data on request; the retention is set @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await createHome(page.request, ITAIM_APARTMENT, { photos: 0 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL!, javaScriptEnabled)
  await guest.goto(await listingHref(guest, handle, ITAIM_APARTMENT.name))
  const consent = guest.getByRole('checkbox', { name: /Autorizo .+ a usar meu nome, telefone e mensagem/ })
  const label = (await guest.locator('label').filter({ has: consent }).textContent())!
  // Who receives the data (the page's agent), what for (this property), and that it can be deleted.
  expect(label).toContain(`sobre “${ITAIM_APARTMENT.name}”`)
  expect(label).toContain('não são repassados a terceiros e podem ser excluídos quando eu pedir')
  const shown = label.slice(0, label.indexOf(' Veja a'))
  await guest.getByRole('textbox', { name: 'Nome', exact: true }).fill('Helena Titular')
  await guest.getByLabel('Telefone', { exact: true }).fill('(11) 91234-5678')
  await consent.check()
  await guest.getByRole('button', { name: 'Enviar' }).click()
  await expect(guest.getByRole('status')).toHaveText('Mensagem enviada! O corretor vai falar com você em breve.')
  await guest.context().close()

  await page.goto('/leads')
  await page.getByRole('link', { name: 'Helena Titular' }).click()
  await expect(page.getByRole('heading', { name: 'Helena Titular' })).toBeVisible()
  const leadUrl = page.url()
  await expect(page.getByText(`Consentimento: “${shown}” em`)).toBeVisible()
  // Deleting asks for the confirmation first: refused beside the box, nothing deleted.
  await page.getByRole('button', { name: 'Excluir dados deste contato' }).click()
  await expect(page.getByText('Marque a confirmação para excluir os dados deste contato')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Confirmo: excluir definitivamente os dados de Helena Titular' }).check()
  await page.getByRole('button', { name: 'Excluir dados deste contato' }).click()
  await expect(page.getByText('Dados do contato excluídos')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Helena Titular' })).toHaveCount(0)
  expect((await page.request.get(leadUrl)).status()).toBe(404)

  // How long leads are kept: 24 months unless the agent chooses less (or more).
  await expect(page.getByText('leads com mais de 24 meses são excluídos automaticamente')).toBeVisible()
  await page.getByLabel('Guardar por').selectOption({ label: '12 meses' })
  await page.getByRole('button', { name: 'Salvar prazo' }).click()
  await expect(page.getByText('Prazo salvo')).toBeVisible()
  await expect(page.getByText('leads com mais de 12 meses são excluídos automaticamente')).toBeVisible()
  await expect(page.getByLabel('Guardar por')).toHaveValue('12')
})

/** A studio on a fresh public address of the agent on `page`, and a visitor (JavaScript off) at its listing page. */
async function visitorAtStudio(page: Page, browser: Browser, baseURL: string) {
  await createHome(page.request, STUDIO, { photos: 0 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const guest = await guestPage(browser, baseURL, false)
  return { guest, href: await listingHref(guest, handle, STUDIO.name) }
}

/** The listing page's lead form as the visitor's browser posts it, with the consent ticked. */
function sendLead(guest: Page, href: string, fields: { name: string; message: string }) {
  return guest.request.post(href, {
    form: { ...fields, phone: '11912345678', consent: 'on' },
    headers: { Origin: new URL(guest.url()).origin },
    maxRedirects: 0,
  })
}

test('20 quick leads from one address are refused after the limit', async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const { guest, href } = await visitorAtStudio(page, browser, baseURL!)
  const statuses: number[] = []
  for (let i = 0; i < 20; i++) {
    const answer = await sendLead(guest, href, { name: `Visitante ${i}`, message: '' })
    statuses.push(answer.status())
  }
  await guest.context().close()
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
  expect(statuses.slice(5).every((status) => status === 429)).toBe(true)
  await page.goto('/leads')
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem')).toHaveCount(5)
})

test('a lead whose name carries a line break is refused beside the field, nothing stored @nojs', async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const { guest, href } = await visitorAtStudio(page, browser, baseURL!)
  const answer = await sendLead(guest, href, { name: 'Ana\r\nAssunto: pix urgente', message: 'Oi' })
  expect(answer.status()).toBe(400)
  await guest.setContent(await answer.text())
  await expect(guest.getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription(
    'O nome tem caracteres inválidos',
  )
  await expect(guest.getByRole('textbox', { name: 'Telefone' })).toHaveValue('11912345678')
  await guest.context().close()
  await page.goto('/leads')
  await expect(page.getByText('Nenhum lead ainda.')).toBeVisible()
})

/** The signed-in page's session as the HTTP helpers of tests/support speak it. */
function agentOf(page: Page, baseURL: string): HttpAgent {
  return {
    base: baseURL,
    email: '',
    cookie: '',
    async fetch(path, init) {
      const answer = await page.request.fetch(path, {
        method: init?.method ?? 'GET',
        data: init?.body ? String(init.body) : undefined,
        headers: init?.body ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL } : {},
        maxRedirects: 0,
      })
      return new Response(new Uint8Array(await answer.body()), { status: answer.status(), headers: answer.headers() })
    },
  }
}

test('a generated caption carries the short link; what it brings counts for that post on Resultados', async ({
  signedInPage: page,
  baseURL,
}) => {
  const homeId = await createHome(page.request, ITAIM_APARTMENT, { photos: 1 })
  const handle = newHandle()
  await choosePublicAddress(page, handle)
  const agent = agentOf(page, baseURL!)
  let generated: { templateId: number; postId: number } | null = null
  for (const templateId of await templateIds(agent)) {
    const postId = await generatePost(agent, templateId, homeId).catch(() => null)
    if (postId) {
      generated = { templateId, postId }
      break
    }
  }
  expect(generated, 'a template generates from its defaults').not.toBeNull()
  const result = await (await agent.fetch(`/modelos/${generated!.templateId}?post=${generated!.postId}`)).text()
  const code = new RegExp(`Fotos, detalhes e contato: ${baseURL}/l/([a-z0-9]+)`).exec(result)?.[1]
  expect(code, 'the caption ends with the short link').toBeTruthy()

  // A guest follows the caption's link, then taps WhatsApp on the listing page.
  const opened = await page.request.get(`/l/${code}`, { maxRedirects: 0, headers: { Cookie: '' } })
  expect(opened.status()).toBe(302)
  const listing = opened.headers()['location']!
  expect(listing).toMatch(new RegExp(`^/c/${handle}/[a-z0-9-]+-${homeId}\\?de=${code}$`))
  const html = await (await page.request.get(listing)).text()
  expect(html).toContain(`href="/r/${code}"`)
  expect((await page.request.get(`/r/${code}`, { maxRedirects: 0 })).status()).toBe(302)

  await page.goto(`/imoveis/${homeId}`)
  const row = page
    .getByRole('table', { name: 'Por post ou media kit' })
    .getByRole('row')
    .filter({ hasText: `Post nº ${generated!.postId}` })
  await expect(row.getByRole('cell')).toHaveText([`Post nº ${generated!.postId}`, '1', '1', '0', '0'])
})
