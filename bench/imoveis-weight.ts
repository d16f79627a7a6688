// What /imoveis costs a visitor on first load with 20 properties: every byte Chromium receives
// (HTML, CSS, JavaScript, thumbnails; compressed sizes as sent), on a phone-sized and a
// desktop-sized window, with an empty cache. Thumbnails below the fold load lazily, so the
// script also reports the total after scrolling to the end (every thumbnail loaded).
// Photos are photo-like (rooms drawn in code with film grain, 1600×1200 JPEG) and go through
// the same upload pipeline as an agent's. Budget (docs/performance.md): ≤ 300 KB on first load.
// Run: npm run build && npx tsx bench/imoveis-weight.ts
import { chromium, type Page } from '@playwright/test'
import { createApiKeys } from '../server/auth-api/jwt'
import { roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { expectNewProperty, subscribe } from './agent'
import { kb, startServer } from './lib'

const SECRET = 'bench-imoveis-secret'
const HOMES = 20
const BUDGET = 300 * 1024
const server = await startServer({
  AUTH_JWT_SECRET: SECRET,
  RATE_LIMIT_DISABLED: 'true',
  INSECURE_COOKIES: 'true',
  APP_URL: 'http://127.0.0.1',
})

async function signedInCookies(email: string, password: string) {
  const { serviceRoleKey } = await createApiKeys(SECRET)
  const created = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: 'Bench Corretora' } }),
  })
  if (!created.ok) throw new Error(`admin/users: ${created.status} ${await created.text()}`)
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!)
  if (login.status !== 302 || cookies.length === 0) throw new Error(`login: ${login.status}`)
  return cookies
}

const scenes: Scene[] = ['facade', 'living', 'kitchen', 'bedroom', 'pool', 'balcony', 'bathroom']
const cities = [
  ['São Paulo', 'SP', 'Pinheiros'],
  ['Rio de Janeiro', 'RJ', 'Botafogo'],
  ['Belo Horizonte', 'MG', 'Savassi'],
  ['Curitiba', 'PR', 'Batel'],
  ['Florianópolis', 'SC', 'Centro'],
] as const

async function createHomes(cookie: string) {
  for (let i = 0; i < HOMES; i++) {
    const [city, state, neighborhood] = cities[i % cities.length]!
    const form = new FormData()
    form.set('status', i % 3 === 0 ? 'rent' : 'sale')
    form.set('category', ['apartment', 'house', 'penthouse', 'studio'][i % 4]!)
    form.set('name', `Imóvel ${i + 1}: apartamento com varanda e vista livre em ${neighborhood}`)
    form.set('price', `R$ ${(450 + i * 37).toLocaleString('pt-BR')}.000,00`)
    form.set('rental_price', `${(2 + (i % 5)) * 1000},00`)
    form.set('area', String(45 + i * 7))
    form.set('bedrooms', String(1 + (i % 4)))
    form.set('parking_spaces', String(i % 3))
    form.set('zipcode', '01310-100')
    form.set('neighborhood', neighborhood)
    form.set('city', city)
    form.set('state', state)
    for (let p = 0; p < 3; p++) {
      const bytes = await roomPhoto(scenes[(i + p) % scenes.length]!, i * 10 + p)
      form.append('gallery_files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `foto-${p + 1}.jpg`)
    }
    const response = await fetch(`${server.url}/imoveis/novo`, {
      method: 'POST',
      body: form,
      headers: { cookie },
      redirect: 'manual',
    })
    expectNewProperty(response, `create home ${i + 1}`)
  }
}

type Tally = Record<'document' | 'stylesheet' | 'script' | 'image' | 'other', number>

/** Bytes received per resource type, as the network sent them (compressed where it was). */
async function track(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const types = new Map<string, string>()
  const tally: Tally = { document: 0, stylesheet: 0, script: 0, image: 0, other: 0 }
  let images = 0
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type.toLowerCase()))
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'other'
    const key = (type in tally ? type : 'other') as keyof Tally
    tally[key] += e.encodedDataLength
    if (key === 'image') images++
  })
  return { tally, images: () => images }
}

const total = (t: Tally) => Object.values(t).reduce((a, b) => a + b, 0)
const row = (label: string, t: Tally, images: number) =>
  console.log(
    `${label.padEnd(36)} total ${kb(total(t)).padStart(9)}  html ${kb(t.document).padStart(8)}  css ${kb(t.stylesheet).padStart(8)}  js ${kb(t.script).padStart(9)}  images ${kb(t.image).padStart(9)} (${images})  ${total(t) <= BUDGET ? 'within' : 'OVER'} 300 KB`,
  )

try {
  const cookies = await signedInCookies('bench-imoveis@example.com', 'bench-imoveis-123')
  const cookie = cookies.join('; ')
  console.log(`creating ${HOMES} properties with 3 photos each…`)
  // The free plan keeps 3 properties: the Imobiliária plan has room for the 20.
  await subscribe(server.url, cookie)
  await createHomes(cookie)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    for (const [label, viewport] of [
      ['phone 390×844', { width: 390, height: 844 }],
      ['desktop 1366×768', { width: 1366, height: 768 }],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'pt-BR' })
      await context.addCookies(
        cookies.map((c) => {
          const [name, ...value] = c.split('=')
          return { name: name!, value: value.join('='), url: server.url }
        }),
      )
      const page = await context.newPage()
      const { tally, images } = await track(page)
      const response = await page.goto(`${server.url}/imoveis`, { waitUntil: 'networkidle' })
      if (response?.status() !== 200) throw new Error(`/imoveis answered ${response?.status()}`)
      const cards = await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading') })
        .count()
      row(`${label}, first load (${cards} cards)`, { ...tally }, images())
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 50))
        }
      })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      row(`${label}, scrolled to the end`, tally, images())
      await context.close()
    }
  } finally {
    await browser.close()
  }
} finally {
  await server.stop()
}
