// Instagram API with Instagram Login (no Facebook Page needed): the authorize address, the code
// exchange for a long-lived token (60 days), its refresh, and a signed `state` that ties the
// callback to the person who started it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { GraphError } from './graph.server'

export type MetaLoginConfig = {
  appId: string
  appSecret: string
  /** www.instagram.com in production; the test server in tests. */
  loginUrl: string
  /** Code exchange host: api.instagram.com in production. */
  tokenUrl: string
  /** Graph base with version, e.g. https://graph.instagram.com/v23.0. */
  graphUrl: string
  redirectUri: string
}

// manage_insights: a published post's reach, saves and shares, read daily for "Resultados".
export const SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
]

export function metaLoginConfig(
  env: {
    META_APP_ID?: string
    META_APP_SECRET?: string
    META_LOGIN_URL?: string
    META_GRAPH_URL: string
  },
  siteUrl: string,
): MetaLoginConfig | null {
  if (!env.META_APP_ID || !env.META_APP_SECRET) return null
  return {
    appId: env.META_APP_ID,
    appSecret: env.META_APP_SECRET,
    loginUrl: env.META_LOGIN_URL ?? 'https://www.instagram.com',
    tokenUrl: env.META_LOGIN_URL ?? 'https://api.instagram.com',
    graphUrl: env.META_GRAPH_URL,
    redirectUri: `${siteUrl}/integracoes/meta/retorno`,
  }
}

const graphRoot = (graphUrl: string) => graphUrl.replace(/\/v\d+(\.\d+)?\/?$/, '')

const stateSignature = (key: string, userId: string, issued: number) =>
  createHmac('sha256', `meta-state:${key}`).update(`${userId}.${issued}`).digest('base64url')

export function signState(key: string, userId: string, now = Date.now()) {
  return `${now}.${stateSignature(key, userId, now)}`
}

/** True when `state` was made for this user in the last 15 minutes. */
export function validState(key: string, userId: string, state: string, now = Date.now()) {
  const [issuedText, signature = ''] = state.split('.')
  const issued = Number(issuedText)
  if (!Number.isSafeInteger(issued) || now - issued > 15 * 60_000 || issued > now + 60_000) return false
  const expected = Buffer.from(stateSignature(key, userId, issued))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function authorizeUrl(config: MetaLoginConfig, state: string) {
  const url = new URL('/oauth/authorize', config.loginUrl)
  url.searchParams.set('client_id', config.appId)
  url.searchParams.set('redirect_uri', config.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', SCOPES.join(','))
  url.searchParams.set('state', state)
  return url.toString()
}

async function json(response: Response) {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok || body.error || body.error_type) {
    const error = (body.error ?? {}) as { code?: number; message?: unknown }
    const message = [error.message, body.error_message].find((text) => typeof text === 'string')
    throw new GraphError(
      response.status,
      error.code ?? Number(body.code ?? 0),
      undefined,
      (message as string | undefined) ?? `HTTP ${response.status}`,
    )
  }
  return body
}

export type LongLivedToken = { token: string; userId: string; expiresAt: Date }

export async function exchangeCode(
  config: MetaLoginConfig,
  code: string,
  f: typeof fetch = fetch,
): Promise<LongLivedToken> {
  const short = await json(
    await f(new URL('/oauth/access_token', config.tokenUrl), {
      method: 'POST',
      body: new URLSearchParams({
        client_id: config.appId,
        client_secret: config.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: config.redirectUri,
        code,
      }),
    }),
  )
  const url = new URL(`${graphRoot(config.graphUrl)}/access_token`)
  url.searchParams.set('grant_type', 'ig_exchange_token')
  url.searchParams.set('client_secret', config.appSecret)
  url.searchParams.set('access_token', String(short.access_token))
  const long = await json(await f(url))
  return {
    token: String(long.access_token),
    userId: String(short.user_id),
    expiresAt: new Date(Date.now() + Number(long.expires_in ?? 5_184_000) * 1000),
  }
}

/** A long-lived token renewed for another 60 days (it must be at least a day old and valid). */
export async function refreshToken(graphUrl: string, token: string, f: typeof fetch = fetch) {
  const url = new URL(`${graphRoot(graphUrl)}/refresh_access_token`)
  url.searchParams.set('grant_type', 'ig_refresh_token')
  url.searchParams.set('access_token', token)
  const body = await json(await f(url))
  return {
    token: String(body.access_token),
    expiresAt: new Date(Date.now() + Number(body.expires_in ?? 5_184_000) * 1000),
  }
}
