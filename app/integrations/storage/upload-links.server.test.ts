import { expect, test } from 'vitest'
import { canReadUpload, ownerOfKey, signedOwnUploadUrl, signedUploadUrl } from './upload-links.server'

const key = 'users/ana/homes/photos/0123456789abcdef0123456789abcdef/w400.webp'
const url = (path: string) => new URL(path, 'http://vitrine.local')

test('the owner reads their files; another user or a visitor does not', () => {
  expect(ownerOfKey(key)).toBe('ana')
  const plain = url(`/uploads/${key}`)
  expect(canReadUpload({ key, userId: 'ana', url: plain, secret: 's' })).toBe(true)
  expect(canReadUpload({ key, userId: 'bruno', url: plain, secret: 's' })).toBe(false)
  expect(canReadUpload({ key, userId: null, url: plain, secret: 's' })).toBe(false)
  expect(canReadUpload({ key: '../etc/passwd', userId: 'ana', url: plain, secret: 's' })).toBe(false)
  // A photo waiting for its form to be saved (ADR 070) is its owner's too.
  const waiting = `tmp/${key}`
  expect(ownerOfKey(waiting)).toBe('ana')
  expect(canReadUpload({ key: waiting, userId: 'ana', url: url(`/uploads/${waiting}`), secret: 's' })).toBe(true)
  expect(canReadUpload({ key: waiting, userId: 'bruno', url: url(`/uploads/${waiting}`), secret: 's' })).toBe(false)
})

test('a signed link opens one file until it expires, and only with the right secret', () => {
  const now = Date.parse('2026-01-10T12:00:00Z')
  const link = url(signedUploadUrl('segredo', key, 60, now))
  const check = (k: string, secret: string) => canReadUpload({ key: k, userId: null, url: link, secret, now })
  expect(link.pathname).toBe(`/uploads/${key}`)
  expect(check(key, 'segredo')).toBe(true)
  expect(check(key, 'outro')).toBe(false)
  expect(check(key.replace('w400', 'w1080'), 'segredo')).toBe(false)
  const expired = url(signedUploadUrl('segredo', key, -1, now))
  expect(canReadUpload({ key, userId: null, url: expired, secret: 'segredo', now })).toBe(false)
})

test("a public page signs only the owner's saved files, whatever key it is handed", () => {
  const now = Date.parse('2026-01-10T12:00:00Z')
  expect(signedOwnUploadUrl('segredo', 'ana', key, 60, now)).toBe(signedUploadUrl('segredo', key, 60, now))
  expect(signedOwnUploadUrl('segredo', 'bruno', key, 60, now)).toBeNull()
  expect(signedOwnUploadUrl('segredo', 'ana', `tmp/${key}`, 60, now)).toBeNull()
  expect(signedOwnUploadUrl('segredo', 'ana', 'users/ana/../bruno/x.webp', 60, now)).toBeNull()
})
