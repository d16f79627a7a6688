// The AI areas end to end with the embedded defaults (no AI service): /assistente writes a
// WhatsApp message for the seeded apartment with its price and neighbourhood (public demo and
// signed in, streamed with JavaScript, a form round trip without), /audio makes a pt-BR
// narration longer than 5 s to download as OGG or MP3, /ambientes enhances a photo (same size,
// different pixels) and stages one with the "Imagem ilustrativa" mark. Another user's
// property is 404 everywhere; every page fits a 390 px wide phone.
import net from 'node:net'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { mp3DurationMs, oggDurationMs } from '../../app/domain/audio-duration'
import { expect, signUpWithApartment, test } from './fixtures'

const APARTMENT = 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi'

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

/** The seeded apartment's id, read from the assistant's property picker. */
async function apartmentId(page: Page) {
  await page.goto('/assistente')
  const option = page.getByLabel('Imóvel', { exact: true }).locator('option', { hasText: APARTMENT })
  return Number(await option.getAttribute('value'))
}

test('the public demo writes a WhatsApp message for the example apartment @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/assistente')
  await expect(page.getByRole('heading', { level: 1, name: 'Assistente' })).toBeVisible()
  await expect(page.getByText('Demonstração com um imóvel de exemplo.')).toBeVisible()
  await fitsPhone(page)
  await page.getByText('Mensagem de WhatsApp', { exact: true }).click()
  // With JavaScript the answer comes from the streaming route; without, from the page's action.
  if (javaScriptEnabled) await expect(page.locator('form[data-streaming="on"]')).toHaveCount(1)
  const streamed = javaScriptEnabled ? page.waitForResponse('**/assistente/mensagens') : null
  await page.getByRole('button', { name: 'Enviar' }).click()
  if (streamed) expect((await streamed).headers()['content-type']).toBe('text/plain; charset=utf-8')
  else await expect(page).toHaveURL(/\/assistente$/)
  const conversation = page.getByRole('log', { name: 'Conversa' })
  const answer = conversation.getByRole('article', { name: 'Assistente' })
  await expect(answer).toContainText('R$ 2.450.000,00')
  await expect(answer).toContainText('Itaim Bibi')
  await expect(conversation.getByRole('article', { name: 'Você' })).toContainText('Escreva uma mensagem de WhatsApp')
  await expect(answer.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=.*Itaim%20Bibi/,
  )
  await fitsPhone(page)
})

/**
 * POSTs a form over a raw socket and returns the response as the server framed it: its head and
 * its HTTP/1.1 chunks. How a client's reads group the chunks depends on the machine's load; the
 * chunks are the server's own writes.
 */
