// Two fresh installs with no SESSION_SECRET sign with keys of their own, made at
// first start and kept in their database (ADR 140): one install's toast and upload link do not
// open with the other's key.
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '~/env.server'
import { sessionSecretFor } from '~/models/app-secrets.server'
import { configureToastCookie, readToast, toastHeader } from '~/utils/toast.server'
import { canReadUpload, signedUploadUrl } from '~/integrations/storage/upload-links.server'
import { createTestDatabase } from '../setup/db'

const handles: Awaited<ReturnType<typeof createTestDatabase>>[] = []
afterAll(async () => Promise.all(handles.map((h) => h.close())))

async function freshInstall() {
  const handle = await createTestDatabase()
  handles.push(handle)
  return handle
}

const cookieOf = (setCookie: string) =>
  new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0]! } })

test('two fresh installs sign toasts and upload links with different keys', async () => {
  const env = parseEnv({})
  const [a, b] = [await freshInstall(), await freshInstall()]
  const secretA = await sessionSecretFor(env, a.db)
  const secretB = await sessionSecretFor(env, b.db)
  expect(secretA).not.toBe(secretB)
  expect(Buffer.from(secretA, 'base64url').length).toBeGreaterThanOrEqual(32)
  // The same database gives the same secret again (a restart, another instance on it).
  expect(await sessionSecretFor(env, a.db)).toBe(secretA)

  configureToastCookie(env, secretA)
  const header = await toastHeader({ type: 'success', title: 'Imóvel salvo', description: 'Tudo certo.' })
  expect((await readToast(cookieOf(header))).toast?.title).toBe('Imóvel salvo')
  configureToastCookie(env, secretB)
  expect((await readToast(cookieOf(header))).toast).toBeNull()

  const key = 'users/u1/homes/photos/0/original.jpg'
  const url = new URL(signedUploadUrl(secretA, key), 'http://localhost')
  expect(canReadUpload({ key, userId: null, url, secret: secretA })).toBe(true)
  expect(canReadUpload({ key, userId: null, url, secret: secretB })).toBe(false)
})

test('SESSION_SECRET given by the environment wins over the stored one', async () => {
  const handle = await freshInstall()
  const stored = await sessionSecretFor(parseEnv({}), handle.db)
  expect(await sessionSecretFor(parseEnv({ SESSION_SECRET: 'dado-pelo-ambiente' }), handle.db)).toBe(
    'dado-pelo-ambiente',
  )
  expect(stored).not.toBe('dado-pelo-ambiente')
})

test('upload links expire', () => {
  const key = 'users/u1/homes/photos/0/original.jpg'
  const issued = Date.UTC(2026, 0, 1)
  const url = new URL(signedUploadUrl('s', key, 3600, issued), 'http://localhost')
  expect(canReadUpload({ key, userId: null, url, secret: 's', now: issued + 3599_000 })).toBe(true)
  expect(canReadUpload({ key, userId: null, url, secret: 's', now: issued + 3601_000 })).toBe(false)
})
