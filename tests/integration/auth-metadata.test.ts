// user_metadata in the built-in auth API (issue 66): a NUL gave a 500 and 5,000 characters made
// the session cookie too big. Every way in (sign-up, PUT /user, the admin API) is bounded.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { authMessage } from '../../app/domain/auth-messages'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process')
})
afterAll(async () => {
  await auth?.close()
  await handle?.close()
})

const address = () => `meta-${crypto.randomUUID().slice(0, 8)}@example.com`
const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`campo${i}`, 'x']))
const hostile: [string, Record<string, unknown>, RegExp][] = [
  ['a NUL', { full_name: 'Ana\u0000' }, /control characters/],
  ['a line break', { full_name: 'Ana\nBcc: x@example.com' }, /control characters/],
  ['5,000 characters', { full_name: 'a'.repeat(5000) }, /at most 500 characters/],
  ['21 keys', manyKeys, /at most 20 keys/],
  [
    '3 KB in small values',
    Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`c${i}`, 'b'.repeat(400)])),
    /2048 bytes/,
  ],
  ['a NUL in a key', { 'a\u0000b': 1 }, /control characters/],
  ['deep nesting', { a: { b: { c: { d: 1 } } } }, /nest/],
]

test.each(hostile)(
  'sign-up with %s in the metadata: 400 with a clear message, no account',
  async (_, data, message) => {
    const email = address()
    const { data: answer, error } = await auth
      .client()
      .auth.signUp({ email, password: 'segredo123', options: { data } })
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: expect.stringMatching(message) })
    expect(answer.user).toBeNull()
    const { data: list } = await auth.adminClient().auth.admin.listUsers({ perPage: 1000 })
    expect(list.users.some((u) => u.email === email)).toBe(false)
  },
)

test.each(hostile)('PUT /user with %s: 400, the metadata as it was', async (_, data, message) => {
  const client = auth.client()
  const signedUp = await client.auth.signUp({
    email: address(),
    password: 'segredo123',
    options: { data: { full_name: 'Ana' } },
  })
  expect(signedUp.error).toBeNull()
  const { error } = await client.auth.updateUser({ data })
  expect(error).toMatchObject({ status: 400, message: expect.stringMatching(message) })
  expect((await client.auth.getUser()).data.user?.user_metadata.full_name).toBe('Ana')
})

test('PUT /user: small additions that together pass the bound are refused too', async () => {
  const client = auth.client()
  expect((await client.auth.signUp({ email: address(), password: 'segredo123' })).error).toBeNull()
  for (let i = 0; i < 4; i++)
    expect((await client.auth.updateUser({ data: { [`c${i}`]: 'b'.repeat(450) } })).error).toBeNull()
  const { error } = await client.auth.updateUser({ data: { c9: 'b'.repeat(450) } })
  expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/2048 bytes/) })
  // The person reads it in Portuguese.
  expect(authMessage(error!)).toBe('Os dados do perfil são grandes demais.')
})

test('the admin API: user_metadata and app_metadata bounded alike', async () => {
  const admin = auth.adminClient().auth.admin
  const created = await admin.createUser({ email: address(), user_metadata: { full_name: 'x\u0000' } })
  expect(created.error).toMatchObject({ status: 400, message: expect.stringMatching(/control characters/) })
  const app = await admin.createUser({ email: address(), app_metadata: { role: 'a'.repeat(5000) } })
  expect(app.error).toMatchObject({ status: 400 })
  const ok = await admin.createUser({
    email: address(),
    user_metadata: { full_name: 'Bruno Lima', phone: '11987654321' },
  })
  expect(ok.error).toBeNull()
  const updated = await admin.updateUserById(ok.data.user!.id, { user_metadata: { bio: 'c'.repeat(5000) } })
  expect(updated.error).toMatchObject({ status: 400 })
})
