// Conformance of the built-in auth API, driven by @supabase/supabase-js itself, in-process and
// over HTTP (the hosted-mode path).
import * as OTPAuth from 'otpauth'
import { AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/supabase-js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authUsers } from '../../db/schema'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { listDevEmails } from '../../app/models/dev-emails.server'
import { createAuthHarness, type AuthHarness, type AuthMode } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(() => handle.close())

let counter = 0
const uniqueEmail = (mode: string) => `pessoa${++counter}-${mode}-${Date.now()}@example.com`

async function latestEmail(to: string) {
  const [email] = await listDevEmails(handle.db, { to, limit: 1 })
  if (!email) throw new Error(`no e-mail to ${to}`)
  const link = /(https?:\/\/\S+)/.exec(email.text)?.[1] ?? ''
  const code = /código: (\d{6})/.exec(email.text)?.[1] ?? ''
  return { ...email, link: new URL(link), code }
}

function totpCode(secret: string, at = Date.now()) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at })
}

describe.each<AuthMode>(['in-process', 'http'])('auth API via supabase-js (%s)', (mode) => {
  let auth: AuthHarness
  beforeAll(async () => {
    auth = await createAuthHarness(handle.db, mode)
  })
  afterAll(() => auth.close())

  async function signedUp(password = 'segredo123') {
    const email = uniqueEmail(mode)
    const client = auth.client()
    const { data, error } = await client.auth.signUp({ email, password })
    expect(error).toBeNull()
    return { client, email, password, session: data.session!, user: data.user! }
  }

  test('sign-up returns a session whose JWT carries the Supabase claims', async () => {
    const email = uniqueEmail(mode)
    const client = auth.client()
    const { data, error } = await client.auth.signUp({
      email: email.toUpperCase(),
      password: 'segredo123',
      options: { data: { full_name: 'Ana Souza' } },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata.full_name).toBe('Ana Souza')
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.expires_in).toBe(3600)
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({
      sub: data.user!.id,
      email,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password' }],
    })
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.exp - claims.iat).toBe(3600)
    const { data: current } = await client.auth.getUser()
    expect(current.user?.id).toBe(data.user!.id)
  })

  test('a password hashed by bcryptjs, before the native library (ADR 203), still signs in', async () => {
    const { email } = await signedUp()
    // bcryptjs 3, cost 10, of 'senha-antiga-123': what every account made before ADR 203 stores.
    const stored = '$2b$10$sLpoD80zequm76pryl0L1uSPJ/d8DqdYIUCHTFtT40zOquFNW3Uli'
    await handle.db.update(authUsers).set({ encrypted_password: stored }).where(eq(authUsers.email, email))
    const client = auth.client()
    expect((await client.auth.signInWithPassword({ email, password: 'senha-antiga-123' })).error).toBeNull()
    expect((await client.auth.signInWithPassword({ email, password: 'senha-antiga-124' })).error).toMatchObject({
      code: 'invalid_credentials',
    })
  })

  test('new passwords are hashed at cost 10; a server set lower (ADR 204) still checks the old ones', async () => {
    const storedHash = async (email: string) =>
      (await handle.db.select().from(authUsers).where(eq(authUsers.email, email)))[0]?.encrypted_password
    const production = await createAuthHarness(handle.db, mode, { passwordHashCost: undefined })
    const email = uniqueEmail(mode)
    try {
      expect((await production.client().auth.signUp({ email, password: 'segredo123' })).error).toBeNull()
      expect(await storedHash(email)).toMatch(/^\$2b\$10\$/)
    } finally {
      await production.close()
    }

    // This file's server hashes at cost 4; the cost is read from each stored hash, so the
    // cost-10 account signs in on it and a wrong password is still refused.
    const newcomer = await signedUp()
    expect(await storedHash(newcomer.email)).toMatch(/^\$2b\$04\$/)
    expect((await auth.client().auth.signInWithPassword({ email, password: 'segredo123' })).error).toBeNull()
    expect((await auth.client().auth.signInWithPassword({ email, password: 'errada123' })).error).toMatchObject({
      code: 'invalid_credentials',
    })
  })

  test('errors carry Supabase codes and English messages', async () => {
    const { email } = await signedUp()
    const client = auth.client()

    // An address with an account answers as a sign-up waiting for its e-mail (ADR 307).
    const duplicate = await client.auth.signUp({ email, password: 'outrasenha' })
    expect(duplicate.error).toBeNull()
    expect(duplicate.data.session).toBeNull()

    const weak = await client.auth.signUp({ email: uniqueEmail(mode), password: '123' })
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError)
    expect(weak.error).toMatchObject({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    })

    const wrong = await client.auth.signInWithPassword({ email, password: 'errada123' })
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail(mode),
      password: 'segredo123',
    })
    expect(unknown.error).toMatchObject({ code: 'invalid_credentials' })

    const badEmail = await client.auth.signUp({ email: 'nao-e-email', password: 'segredo123' })
    expect(badEmail.error).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
    const noPassword = await client.auth.signUp({ email: uniqueEmail(mode), password: '' })
    expect(noPassword.error).toMatchObject({ message: 'Signup requires a valid password' })
  })

  test('the wire format is Supabase Auth 2024-01-01 ({code, error_code, msg})', async () => {
    const response = await auth.fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ninguem@example.com', password: 'x' }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
    const noKey = await auth.fetch(`${auth.url}/auth/v1/user`)
    expect(noKey.status).toBe(401)
    const badKey = await auth.fetch(`${auth.url}/auth/v1/settings`, { headers: { apikey: 'x' } })
    expect(badKey.status).toBe(200) // open route
    const forged = await auth.fetch(`${auth.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' },
    })
    expect(forged.status).toBe(401)
    expect((await forged.json()).message).toBe('Invalid API key')
  })

  test('a second code within the minute is refused with over_email_send_rate_limit; one e-mail carries code and link', async () => {
    const limited = await createAuthHarness(handle.db, mode, { emailFrequencySeconds: 60 })
    try {
      const email = uniqueEmail(mode)
      expect((await limited.client().auth.signUp({ email, password: 'segredo123' })).error).toBeNull()
      expect((await limited.client().auth.signInWithOtp({ email })).error).toBeNull()
      const again = await limited.client().auth.signInWithOtp({ email })
      expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
      expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/)
      const emails = await listDevEmails(handle.db, { to: email, limit: 5 })
      expect(emails).toHaveLength(1)
      expect(emails[0]!.subject).toBe('Seu código de acesso à Vitrine')
      const mail = await latestEmail(email)
      expect(mail.code).toMatch(/^\d{6}$/)
      expect(mail.link.searchParams.get('type')).toBe('magiclink')
    } finally {
      await limited.close()
    }
  })

  test('a generated magic link (GET /verify) lands on the site with a session; anonymous sign-in can be off', async () => {
    const { email } = await signedUp()
    const { data } = await auth.adminClient().auth.admin.generateLink({ type: 'magiclink', email })
    const opened = await auth.fetch(data.properties!.action_link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const landing = new URL(opened.headers.get('location')!)
    expect(landing.origin).toBe(new URL(auth.deps.siteUrl).origin)
    expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toBeTruthy()

    const closed = await createAuthHarness(handle.db, mode, { anonymousSignIns: false })
    try {
      expect((await closed.client().auth.signInAnonymously()).error).toMatchObject({
        status: 422,
        code: 'anonymous_provider_disabled',
      })
    } finally {
      await closed.close()
    }
  })

  test('sign in, update the user, change the password', async () => {
    const { email } = await signedUp()
    const client = auth.client()
    const { data, error } = await client.auth.signInWithPassword({ email, password: 'segredo123' })
    expect(error).toBeNull()
    expect(data.session?.refresh_token).toBeTruthy()

    const updated = await client.auth.updateUser({ data: { phone: '11999990000' } })
    expect(updated.data.user?.user_metadata.phone).toBe('11999990000')

    const same = await client.auth.updateUser({ password: 'segredo123' })
    expect(same.error).toMatchObject({ code: 'same_password' })
    const changed = await client.auth.updateUser({ password: 'novasenha1' })
    expect(changed.error).toBeNull()

    const again = auth.client()
    expect((await again.auth.signInWithPassword({ email, password: 'segredo123' })).error?.code).toBe(
      'invalid_credentials',
    )
    expect((await again.auth.signInWithPassword({ email, password: 'novasenha1' })).error).toBeNull()
  })

  test('refresh tokens are single use: a reused token revokes the session family', async () => {
    auth.deps.refreshTokenReuseIntervalSeconds = 0
    try {
      const { client, session } = await signedUp()
      const first = session.refresh_token
      const refreshed = await client.auth.refreshSession()
      expect(refreshed.error).toBeNull()
      const second = refreshed.data.session!.refresh_token
      expect(second).not.toBe(first)

      const thief = auth.client()
      const reuse = await thief.auth.refreshSession({ refresh_token: first })
      expect(reuse.error).toMatchObject({
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      })
      // The whole family is gone: the legitimate child and the access token both stop working.
      const child = await auth.client().auth.refreshSession({ refresh_token: second })
      expect(child.error?.code).toBe('refresh_token_not_found')
      const user = await client.auth.getUser(refreshed.data.session!.access_token)
      expect(isAuthSessionMissingError(user.error)).toBe(true)
    } finally {
      auth.deps.refreshTokenReuseIntervalSeconds = undefined
    }
  })

  test('two racing refreshes with one token get the same child (reuse interval)', async () => {
    const { session } = await signedUp()
    const a = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token })
    const b = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(a.error).toBeNull()
    expect(b.error).toBeNull()
    expect(b.data.session!.refresh_token).toBe(a.data.session!.refresh_token)
    // …but only the immediate child: a grandchild's grandparent is reuse.
    const c = await auth.client().auth.refreshSession({ refresh_token: a.data.session!.refresh_token })
    expect(c.error).toBeNull()
    const late = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(late.error?.code).toBe('refresh_token_already_used')
  })

  test('sign-out scopes: local, others, global', async () => {
    const { email, password } = await signedUp()
    const devices = [auth.client(), auth.client(), auth.client()]
    for (const d of devices) await d.auth.signInWithPassword({ email, password })
    const tokens = await Promise.all(devices.map(async (d) => (await d.auth.getSession()).data.session!.access_token))
    const alive = async (token: string) => !(await auth.client().auth.getUser(token)).error

    expect((await devices[0]!.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await alive(tokens[0]!)).toBe(false)
    expect(await alive(tokens[1]!)).toBe(true)

    expect((await devices[1]!.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await alive(tokens[1]!)).toBe(true)
    expect(await alive(tokens[2]!)).toBe(false)

    await devices[2]!.auth.signInWithPassword({ email, password })
    const other = (await devices[2]!.auth.getSession()).data.session!.access_token
    expect((await devices[1]!.auth.signOut()).error).toBeNull() // global by default
    expect(await alive(tokens[1]!)).toBe(false)
    expect(await alive(other)).toBe(false)
  })

  test('password recovery through the e-mail link (token_hash) and through the code', async () => {
    const { email } = await signedUp()
    const client = auth.client()
    const redirectTo = `${auth.deps.siteUrl}/confirm?next=%2Fredefinir-senha`
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull()
    const mail = await latestEmail(email)
    expect(mail.subject).toBe('Redefinição de senha')
    expect(mail.link.pathname).toBe('/confirm')
    expect(mail.link.searchParams.get('next')).toBe('/redefinir-senha')
    expect(mail.link.searchParams.get('type')).toBe('recovery')

    const { data, error } = await client.auth.verifyOtp({
      token_hash: mail.link.searchParams.get('token_hash')!,
      type: 'recovery',
    })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    expect((await client.auth.updateUser({ password: 'recuperada1' })).error).toBeNull()
    expect((await auth.client().auth.signInWithPassword({ email, password: 'recuperada1' })).error).toBeNull()

    // A used link does not work twice.
    const reused = await auth.client().auth.verifyOtp({
      token_hash: mail.link.searchParams.get('token_hash')!,
      type: 'recovery',
    })
    expect(reused.error).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid' })

    await client.auth.resetPasswordForEmail(email)
    const second = await latestEmail(email)
    const byCode = await auth.client().auth.verifyOtp({ email, token: second.code, type: 'recovery' })
    expect(byCode.error).toBeNull()
    expect(byCode.data.user?.email).toBe(email)
  })

  test('recovery does not reveal whether an address has an account', async () => {
    const result = await auth.client().auth.resetPasswordForEmail(uniqueEmail(mode))
    expect(result.error).toBeNull()
    expect(result.data).toEqual({})
  })

  test('PKCE: the default e-mail link (GET /verify) returns a code the client exchanges', async () => {
    const { email } = await signedUp()
    const client = auth.client({ flowType: 'pkce' })
    await client.auth.resetPasswordForEmail(email, { redirectTo: `${auth.deps.siteUrl}/confirm` })
    const mail = await latestEmail(email)
    const verify = new URL(`${auth.url}/auth/v1/verify`)
    verify.searchParams.set('token', mail.link.searchParams.get('token_hash')!)
    verify.searchParams.set('type', 'recovery')
    verify.searchParams.set('redirect_to', `${auth.deps.siteUrl}/confirm`)
    const redirect = await auth.fetch(verify, { redirect: 'manual' })
    expect(redirect.status).toBe(303)
    const location = new URL(redirect.headers.get('location')!)
    expect(location.pathname).toBe('/confirm')
    const code = location.searchParams.get('code')!
    expect(code).toBeTruthy()

    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe(email)
    // A code is single use, and a stranger without the verifier cannot use it.
    const again = await auth.client({ flowType: 'pkce' }).auth.exchangeCodeForSession(code)
    expect(again.error).toBeTruthy()

    const expired = await auth.fetch(verify, { redirect: 'manual' })
    const failed = new URL(expired.headers.get('location')!)
    expect(new URLSearchParams(failed.hash.slice(1)).get('error_description')).toBe(
      'Email link is invalid or has expired',
    )
  })

  test('TOTP: enrol, verify to aal2, challenge at the next sign-in, unenrol', async () => {
    const { client, email, password } = await signedUp()
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+5511999990000' })
    expect(phone.error).toBeTruthy()

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Celular' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(factor.totp.uri).toContain('otpauth://totp/')

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: '000000',
    })
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed' })
    const code = totpCode(factor.totp.secret)
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code,
    })
    expect(verified.error).toBeNull()
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

    const device = auth.client()
    await device.auth.signInWithPassword({ email, password })
    const before = await device.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    const factors = await device.auth.mfa.listFactors()
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id])
    // The same code cannot be replayed.
    const replay = await device.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    expect(replay.error?.code).toBe('mfa_verification_failed')
    const unenrollAtAal1 = await device.auth.mfa.unenroll({ factorId: factor.id })
    expect(unenrollAtAal1.error?.code).toBe('insufficient_aal')
    const passwordAtAal1 = await device.auth.updateUser({ password: 'trocada123' })
    expect(passwordAtAal1.error?.code).toBe('insufficient_aal')

    const next = totpCode(factor.totp.secret, Date.now() + 30_000)
    const raised = await device.auth.mfa.challengeAndVerify({ factorId: factor.id, code: next })
    expect(raised.error).toBeNull()
    expect((await device.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2')
    // The raised session's refresh token works.
    expect((await device.auth.refreshSession()).error).toBeNull()

    expect((await device.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    const after = await auth.client()
    await after.auth.signInWithPassword({ email, password })
    expect((await after.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1')
  })

  test('admin users API: create, list with pagination, get, update, ban, delete', async () => {
    const admin = auth.adminClient().auth.admin
    const email = uniqueEmail(mode)
    const created = await admin.createUser({
      email,
      password: 'segredo123',
      email_confirm: true,
      user_metadata: { full_name: 'Bruno Lima' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(created.data.user?.email_confirmed_at).toBeTruthy()

    const duplicate = await admin.createUser({ email, password: 'segredo123' })
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 })

    const page = await admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    expect((page.data as { total: number }).total).toBeGreaterThan(2)
    expect((page.data as { nextPage: number | null }).nextPage).toBe(2)

    expect((await admin.getUserById(id)).data.user?.user_metadata.full_name).toBe('Bruno Lima')
    const missing = await admin.getUserById(crypto.randomUUID())
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' })

    const client = auth.client()
    await client.auth.signInWithPassword({ email, password: 'segredo123' })
    const banned = await admin.updateUserById(id, { ban_duration: '24h' })
    expect(banned.data.user?.banned_until).toBeTruthy()
    expect(isAuthSessionMissingError((await client.auth.getUser()).error)).toBe(true)
    const refused = await auth.client().auth.signInWithPassword({ email, password: 'segredo123' })
    expect(refused.error).toMatchObject({ code: 'user_banned' })
    await admin.updateUserById(id, { ban_duration: 'none' })

    expect((await admin.deleteUser(id)).error).toBeNull()
    expect((await admin.getUserById(id)).error?.status).toBe(404)

    const notAdmin = await auth.client().auth.admin.listUsers()
    expect(notAdmin.error).toMatchObject({ status: 403, code: 'not_admin' })
  })

  test('admin MFA: list and delete a user’s factors', async () => {
    const { client, user } = await signedUp()
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' })
    const admin = auth.adminClient().auth.admin
    const listed = await admin.mfa.listFactors({ userId: user.id })
    expect(listed.data?.factors.map((f) => f.id)).toEqual([data!.id])
    expect((await admin.mfa.deleteFactor({ userId: user.id, id: data!.id })).error).toBeNull()
    expect((await admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([])
  })
})

describe('with e-mail confirmation (AUTH_CONFIRM_EMAIL=true)', () => {
  let auth: AuthHarness
  beforeAll(async () => {
    auth = await createAuthHarness(handle.db, 'in-process', { confirmEmail: true })
  })
  afterAll(() => auth.close())

  test('sign-up waits for the e-mail; sign-in before it says email_not_confirmed', async () => {
    const email = uniqueEmail('confirm')
    const client = auth.client()
    const signUp = await client.auth.signUp({
      email,
      password: 'segredo123',
      options: { emailRedirectTo: 'http://localhost:3000/confirm?next=%2F' },
    })
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.identities).toHaveLength(1)

    const early = await client.auth.signInWithPassword({ email, password: 'segredo123' })
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    })

    const mail = await latestEmail(email)
    expect(mail.subject).toBe('Confirme seu e-mail')
    const confirmed = await client.auth.verifyOtp({
      token_hash: mail.link.searchParams.get('token_hash')!,
      type: mail.link.searchParams.get('type') as 'signup',
    })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy()
    expect((await auth.client().auth.signInWithPassword({ email, password: 'segredo123' })).error).toBeNull()

    // Signing up again with a confirmed address answers like a new sign-up (no enumeration).
    const again = await auth.client().auth.signUp({ email, password: 'segredo123' })
    expect(again.error).toBeNull()
    expect(again.data.user?.identities).toHaveLength(1)
    expect(again.data.session).toBeNull()
  })

  test('resend sends a new confirmation', async () => {
    const email = uniqueEmail('resend')
    await auth.client().auth.signUp({ email, password: 'segredo123' })
    const first = await latestEmail(email)
    expect((await auth.client().auth.resend({ type: 'signup', email })).error).toBeNull()
    const second = await latestEmail(email)
    expect(second.id).not.toBe(first.id)
    const stale = await auth.client().auth.verifyOtp({ email, token: first.code, type: 'signup' })
    expect(stale.error?.code).toBe('otp_expired')
    const fresh = await auth.client().auth.verifyOtp({ email, token: second.code, type: 'signup' })
    expect(fresh.error).toBeNull()
  })
})
