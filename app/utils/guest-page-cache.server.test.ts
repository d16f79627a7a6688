import { expect, test } from 'vitest'
import { createGuestPageCache, isGuestRequest } from './guest-page-cache.server'

const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><link nonce="${nonce}" rel="icon"/></head><body><form></form><script nonce="${nonce}">go()</script></body></html>`
const headers = () => new Headers({ 'Content-Type': 'text/html; charset=utf-8' })

const isGuest = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  isGuestRequest(method, url, (name) => headers[name] ?? null)

test('a first visit (GET, no cookie, no credentials, no query) is a guest request; anything else is not', () => {
  expect(isGuest('/login')).toBe(true)
  expect(isGuest('http://127.0.0.1/login')).toBe(true)
  expect(isGuest('/login?redirectTo=/imoveis')).toBe(false)
  expect(isGuest('/login', { cookie: 'vitrine_consent=1' })).toBe(false)
  expect(isGuest('/login', { authorization: 'Bearer x' })).toBe(false)
  expect(isGuest('/login', {}, 'POST')).toBe(false)
  expect(isGuest('/login', {}, 'HEAD')).toBe(false)
})

test('a stored page comes back with the next visitor’s nonce everywhere the first one was', () => {
  const cache = createGuestPageCache()
  cache.set('/login', html('first-nonce=='), 'first-nonce==', headers())
  const page = cache.get('/login', 'second-nonce==')
  expect(page?.body).toBe(html('second-nonce=='))
  expect(page?.body).not.toContain('first-nonce')
  expect(page?.headers).toEqual([['content-type', 'text/html; charset=utf-8']])
  expect(cache.get('/registrar', 'x')).toBeNull()
})

test('a page without its nonce, or one that sets a cookie, is not kept', () => {
  const cache = createGuestPageCache()
  cache.set('/login', html('other'), 'first-nonce==', headers())
  cache.set('/login', html(''), '', headers())
  const withCookie = headers()
  withCookie.set('Set-Cookie', 'a=b')
  cache.set('/registrar', html('n1=='), 'n1==', withCookie)
  expect(cache.get('/login', 'x')).toBeNull()
  expect(cache.get('/registrar', 'x')).toBeNull()
})

test('a stored page is rendered again once ten minutes have passed', () => {
  const start = Date.now()
  let clock = start
  const cache = createGuestPageCache({ now: () => clock })
  cache.set('/login', html('n1=='), 'n1==', headers())
  clock = start + 9 * 60 * 1000
  expect(cache.get('/login', 'n2==')).not.toBeNull()
  clock = start + 10 * 60 * 1000 + 1
  expect(cache.get('/login', 'n2==')).toBeNull()
})
