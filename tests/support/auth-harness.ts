// The built-in auth API for tests (the real thing the app ships, not a stub, hence not under
// mocks/): reachable in-process through supabase-js's global.fetch, and over HTTP on an
// ephemeral 127.0.0.1 port, which is how a hosted Supabase is reached.
import { randomBytes } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { handleAuthRequest, type AuthApiDeps } from '../../server/auth-api/handler'
import { createApiKeys } from '../../server/auth-api/jwt'
import { createInProcessFetch } from '../../server/auth-api/fetch'
import { listen } from './auth-api-node-http'
import type { Database } from '../../app/utils/db.server'
import type { AuthBackend } from '../../app/utils/auth.server'
import { createEmailService } from '../../app/integrations/mail/email.server'
import { devMailboxOf } from '../../app/models/dev-emails.server'

export type AuthMode = 'in-process' | 'http'

export type AuthHarness = {
  mode: AuthMode
  /** What a client passes as its Supabase URL. */
  url: string
  deps: AuthApiDeps
  anonKey: string
  serviceRoleKey: string
  /** supabase-js reaching the API the way this mode does. */
  fetch: typeof fetch
  client(options?: { flowType?: 'pkce' | 'implicit' }): SupabaseClient
  adminClient(): SupabaseClient
  close(): Promise<void>
}

export function supabaseClient(
  url: string,
  key: string,
  options: { fetch?: typeof fetch; flowType?: 'pkce' | 'implicit' } = {},
) {
  return createClient(url, key, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
      storage: memoryStorage(),
    },
    // Node 20 has no WebSocket; supabase-js refuses to start without a transport.
    realtime: { transport: ws as never },
    global: options.fetch ? { fetch: options.fetch } : undefined,
  })
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

export async function createAuthHarness(
  db: Database,
  mode: AuthMode,
  overrides: Partial<AuthApiDeps> = {},
): Promise<AuthHarness> {
  const jwtSecret = randomBytes(32).toString('base64url')
  const { anonKey, serviceRoleKey } = await createApiKeys(jwtSecret)
  const email = createEmailService({ devMailbox: devMailboxOf(db), from: 'Vitrine <nao-responda@vitrine.app>' })
  const deps: AuthApiDeps = {
    db,
    jwtSecret,
    credentialsKey: randomBytes(32).toString('base64url'),
    siteUrl: 'http://localhost:3000',
    confirmEmail: false,
    sendEmail: (m) => email.send(m),
    emailFrequencySeconds: 0,
    // bcrypt's minimum cost, as the end-to-end servers use (ADR 204); a test of the default
    // passes `passwordHashCost: undefined`.
    passwordHashCost: 4,
    ...overrides,
  }
  // The API sends its e-mails after the answer (ADR 307); a test reads the mailbox right after
  // an answer, so the harness answers once those e-mails are kept.
  const sending = new Set<Promise<void>>()
  deps.afterAnswer = (work) => {
    sending.add(work)
    void work.finally(() => sending.delete(work))
  }
  const handler = async (request: Request) => {
    const response = await handleAuthRequest(request, deps)
    await Promise.all(sending)
    return response
  }
  let url: string
  let fetchImpl: typeof fetch
  let close = async () => {}
  if (mode === 'http') {
    const server = await listen(handler)
    url = server.url
    // The site and the API share the server, as when SUPABASE_URL is the app's own /auth/v1.
    deps.siteUrl = server.url
    fetchImpl = fetch
    close = server.close
  } else {
    url = deps.siteUrl
    fetchImpl = createInProcessFetch(url, handler)
  }
  return {
    mode,
    url,
    deps,
    anonKey,
    serviceRoleKey,
    fetch: fetchImpl,
    client: (options) => supabaseClient(url, anonKey, { fetch: fetchImpl, ...options }),
    adminClient: () => supabaseClient(url, serviceRoleKey, { fetch: fetchImpl }),
    close,
  }
}

/** The app's auth backend on this harness, as the embedded default wires it (same process). */
export function embeddedBackend(auth: AuthHarness): AuthBackend {
  return {
    mode: 'embedded',
    supabaseUrl: auth.url,
    anonKey: auth.anonKey,
    serviceRoleKey: auth.serviceRoleKey,
    fetch: auth.fetch,
    api: (request) => handleAuthRequest(request, auth.deps),
    siteUrl: auth.url,
    secureCookies: false,
  }
}
