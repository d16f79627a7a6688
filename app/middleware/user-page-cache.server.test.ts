import { expect, test } from 'vitest'
import { createUserPageCache, pageCookiesKey } from './user-page-cache.server'

const html = (nonce: string, name = 'Casa em Pinheiros') =>
  `<!DOCTYPE html><html><head><link nonce="${nonce}" rel="icon"/></head><body><h2>${name}</h2><script nonce="${nonce}">go()</script></body></html>`
const headers = () => new Headers({ 'Content-Type': 'text/html; charset=utf-8' })
const read = (version: number, key = '/imoveis\nsb-x-auth-token=abc') => ({ key, userId: 'u1', version })
const SESSION = 'sb-127-auth-token'

test('the key holds the cookies that can change the page; analytics cookies are left out of it', () => {
  expect(pageCookiesKey(`${SESSION}=abc`, SESSION)).toBe(`${SESSION}=abc`)
  expect(pageCookiesKey(`${SESSION}.0=abc; ${SESSION}.1=def`, SESSION)).toBe(`${SESSION}.0=abc; ${SESSION}.1=def`)
  expect(pageCookiesKey(`${SESSION}=abc; vitrine_consent=analytics`, SESSION)).toBe(
    `${SESSION}=abc; vitrine_consent=analytics`,
  )
  // PostHog's and Google's cookies are never read by the server: the same key as without them.
  expect(
    pageCookiesKey(
      `vitrine_consent=analytics; ph_phc_abc_posthog=%7B%7D; ${SESSION}=abc; _ga=GA1.1.2; _ga_X1=GS1`,
      SESSION,
    ),
  ).toBe(`vitrine_consent=analytics; ${SESSION}=abc`)
  // A toast (or any other cookie) changes the page: rendered.
  expect(pageCookiesKey(`${SESSION}=abc; vitrine_toast=xyz`, SESSION)).toBeNull()
  expect(pageCookiesKey(`${SESSION}=abc; ${SESSION}-code-verifier=xyz`, SESSION)).toBeNull()
  expect(pageCookiesKey(`sb-other-auth-token=abc`, SESSION)).toBeNull()
  expect(pageCookiesKey('ph_phc_abc_posthog=%7B%7D', SESSION)).toBeNull()
  expect(pageCookiesKey('', SESSION)).toBeNull()
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
  const start = Date.now()
  let clock = start
  const cache = createUserPageCache({ now: () => clock, maxPages: 2 })
  cache.set(read(1, 'a'), html('n1=='), 'n1==', headers())
  clock = start + 59_000
  expect(cache.get('a', 1, 'n2==')).not.toBeNull()
  clock = start + 60_001
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
