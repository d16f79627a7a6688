// Cross-origin posts are refused on every route but Stripe's webhook (ADR 210).
import { expect, test } from 'vitest'
import { CROSS_ORIGIN_REFUSED, sameOriginMiddleware } from './same-origin.server'

const SITE = 'http://127.0.0.1:3000'

/** What the middleware does with `request`: 'next' when it lets it on, else the refusal's status. */
async function outcome(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const request = new Request(`${SITE}${path}`, { method: 'POST', ...init })
  const next = async () => new Response('ok')
  try {
    await sameOriginMiddleware({ request, context: {} as never, params: {} } as never, next as never)
    return 'next'
  } catch (error) {
    if (!(error instanceof Response)) throw error
    expect(await error.text()).toBe(CROSS_ORIGIN_REFUSED)
    return error.status
  }
}

test('a post from another site is a 403 on resource routes and pages alike', async () => {
  for (const path of ['/consentimento', '/logout', '/imoveis/fotos', '/auth/v1/token', '/login'])
    expect(await outcome(path, { headers: { Origin: 'http://evil.example' } }), path).toBe(403)
  expect(await outcome('/consentimento', { headers: { Origin: 'null' } })).toBe(403)
  expect(await outcome('/consentimento', { headers: { Origin: 'http://127.0.0.1:4000' } })).toBe(403)
  expect(await outcome('/consentimento', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).toBe(403)
})

test('our own posts, posts with no Origin (server to server), reads and the signed webhook pass', async () => {
  expect(await outcome('/consentimento', { headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' } })).toBe('next')
  expect(await outcome('/auth/v1/token')).toBe('next')
  expect(await outcome('/consentimento', { method: 'GET', headers: { Origin: 'http://evil.example' } })).toBe('next')
  expect(await outcome('/api/stripe/webhook', { headers: { Origin: 'http://evil.example' } })).toBe('next')
})

test('the share target takes our own posts and the share sheet’s, never another site’s', async () => {
  // The phone's share sheet: a navigation no site started. The installed app's own page: same-origin.
  expect(await outcome('/compartilhar', { headers: { 'Sec-Fetch-Site': 'none', Origin: 'null' } })).toBe('next')
  expect(await outcome('/compartilhar', { headers: { 'Sec-Fetch-Site': 'same-origin', Origin: SITE } })).toBe('next')
  expect(await outcome('/compartilhar')).toBe('next')
  const crossSite: Array<Record<string, string>> = [
    { Origin: 'http://evil.example' },
    { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'same-site' },
    { Origin: 'null' },
  ]
  for (const headers of crossSite)
    expect(await outcome('/compartilhar', { headers }), JSON.stringify(headers)).toBe(403)
})
