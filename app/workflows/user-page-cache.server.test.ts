import { expect, test } from 'vitest'
import { createUserPageCache, onlySessionCookies } from './user-page-cache.server'

const html = (nonce: string, name = 'Casa em Pinheiros') =>
  `<!DOCTYPE html><html><head><link nonce="${nonce}" rel="icon"/></head><body><h2>${name}</h2><script nonce="${nonce}">go()</script></body></html>`
const headers = () => new Headers({ 'Content-Type': 'text/html; charset=utf-8' })
const read = (version: number, key = '/imoveis\nsb-x-auth-token=abc') => ({ key, userId: 'u1', version })
const SESSION = 'sb-127-auth-token'

test('only a request whose cookies are the session’s (whole or in chunks) and the consent answer may be kept', () => {
  expect(onlySessionCookies(`${SESSION}=abc`, SESSION)).toBe(true)
  expect(onlySessionCookies(`${SESSION}.0=abc; ${SESSION}.1=def`, SESSION)).toBe(true)
  expect(onlySessionCookies(`${SESSION}=abc; vitrine_consent=analytics`, SESSION)).toBe(true)
  // A toast (or any other cookie) changes the page: rendered.
  expect(onlySessionCookies(`${SESSION}=abc; vitrine_toast=xyz`, SESSION)).toBe(false)
  expect(onlySessionCookies(`sb-other-auth-token=abc`, SESSION)).toBe(false)
  expect(onlySessionCookies('', SESSION)).toBe(false)
})

test('a kept page comes back with the next request’s nonce, only for the data version it was made from', () => {
  const cache = createUserPageCache()
  cache.set(read(7), html('first-nonce=='), 'first-nonce==', headers())
  const page = cache.get(read(7).key, 7, 'second-nonce==')
  expect(page?.body).toBe(html('second-nonce=='))
  expect(page?.headers).toEqual([['content-type', 'text/html; charset=utf-8']])
  // The person's data changed: the page is made again, and the old one is gone.
  expect(cache.get(read(7).key, 8, 'n==')).toBeNull()
  expect(cache.get(read(7).key, 7, 'n==')).toBeNull()
  expect(cache.get('/imoveis?page=2\nsb-x-auth-token=abc', 7, 'n==')).toBeNull()
})

test('a page without its nonce, or one that sets a cookie, is not kept', () => {
  const cache = createUserPageCache()
  cache.set(read(1), html('other'), 'first-nonce==', headers())
  const withCookie = headers()
  withCookie.set('Set-Cookie', 'sb-x-auth-token=new')
  cache.set(read(1, 'b'), html('n1=='), 'n1==', withCookie)
  expect(cache.get(read(1).key, 1, 'x')).toBeNull()
  expect(cache.get('b', 1, 'x')).toBeNull()
})

test('a kept page is made again after a minute (what it shows from the clock), and the oldest goes first when full', () => {
  let clock = 0
  const cache = createUserPageCache({ now: () => clock, maxPages: 2 })
  cache.set(read(1, 'a'), html('n1=='), 'n1==', headers())
  clock = 59_000
  expect(cache.get('a', 1, 'n2==')).not.toBeNull()
  clock = 60_000
  expect(cache.get('a', 1, 'n2==')).toBeNull()
  cache.set(read(1, 'a'), html('n1=='), 'n1==', headers())
  cache.set(read(1, 'b'), html('n1=='), 'n1==', headers())
  cache.set(read(1, 'c'), html('n1=='), 'n1==', headers())
  expect(cache.get('a', 1, 'x')).toBeNull()
  expect(cache.get('c', 1, 'x')).not.toBeNull()
})

test('only the paths of routes that opted in are looked up', () => {
  const cache = createUserPageCache()
  expect(cache.keeps('/imoveis')).toBe(false)
  cache.learn('/imoveis')
  expect(cache.keeps('/imoveis')).toBe(true)
  expect(cache.keeps('/modelos')).toBe(false)
})
