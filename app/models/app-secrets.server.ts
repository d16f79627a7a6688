// Secrets the instance generates and keeps in the database (table app_secrets): the first caller
// makes a random 256-bit value; every later caller, on any instance, reads the same one (once per
// process: routes that need it per request cost no query).
import { randomBytes } from 'node:crypto'
import { and, eq, like, lt } from 'drizzle-orm'
import { appSecrets } from '../../db/schema'
import { requireHostedSecrets, type SecretsEnv } from '~/env.server'
import type { Database } from '~/utils/db.server'

export type AppSecretName = 'session' | 'credentials'

/** A secret never changes once made: each database's are read once per process. */
const known = new WeakMap<Database, Map<AppSecretName, Promise<string>>>()

export function loadOrCreateSecret(db: Database, name: AppSecretName): Promise<string> {
  const secrets = known.get(db) ?? new Map<AppSecretName, Promise<string>>()
  known.set(db, secrets)
  let secret = secrets.get(name)
  if (!secret) {
    secret = readOrCreate(db, name)
    // A failed read (database away) is tried again next time.
    secret.catch(() => secrets.delete(name))
    secrets.set(name, secret)
  }
  return secret
}

async function readOrCreate(db: Database, name: AppSecretName): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
  return row!.value
}

/** A key kept beside the data only in the embedded database: on a hosted one, the environment's. */
function keptInDatabase(env: SecretsEnv, db: Database, name: AppSecretName): Promise<string> {
  requireHostedSecrets(env)
  return loadOrCreateSecret(db, name)
}

/** The secret that signs toast cookies and upload links: SESSION_SECRET when the environment
 * gives one, else (embedded database only) this database's own random secret, made on first
 * start (ADR 140, 302). */
export async function sessionSecretFor(env: SecretsEnv, db: Database): Promise<string> {
  return env.SESSION_SECRET ?? (await keptInDatabase(env, db, 'session'))
}

/** The one key that seals every stored credential (Instagram tokens, feed API keys, TOTP
 * secrets): TOKEN_ENCRYPTION_KEY, else (embedded database only) the database's own (ADR 305). */
export async function credentialsKeyFor(env: SecretsEnv, db: Database): Promise<string> {
  return env.TOKEN_ENCRYPTION_KEY ?? (await keptInDatabase(env, db, 'credentials'))
}

/** Today's (UTC) random key under `prefix`, the same on every instance; the keys of earlier
 * days are deleted as a new day's is made, so what was keyed with them can no longer be linked
 * to anything. Read once per process and day. */
const daily = new WeakMap<Database, Map<string, Promise<string>>>()

export function dailySecret(db: Database, prefix: 'visitor', now = new Date()): Promise<string> {
  const name = `${prefix}:${now.toISOString().slice(0, 10)}`
  const keys = daily.get(db) ?? new Map<string, Promise<string>>()
  daily.set(db, keys)
  let key = keys.get(name)
  if (!key) {
    key = makeDaily(db, prefix, name)
    key.catch(() => keys.delete(name))
    for (const old of keys.keys()) if (old !== name) keys.delete(old)
    keys.set(name, key)
  }
  return key
}

async function makeDaily(db: Database, prefix: string, name: string): Promise<string> {
  // Earlier days' keys go (names sort by date); today's, made here or by another instance, stays.
  await db.delete(appSecrets).where(and(like(appSecrets.name, `${prefix}:%`), lt(appSecrets.name, name)))
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
  return row!.value
}
