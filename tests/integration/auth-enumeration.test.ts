// The public auth endpoints answer an address with an account as one without (issue 66, ADR 307):
// same status, same body shape, and no e-mail to an address nobody owns.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { listDevEmails } from '../../app/models/dev-emails.server'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle?.close())

const address = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** The body with every value replaced by its type: what a reader of the answer can compare. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    )
  return value === null ? null : typeof value
}

async function post(auth: AuthHarness, path: string, body: unknown) {
  const response = await auth.fetch(`${auth.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: auth.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function account(auth: AuthHarness, email = address('dono')) {
  const { error } = await auth
    .adminClient()
    .auth.admin.createUser({ email, password: 'senha-do-dono-1', email_confirm: true })
  expect(error).toBeNull()
  return email
}

const mails = (to: string) => listDevEmails(handle.db, { to, limit: 5 })

describe('POST /otp with create_user false', () => {
  let auth: AuthHarness
  beforeAll(async () => {
    auth = await createAuthHarness(handle.db, 'in-process', { emailFrequencySeconds: 60 })
  })
  afterAll(() => auth?.close())

  test('a known and an unknown address get 200 {}; only the known one gets a code', async () => {
    const known = await account(auth)
    const unknown = address('ninguem')
    const toKnown = await post(auth, '/otp', { email: known, create_user: false })
    const toUnknown = await post(auth, '/otp', { email: unknown, create_user: false })
    expect(toUnknown).toEqual(toKnown)
    expect(toKnown).toEqual({ status: 200, body: {} })
    expect(await mails(unknown)).toHaveLength(0)
    const [code] = await mails(known)
    expect(code!.subject).toBe('Seu código de acesso à Vitrine')

    // The code still signs the known account in.
    const typed = /código: (\d{6})/.exec(code!.text)![1]!
    const client = auth.client()
    const signedIn = await client.auth.verifyOtp({ email: known, token: typed, type: 'email' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.session?.user.email).toBe(known)
  })

  test('asked again within the minute: 200 {} for both (an unknown address is never refused)', async () => {
    const known = await account(auth)
    const unknown = address('ninguem')
    for (const email of [known, unknown]) await post(auth, '/otp', { email, create_user: false })
    const again = await post(auth, '/otp', { email: known, create_user: false })
    const againUnknown = await post(auth, '/otp', { email: unknown, create_user: false })
    expect(again).toEqual({ status: 200, body: {} })
    expect(againUnknown).toEqual(again)
    expect(await mails(known)).toHaveLength(1)
    expect(await mails(unknown)).toHaveLength(0)
  })

  test('supabase-js signInWithOtp: no error either way', async () => {
    const known = await account(auth)
    const options = { shouldCreateUser: false }
    const a = await auth.client().auth.signInWithOtp({ email: known, options })
    const b = await auth.client().auth.signInWithOtp({ email: address('ninguem'), options })
    expect(a.error).toBeNull()
    expect(b.error).toBeNull()
    expect(b.data).toEqual(a.data)
  })
})

describe('POST /recover', () => {
  test('the same empty answer; only the owner gets the link', async () => {
    const auth = await createAuthHarness(handle.db, 'in-process')
    try {
      const known = await account(auth)
      const unknown = address('ninguem')
      const a = await post(auth, '/recover', { email: known })
      const b = await post(auth, '/recover', { email: unknown })
      expect(b).toEqual(a)
      expect(a).toEqual({ status: 200, body: {} })
      expect(await mails(known)).toHaveLength(1)
      expect(await mails(unknown)).toHaveLength(0)
    } finally {
      await auth.close()
    }
  })
})

describe('POST /resend (signup)', () => {
  test('an unconfirmed sign-up asked again within the minute answers as an unknown address', async () => {
    const auth = await createAuthHarness(handle.db, 'in-process', { confirmEmail: true, emailFrequencySeconds: 60 })
    try {
      const waiting = address('esperando')
      expect((await auth.client().auth.signUp({ email: waiting, password: 'senha-nova-1' })).error).toBeNull()
      const a = await post(auth, '/resend', { type: 'signup', email: waiting })
      const b = await post(auth, '/resend', { type: 'signup', email: address('ninguem') })
      expect(a).toEqual(b)
      expect(a.status).toBe(200)
      expect(await mails(waiting)).toHaveLength(1)
    } finally {
      await auth.close()
    }
  })
})

describe.each([
  ['confirmations on', true],
  ['confirmations off', false],
])('POST /signup with %s', (_name, confirmEmail) => {
  let auth: AuthHarness
  beforeAll(async () => {
    auth = await createAuthHarness(handle.db, 'in-process', { confirmEmail, emailFrequencySeconds: 60 })
  })
  afterAll(() => auth?.close())

  test('an address with an account: 200, a new user waiting for its e-mail; the owner gets a note', async () => {
    const known = await account(auth)
    const answer = await post(auth, '/signup', { email: known, password: 'outra-senha-1', data: { full_name: 'X' } })
    expect(answer.status).toBe(200)
    expect(answer.body).not.toHaveProperty('access_token')
    const [note] = await mails(known)
    expect(note!.subject).toBe('Você já tem uma conta na Vitrine')
    expect(note!.text).toContain('já tem uma conta')
    expect(note!.text).not.toMatch(/código: \d|token_hash/)
    // Nothing of the account in the answer: a new id, no sign-in, the metadata sent.
    const { data } = await auth.adminClient().auth.admin.listUsers()
    const owner = data.users.find((u) => u.email === known)!
    expect(answer.body.id).not.toBe(owner.id)
    expect(answer.body.email).toBe(known)
    expect(answer.body.email_confirmed_at ?? null).toBeNull()
    expect(answer.body.last_sign_in_at ?? null).toBeNull()
    expect(answer.body.user_metadata).toMatchObject({ full_name: 'X' })
    // The password was not changed.
    const signIn = await auth.client().auth.signInWithPassword({ email: known, password: 'senha-do-dono-1' })
    expect(signIn.error).toBeNull()

    // A second try within the minute: the same answer, no second note.
    const again = await post(auth, '/signup', { email: known, password: 'outra-senha-1' })
    expect(again.status).toBe(200)
    expect(await mails(known)).toHaveLength(1)
  })

  if (confirmEmail)
    test('the same status and body shape as a new address, whose owner gets the confirmation', async () => {
      const known = await account(auth)
      const fresh = address('novo')
      const body = (email: string) => ({ email, password: 'outra-senha-1', data: { full_name: 'X' } })
      const toKnown = await post(auth, '/signup', body(known))
      const toFresh = await post(auth, '/signup', body(fresh))
      expect(toKnown.status).toBe(toFresh.status)
      expect(shape(toKnown.body)).toEqual(shape(toFresh.body))
      expect((toKnown.body.identities as unknown[]).length).toBe((toFresh.body.identities as unknown[]).length)
      const [confirmation] = await mails(fresh)
      expect(confirmation!.subject).toBe('Confirme seu e-mail')
    })
  else
    test('the answer is the one a sign-up with confirmations on gets: no error, no session', async () => {
      const known = await account(auth)
      const signedUp = await auth.client().auth.signUp({ email: known, password: 'outra-senha-1' })
      expect(signedUp.error).toBeNull()
      expect(signedUp.data.session).toBeNull()
      expect(signedUp.data.user?.email).toBe(known)
      expect(signedUp.data.user?.identities).toHaveLength(1)
    })
})
