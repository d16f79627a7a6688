import { expect, test } from 'vitest'
import type { User } from '@supabase/supabase-js'
import { authChanged } from './auth-epoch.server'
import { createSessionCache } from './session-cache.server'

const token = (expSeconds: number) => `h.${Buffer.from(JSON.stringify({ exp: expSeconds })).toString('base64url')}.s`
const session = (exp: number) => ({ authUser: { id: 'u1' } as User, accessToken: token(exp) })

test('a confirmed session is reused within the bound, then asked about again', () => {
  const cache = createSessionCache(10_000)
  const now = 1_000_000_000_000
  cache.remember('k', session(now / 1000 + 3600), cache.epoch(), now)
  expect(cache.recall('k', now + 9_000)?.authUser.id).toBe('u1')
  expect(cache.recall('k', now + 10_001)).toBeNull()
})

test('any change through the auth API forgets every session, also one being confirmed meanwhile', () => {
  const cache = createSessionCache(10_000)
  const now = Date.now()
  cache.remember('k', session(now / 1000 + 3600), cache.epoch(), now)
  const seen = cache.epoch()
  authChanged()
  expect(cache.recall('k', now)).toBeNull()
  cache.remember('k2', session(now / 1000 + 3600), seen, now)
  expect(cache.recall('k2', now)).toBeNull()
})

test('a token about to be refreshed is never remembered', () => {
  const cache = createSessionCache(10_000)
  const now = Date.now()
  cache.remember('k', session(now / 1000 + 60), cache.epoch(), now)
  expect(cache.recall('k', now)).toBeNull()
})
