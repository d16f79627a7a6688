// Web-layer hardening (ADR 210, found by an adversarial review): bodies capped as they stream in,
// Secure cookies in production whatever APP_URL says, redirects kept on the site, cross-origin
// posts refused on every route but Stripe's signed webhook.
import http from 'node:http'
import { request as playwrightRequest } from '@playwright/test'
import { createUser, expect, signInWithForm, test } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'
import { postMultipart, rss } from '../support/big-bodies'

const EVIL = 'http://evil.example'
const MB = 1024 * 1024

/** `total` bytes sent chunked (no Content-Length) as fast as the server takes them; resolves
 * with the status once the answer comes, and stops sending then. */
function postChunked(url: string, total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Stripe-Signature': 't=1,v1=x' },
    })
    let sent = 0
    let answered = false
    request.on('response', (response) => {
      answered = true
      response.resume()
      resolve(response.statusCode!)
      request.destroy()
    })
    request.on('error', (error) => (answered ? undefined : reject(error)))
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!request.write(chunk)) return void request.once('drain', write)
      }
      if (!answered) request.end()
    }
    write()
  })
}

test.describe('a production server with APP_URL unset', () => {
  let server: AppServer
  test.beforeAll(async () => {
    server = await startAppServer({
      INSECURE_COOKIES: 'false',
      APP_URL: '',
      AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET!,
    })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('a 200 MB chunked post to the webhook is a 413, and the server does not hold it', async () => {
    const before = rss(server.pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 20)
    const status = await postChunked(`${server.url}/api/stripe/webhook`, 200 * MB).finally(() => clearInterval(sampler))
    expect(status).toBe(413)
    // What the server reads past the limit is thrown away, yet its buffers live until V8 collects
    // them (external memory is collected in steps of tens of MB): growth is bounded by that, not
    // by the body. A 50 MB body against a 50 MB bound failed once on a busy machine (not
    // reproduced since); a body four times the bound tells holding from not-yet-collected.
    expect(peak - before).toBeLessThan(100 * MB)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  test('a 60 MB multipart body to the lead form or /login is a pt-BR 413 page, and the server does not hold it', async () => {
    const before = rss(server.pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 20)
    try {
      for (const path of ['/c/ana-souza/casa-no-campeche-1', '/login'])
        for (const declared of [true, false]) {
          const answer = await postMultipart(server.url + path, 60 * MB, declared)
          expect(answer.status, `${path}, declared: ${declared}`).toBe(413)
          expect(answer.text).toContain('lang="pt-BR"')
          expect(answer.text).toContain('O envio passou do tamanho permitido')
        }
    } finally {
      clearInterval(sampler)
    }
    expect(peak - before).toBeLessThan(150 * MB)
    // A form without a file field takes at most 1 MB; a route that takes photos takes more.
    expect((await postMultipart(`${server.url}/login`, 2 * MB, true)).status).toBe(413)
    expect((await postMultipart(`${server.url}/imoveis/fotos`, 2 * MB, true)).status).not.toBe(413)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  test('the session cookie is Secure and HSTS is sent, though the site is reached over http', async () => {
    const api = await playwrightRequest.newContext({ baseURL: server.url })
    try {
      const user = await createUser(api)
      const signIn = await api.post('/login', {
        form: { email: user.email, password: user.password, redirectTo: '/' },
        maxRedirects: 0,
      })
      expect(signIn.status()).toBe(302)
      const session = signIn.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')
      expect(session.map((h) => h.value).filter((c) => c.startsWith('sb-'))).not.toEqual([])
      for (const cookie of session) expect(cookie.value).toMatch(/;\s*Secure/i)
      expect((await api.get('/login')).headers()['strict-transport-security']).toMatch(/max-age=\d+/)
    } finally {
      await api.dispose()
    }
  })
})

test('the consent form keeps its redirect on the site and refuses another site’s post @nojs', async ({
  request,
  baseURL,
}) => {
  const choice = { intent: 'accept-all', redirectTo: '/.//evil.example' }
  const sneaky = await request.post('/consentimento', { form: choice, maxRedirects: 0 })
  expect(sneaky.status()).toBe(303)
  expect(new URL(sneaky.headers()['location']!, baseURL).origin).toBe(new URL(baseURL!).origin)
  expect(sneaky.headers()['location']).toBe('/')

  const forged = await request.post('/consentimento', {
    form: { ...choice, redirectTo: '/' },
    headers: { Origin: EVIL },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(403)
  expect(await forged.text()).toContain('Pedido recusado')
  expect(forged.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')).toEqual([])

  const ours = await request.post('/consentimento', { form: choice, headers: { Origin: baseURL! }, maxRedirects: 0 })
  expect(ours.status()).toBe(303)
  expect(ours.headers()['set-cookie']).toMatch(/consent/i)
})

test('another site cannot sign a person out or upload a photo to their account', async ({ request, baseURL }) => {
  const user = await createUser(request)
  await signInWithForm(request, user)
  for (const path of ['/logout', '/imoveis/fotos', '/login', '/auth/v1/logout']) {
    const response = await request.post(path, { form: {}, headers: { Origin: EVIL }, maxRedirects: 0 })
    expect(response.status(), path).toBeGreaterThanOrEqual(400)
    expect(response.status(), path).not.toBe(500)
  }
  expect((await request.post('/logout', { headers: { Origin: EVIL }, maxRedirects: 0 })).status()).toBe(403)
  expect((await request.post('/imoveis/fotos', { headers: { Origin: EVIL }, maxRedirects: 0 })).status()).toBe(403)
  // A page's form posted from another site: the pt-BR page, not React Router's English 400.
  const page = await request.post('/login', {
    form: { email: user.email, password: 'x' },
    headers: { Origin: EVIL, Accept: 'text/html' },
    maxRedirects: 0,
  })
  expect(page.status()).toBe(403)
  expect(page.headers()['content-type']).toContain('text/html')
  const text = await page.text()
  expect(text).toContain('<html lang="pt-BR">')
  expect(text).toContain('Pedido recusado')
  expect(text).toContain('ele veio de outro site')
  // Still signed in: the forged sign-out changed nothing.
  expect((await request.get('/imoveis', { maxRedirects: 0 })).status()).toBe(200)
  // Stripe's webhook is the exception: its signature, not its origin, says who sent it.
  const webhook = await request.post('/api/stripe/webhook', { data: { id: 'evt_1' }, headers: { Origin: EVIL } })
  expect(webhook.status()).toBe(400)
  // Our own sign-out still works.
  expect((await request.post('/logout', { headers: { Origin: baseURL! }, maxRedirects: 0 })).status()).toBe(302)
  expect((await request.get('/imoveis', { maxRedirects: 0 })).status()).toBe(302)
})
