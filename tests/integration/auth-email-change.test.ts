// PUT /auth/v1/user's e-mail change (issue 66): one confirmation e-mail a minute per person, a
// few an hour per address, and the same answer whether or not the new address has an account.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { listDevEmails } from '../../app/models/dev-emails.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = await createAuthHarness(handle.db, 'in-process', { emailFrequencySeconds: 60 })
})
afterAll(async () => {
  await auth?.close()
  await handle?.close()
})

const address = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`

async function signedIn(email = address('corretor')) {
  await auth.adminClient().auth.admin.createUser({ email, password: 'senha-do-corretor-1', email_confirm: true })
  const client = auth.client()
  const { error } = await client.auth.signInWithPassword({ email, password: 'senha-do-corretor-1' })
  expect(error).toBeNull()
  return client
}

test('one person asking changes to 8 addresses at once: one e-mail goes out, the others wait', async () => {
  const client = await signedIn()
  const targets = Array.from({ length: 8 }, () => address('alvo'))
  const answers = []
  for (const email of targets) answers.push(await client.auth.updateUser({ email }))
  expect(answers[0]!.error).toBeNull()
  expect(answers.slice(1).map((a) => a.error?.status)).toEqual(Array(7).fill(429))
  const sent = await Promise.all(targets.map((to) => listDevEmails(handle.db, { to, limit: 5 })))
  expect(sent.map((mails) => mails.length)).toEqual([1, 0, 0, 0, 0, 0, 0, 0])
})

test('many accounts moving to one address: refused after a few per hour', async () => {
  const target = address('alvo-comum')
  const errors = []
  for (let i = 0; i < 5; i++) errors.push((await (await signedIn()).auth.updateUser({ email: target })).error?.status)
  expect(errors).toEqual([undefined, undefined, undefined, 429, 429])
  expect(await listDevEmails(handle.db, { to: target, limit: 10 })).toHaveLength(3)
})

test('an address with an account gets the same answer as a free one; its owner gets a notice, no link', async () => {
  const taken = address('dono')
  await auth.adminClient().auth.admin.createUser({ email: taken, password: 'senha-do-dono-1', email_confirm: true })
  const free = address('livre')
  const toTaken = await (await signedIn()).auth.updateUser({ email: taken })
  const toFree = await (await signedIn()).auth.updateUser({ email: free })
  expect(toTaken.error).toBeNull()
  expect(toFree.error).toBeNull()
  expect(toTaken.data.user?.new_email).toBe(taken)
  expect(toFree.data.user?.new_email).toBe(free)
  const shape = (u: typeof toFree.data.user) => Object.keys(u ?? {}).sort()
  expect(shape(toTaken.data.user)).toEqual(shape(toFree.data.user))

  const [notice] = await listDevEmails(handle.db, { to: taken, limit: 1 })
  expect(notice!.text).toContain('já é da sua conta')
  expect(notice!.text).not.toMatch(/código|https?:\/\//)
  const [link] = await listDevEmails(handle.db, { to: free, limit: 1 })
  expect(link!.text).toMatch(/código: \d{6}/)
})
