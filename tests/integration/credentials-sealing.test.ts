// Every stored credential is sealed with the one key (ADR 305): TOKEN_ENCRYPTION_KEY, or, with the
// embedded database only, the one kept in it. A hosted database (DATABASE_URL) without the keys in
// the environment refuses to start, naming them; an install that kept its key in the database has
// what it sealed sealed again with the environment's key on its first start with one.
import { randomUUID } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appSecrets, integrations, socialAccounts } from '../../db/schema'
import { authMfaFactors } from '../../db/schema-auth'
import { EnvError, parseEnv } from '~/env.server'
import { credentialsKeyFor, loadOrCreateSecret } from '~/models/app-secrets.server'
import { createLogger } from '~/utils/logger.server'
import { seal, unseal } from '~/utils/sealed.server'
import { sealStoredCredentials } from '~/models/stored-credentials.server'
import { connectFeed } from '~/workflows/feed-connect.server'
import { feedSyncDeps } from '~/workflows/feed-sync-job.server'
import { createServices } from '../../server/app'
import { sampleListings } from '../../scripts/feeds/sample-listings'
import { vistaRecords } from '../../scripts/feeds/sample-feeds'
import { startVistaServer } from '../mocks/vista'
import { createAuthHarness } from '../support/auth-harness'
import { createAgent, createFeedHarness, type FeedHarness } from '../support/feeds'
import { createTestDatabase } from '../setup/db'

const silent = createLogger('silent')
const KEY = 'chave-do-ambiente-que-sela-as-credenciais'
// Nothing listens there: a start that went as far as opening the database would fail otherwise.
const HOSTED = 'postgres://postgres@127.0.0.1:9/vitrine'

describe('with a hosted database (DATABASE_URL)', () => {
  test('start-up without the sealing key refuses, naming TOKEN_ENCRYPTION_KEY', async () => {
    const env = parseEnv({ DATABASE_URL: HOSTED, SESSION_SECRET: 'segredo-da-sessao' })
    const refused = createServices(env, silent)
    await expect(refused).rejects.toBeInstanceOf(EnvError)
    await expect(refused).rejects.toThrow(/TOKEN_ENCRYPTION_KEY: obrigatório com DATABASE_URL/)
    await expect(refused).rejects.not.toThrow(/SESSION_SECRET/)
  })

  test('start-up without either key names both', async () => {
    const refused = createServices(parseEnv({ DATABASE_URL: HOSTED, AUTH_JWT_SECRET: 'x'.repeat(32) }), silent)
    await expect(refused).rejects.toThrow(/SESSION_SECRET: obrigatório[\s\S]*TOKEN_ENCRYPTION_KEY: obrigatório/)
  })

  test('no key is read from (or made in) the database', async () => {
    const handle = await createTestDatabase()
    try {
      const env = parseEnv({ DATABASE_URL: HOSTED })
      await expect(credentialsKeyFor(env, handle.db)).rejects.toThrow(/TOKEN_ENCRYPTION_KEY/)
      expect(await handle.db.select().from(appSecrets).where(eq(appSecrets.name, 'credentials'))).toEqual([])
      expect(await credentialsKeyFor(parseEnv({ DATABASE_URL: HOSTED, TOKEN_ENCRYPTION_KEY: KEY }), handle.db)).toBe(
        KEY,
      )
    } finally {
      await handle.close()
    }
  })
})