async function chunkedResponse(baseURL: string, pathname: string, form: Record<string, string>) {
  const url = new URL(pathname, baseURL)
  const body = new URLSearchParams(form).toString()
  const socket = net.connect(Number(url.port), url.hostname)
  socket.write(
    [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
  const received: Buffer[] = []
  for await (const data of socket) received.push(data as Buffer)
  const raw = Buffer.concat(received)
  const headEnd = raw.indexOf('\r\n\r\n')
  const head = raw.subarray(0, headEnd).toString('latin1')
  const chunks: string[] = []
  for (let rest = raw.subarray(headEnd + 4); ;) {
    const lineEnd = rest.indexOf('\r\n')
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
    if (!size) break
    chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8'))
    rest = rest.subarray(lineEnd + 2 + size + 2)
  }
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim()
  return { status: Number(head.split(' ')[1]), header, chunks }
}

test('the answer arrives in pieces, as it is written', async ({ baseURL }) => {
  const response = await chunkedResponse(baseURL!, '/assistente/mensagens', { task: 'semana' })
  expect(response.status).toBe(200)
  expect(response.header('cache-control')).toBe('no-store, no-transform')
  expect(response.header('transfer-encoding')).toBe('chunked')
  expect(decodeURIComponent(response.header('x-user-turn')!)).toMatch(/^Planeje uma semana de posts para/)
  // Sent as it is written: many chunks, the first only the start of the answer.
  const whole = response.chunks.join('')
  expect(response.chunks.length).toBeGreaterThan(5)
  expect(response.chunks[0]!.length).toBeLessThan(whole.length / 10)
  expect(whole).toContain('*Domingo*')
})

test('signed in, the assistant works on the seeded apartment and keeps the conversation @nojs', async ({ page }) => {
  await signUpWithApartment(page)
  await page.goto('/assistente')
  await expect(page.getByText('Demonstração com um imóvel de exemplo.')).toHaveCount(0)
  await page.getByLabel('Imóvel', { exact: true }).selectOption({ label: `${APARTMENT} — Itaim Bibi, São Paulo` })
  await page.getByText('Mensagem de WhatsApp', { exact: true }).click()
  await page.getByRole('button', { name: 'Enviar' }).click()
  const answers = page.getByRole('log', { name: 'Conversa' }).getByRole('article', { name: 'Assistente' })
  await expect(answers.first()).toContainText('R$ 2.450.000,00')
  await expect(answers.first()).toContainText('Itaim Bibi')
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled()

  // A follow-up: the client's objection, answered from the same property's facts.
  await page.getByText('Responder objeções', { exact: true }).click()
  await page.getByLabel('Mensagem', { exact: true }).fill('Achei caro')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(answers).toHaveCount(2)
  await expect(answers.nth(1)).toContainText('por m²')
  await expect(page.getByRole('log', { name: 'Conversa' }).getByRole('article', { name: 'Você' }).nth(1)).toHaveText(
    /Achei caro/,
  )
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue('')
})

test("another user's property is 404 on all three pages", async ({ signedInPage, browser }) => {
  const demo = await browser.newContext({ locale: 'pt-BR' })
  const demoPage = await demo.newPage()
  await signUpWithApartment(demoPage)
  const id = await apartmentId(demoPage)
  await demo.close()
  expect(id).toBeGreaterThan(0)

  for (const path of [`/audio?imovel=${id}`, `/ambientes?imovel=${id}`]) {
    const response = await signedInPage.goto(path)
    expect(response!.status()).toBe(404)
    await expect(signedInPage.getByText(`Page Not Found: /${path.slice(1, path.indexOf('?'))}`)).toBeVisible()
  }
  const stream = await signedInPage.request.post('/assistente/mensagens', {
    multipart: { task: 'whatsapp', home_id: String(id) },
  })
  expect(stream.status()).toBe(404)
  const form = await signedInPage.request.post('/assistente', { form: { task: 'whatsapp', home_id: String(id) } })
  expect(form.status()).toBe(404)
  const narration = await signedInPage.request.post('/audio', { form: { _intent: 'escrever', home_id: String(id) } })
  expect(narration.status()).toBe(404)
  expect(await narration.text()).not.toContain('Itaim Bibi')
})

test('audio: a pt-BR narration longer than 5 s, with its duration, to download as OGG @nojs', async ({ page }) => {
  await signUpWithApartment(page)
  await page.goto('/audio')
  await expect(page.getByRole('heading', { level: 1, name: 'Áudio' })).toBeVisible()
  await fitsPhone(page)
  await page.getByLabel('Imóvel', { exact: true }).selectOption({ label: APARTMENT })
  await page.getByRole('button', { name: 'Escrever texto' }).click()
  await expect(page.getByRole('status').getByText('Texto escrito a partir do imóvel.', { exact: false })).toBeVisible()
  const text = page.getByLabel('Texto da narração')
  await expect(text).toHaveValue(/Itaim Bibi/)
  await expect(text).toHaveValue(/R\$ 2\.450\.000,00/)
  await text.fill(`${await text.inputValue()} Imóvel pronto para morar.`)
  await page.getByLabel('Voz').selectOption({ label: 'Masculina (pt-BR)' })
  await page.getByLabel('OGG').check()
  await page.getByRole('button', { name: 'Gerar áudio' }).click()

  await expect(page.getByRole('status').getByText('Áudio pronto')).toBeVisible({ timeout: 60_000 })
  const item = page.getByRole('list', { name: 'Áudios' }).getByRole('listitem').first()
  await expect(item).toContainText('Masculina (pt-BR)')
  await expect(item).toContainText('Imóvel pronto para morar.')
  const shown = (await item.getByText(/^Duração: \d+:\d{2}$/).textContent())!.replace('Duração: ', '')
  const download = item.getByRole('link', { name: 'Baixar OGG' })
  await expect(download).toHaveAttribute('download', /^narracao-apartamento-3-suites.*\.ogg$/)
  const file = await page.request.get((await download.getAttribute('href'))!)
  expect(file.headers()['content-type']).toBe('audio/ogg')
  const bytes = new Uint8Array(await file.body())
  const ms = oggDurationMs(bytes)
  expect(ms).toBeGreaterThan(5000)
  const [minutes, seconds] = shown.split(':').map(Number)
  expect(Math.abs(minutes! * 60 + seconds! - ms / 1000)).toBeLessThanOrEqual(1)
  await fitsPhone(page)
})

test('audio: MP3 is the default format and plays from the page', async ({ page }) => {
  await signUpWithApartment(page)
  await page.goto('/audio')
  await page.getByRole('button', { name: 'Gerar áudio' }).click()
  await expect(page.getByRole('status').getByText('Áudio pronto')).toBeVisible({ timeout: 60_000 })
  const item = page.getByRole('list', { name: 'Áudios' }).getByRole('listitem').first()
  const href = (await item.getByRole('link', { name: 'Baixar MP3' }).getAttribute('href'))!
  const bytes = new Uint8Array(await (await page.request.get(href)).body())
  expect(mp3DurationMs(bytes)).toBeGreaterThan(5000)
  // The browser reads the same duration from the file.
  const duration = await item.locator('audio').evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (Number.isFinite(audio.duration) && audio.duration > 0) resolve(audio.duration)
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration))
        audio.load()
      }),
  )
  expect(duration).toBeGreaterThan(5)
})

