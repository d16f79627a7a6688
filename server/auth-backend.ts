// The auth backend of this instance (docs/principles.md "Auth"; ADR 010, 011): a hosted Supabase Auth at
// SUPABASE_URL, or the built-in API (server/auth-api) reached in-process or over HTTP.
import { createHmac } from 'node:crypto'
import { AuthConfigError, type AuthBackend } from '~/utils/auth.server'
import { cookiesAreSecure, requireHostedSecrets, type Env } from '~/env.server'
import { credentialsKeyFor } from '~/models/app-secrets.server'
import type { Database } from '~/utils/db.server'
import type { EmailService } from '~/integrations/mail/email.server'
import {
  createApiKeys,
  createInProcessFetch,
  handleAuthRequest,
  loadOrCreateJwtSecret,
  type AuthApiDeps,
} from './auth-api'

type Log = {
  info(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** The built-in API's signing key: AUTH_JWT_SECRET, else one derived from SESSION_SECRET, else
 * (embedded database only, ADR 305) a random one made once and kept in the database. */
async function jwtSecretFor(env: Env, db: Database) {
  if (env.AUTH_JWT_SECRET) return env.AUTH_JWT_SECRET
  if (env.SESSION_SECRET) return createHmac('sha256', env.SESSION_SECRET).update('vitrine-auth-jwt').digest('base64url')
  requireHostedSecrets(env)
  return loadOrCreateJwtSecret(db)
}

export async function createAuthBackend(options: {
  env: Env
  db: Database
  email: EmailService
  logger: Log
}): Promise<AuthBackend> {
  const { env, db, email, logger } = options
  const siteUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const secureCookies = cookiesAreSecure(env)
  const hostedUrl = env.SUPABASE_URL?.replace(/\/$/, '').replace(/\/auth\/v1$/, '')
  const servesItself = !hostedUrl || new URL(hostedUrl).origin === new URL(siteUrl).origin

  if (!servesItself) {
    if (!env.SUPABASE_ANON_KEY)
      throw new AuthConfigError(
        'SUPABASE_ANON_KEY: obrigatório quando SUPABASE_URL é definido / required when SUPABASE_URL is set',
      )
    return {
      mode: 'hosted',
      supabaseUrl: hostedUrl!,
      anonKey: env.SUPABASE_ANON_KEY,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      fetch,
      api: undefined,
      siteUrl,
      secureCookies,
    }
  }

  const jwtSecret = await jwtSecretFor(env, db)
  const keys = await createApiKeys(jwtSecret)
  const deps: AuthApiDeps = {
    db,
    jwtSecret,
    credentialsKey: await credentialsKeyFor(env, db),
    siteUrl,
    confirmEmail: env.AUTH_CONFIRM_EMAIL,
    passwordHashCost: env.AUTH_PASSWORD_HASH_COST,
    sendEmail: (message) => email.send(message),
    logger,
  }
  const api = (request: Request) => handleAuthRequest(request, deps)
  if (hostedUrl) {
    // SUPABASE_URL names this app: the same API, reached over HTTP as a hosted one would be.
    return {
      mode: 'self-http',
      supabaseUrl: hostedUrl,
      anonKey: env.SUPABASE_ANON_KEY ?? keys.anonKey,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? keys.serviceRoleKey,
      fetch,
      api,
      siteUrl,
      secureCookies,
    }
  }
  return {
    mode: 'embedded',
    supabaseUrl: siteUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    fetch: createInProcessFetch(siteUrl, api),
    api,
    siteUrl,
    secureCookies,
  }
}