describe('Vista keys', () => {
  let h: FeedHarness
  beforeAll(async () => {
    h = await createFeedHarness()
  })
  afterAll(() => h.close())

  test('are sealed with TOKEN_ENCRYPTION_KEY, the Instagram tokens’ key, not the database’s', async () => {
    const vistaKey = 'c9fdd79584fb8d369a6a579af1a8f681'
    const vista = await startVistaServer(vistaKey, vistaRecords(sampleListings(2, { seed: 5, photos: 0 }), ''))
    try {
      const deps = await feedSyncDeps(parseEnv({ TOKEN_ENCRYPTION_KEY: KEY }), h.handle.db, h.storage, silent)
      const agent = await createAgent(h.handle)
      const result = await connectFeed({ ...deps, fetchOptions: { allowPrivateHosts: true } }, agent, {
        kind: 'vista',
        apiHost: vista.url,
        apiKey: vistaKey,
      })
      if (!result.ok) throw new Error(result.message)
      const [row] = await h.handle.db.select().from(integrations).where(eq(integrations.id, result.connection.id))
      const stored = row!.api_connection.apiKey!
      expect(stored).not.toContain(vistaKey)
      expect(unseal(KEY, stored)).toBe(vistaKey)
      const databaseKey = await loadOrCreateSecret(h.handle.db, 'credentials')
      expect(() => unseal(databaseKey, stored)).toThrow()
    } finally {
      await vista.close()
    }
  })
})

describe('TOTP secrets', () => {
  test('are stored sealed, and a factor kept in clear before still verifies and is sealed at the next start', async () => {
    const handle = await createTestDatabase()
    // The embedded default: the database's own key.
    const key = await credentialsKeyFor(parseEnv({}), handle.db)
    const auth = await createAuthHarness(handle.db, 'in-process', { credentialsKey: key })
    try {
      const client = auth.client()
      const email = `totp-${randomUUID()}@example.com`
      expect((await client.auth.signUp({ email, password: 'segredo123' })).error).toBeNull()
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
      const factor = enrolled.data!
      const [row] = await handle.db.select().from(authMfaFactors).where(eq(authMfaFactors.id, factor.id))
      expect(row!.secret).not.toContain(factor.totp.secret)
      expect(unseal(key, row!.secret)).toBe(factor.totp.secret)

      // As before ADR 305: the secret in clear. It still verifies.
      await handle.db.update(authMfaFactors).set({ secret: factor.totp.secret }).where(eq(authMfaFactors.id, factor.id))
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) }).generate()
      expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toBeNull()

      expect(await sealStoredCredentials(parseEnv({}), handle.db)).toMatchObject({ sealed: 1, resealed: 0 })
      const [after] = await handle.db.select().from(authMfaFactors).where(eq(authMfaFactors.id, factor.id))
      expect(unseal(key, after!.secret)).toBe(factor.totp.secret)
      expect(await sealStoredCredentials(parseEnv({}), handle.db)).toMatchObject({ sealed: 0, resealed: 0 })
    } finally {
      await auth.close()
      await handle.close()
    }
  })
})

describe('the first start with TOKEN_ENCRYPTION_KEY of an install that kept its key in the database', () => {
  test('seals everything again with the environment’s key and deletes the database’s', async () => {
    const h = await createFeedHarness()
    try {
      const db = h.handle.db
      const kept = await loadOrCreateSecret(db, 'credentials')
      const agent = await createAgent(h.handle)
      const [account] = await db
        .insert(socialAccounts)
        .values({ user_id: agent, provider: 'instagram', name: 'corretora', token_sealed: seal(kept, 'token-do-ig') })
        .returning()
      const [feed] = await db
        .insert(integrations)
        .values({
          user_id: agent,
          name: 'Vista',
          api_connection: { apiHost: 'https://crm.example', apiKey: seal(kept, 'chave-vista') },
        })
        .returning()

      const env = parseEnv({ TOKEN_ENCRYPTION_KEY: KEY })
      expect(await sealStoredCredentials(env, db)).toEqual({ sealed: 0, resealed: 2, unreadable: 0 })
      const [token] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account!.id))
      expect(unseal(KEY, token!.token_sealed!)).toBe('token-do-ig')
      const [connection] = await db.select().from(integrations).where(eq(integrations.id, feed!.id))
      expect(unseal(KEY, connection!.api_connection.apiKey!)).toBe('chave-vista')
      expect(connection!.api_connection.apiHost).toBe('https://crm.example')
      expect(await db.select().from(appSecrets).where(eq(appSecrets.name, 'credentials'))).toEqual([])
      // The next start finds nothing to do.
      expect(await sealStoredCredentials(env, db)).toEqual({ sealed: 0, resealed: 0, unreadable: 0 })
    } finally {
      await h.close()
    }
  })
})