async function pixels(page: Page, href: string) {
  const body = await (await page.request.get(href)).body()
  return { meta: await sharp(body).metadata(), raw: await sharp(body).removeAlpha().raw().toBuffer(), body }
}

test('ambientes: an enhanced photo keeps its size and changes; a staged one is marked @nojs', async ({ page }) => {
  await signUpWithApartment(page)
  const id = await apartmentId(page)
  await page.goto(`/ambientes?imovel=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ambientes' })).toBeVisible()
  await fitsPhone(page)
  await page.getByLabel('Brilho (%)').fill('15')
  await page.getByRole('button', { name: 'Melhorar foto' }).click()
  await expect(page.getByRole('status').getByText('Foto melhorada')).toBeVisible({ timeout: 30_000 })

  const enhanced = page
    .getByRole('list', { name: 'Imagens geradas' })
    .getByRole('article', { name: 'Foto melhorada' })
    .first()
  const after = await pixels(page, (await enhanced.getByRole('img', { name: /^Depois/ }).getAttribute('src'))!)
  const before = await pixels(
    page,
    (await enhanced.getByRole('link', { name: 'abrir original' }).getAttribute('href'))!,
  )
  expect([after.meta.width, after.meta.height]).toEqual([before.meta.width, before.meta.height])
  let diff = 0
  for (let i = 0; i < after.raw.length; i++) diff += Math.abs(after.raw[i]! - before.raw[i]!)
  expect(diff / after.raw.length).toBeGreaterThan(3)

  await page.getByLabel('Estilo', { exact: true }).selectOption({ label: 'Industrial' })
  await page.getByRole('button', { name: 'Decorar ambiente' }).click()
  await expect(page.getByRole('status').getByText('Ambiente decorado')).toBeVisible({ timeout: 30_000 })
  const staged = page
    .getByRole('list', { name: 'Imagens geradas' })
    .getByRole('article', { name: 'Decoração estilo Industrial' })
    .first()
  await expect(staged.getByText('Imagem ilustrativa', { exact: true })).toBeVisible()
  const stagedSrc = (await staged.getByRole('img', { name: /^Depois/ }).getAttribute('src'))!
  expect(stagedSrc).toMatch(/\/ambientes\/[0-9a-f]{32}\/ilustrativa-industrial\.jpg$/)
  const marked = await pixels(page, stagedSrc)
  expect([marked.meta.width, marked.meta.height]).toEqual([before.meta.width, before.meta.height])
  await fitsPhone(page)

  // The property's own gallery is untouched: still the seeded photos only.
  await page.goto(`/imoveis/${id}`)
  await expect(page.getByText(/^6 fotos/)).toBeVisible()
})
