// Facebook Login, for the Pages an agent manages (ADR 308): the dialog's address, the code
// exchanged for a long-lived user token, which /me/accounts turns into each Page's own token
// (a Page token from a long-lived user token does not expire). The return comes to the same
// /integracoes/meta/retorno as Instagram Login's; its state is signed for "facebook:<user>".
import { graphCall } from './graph.server'
import { DEFAULT_FACEBOOK_GRAPH_URL } from './facebook-pages.server'

export type FacebookLoginConfig = {
  appId: string
  appSecret: string
  /** www.facebook.com in production; the test server in tests. */
  dialogUrl: string
  /** Graph base with version, e.g. https://graph.facebook.com/v23.0. */
  graphUrl: string
  redirectUri: string
}

// List the Pages, post to them (photos, Stories), comment as the Page, read a post's insights.
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_manage_engagement',
  'read_insights',
]

export function facebookLoginConfig(
  env: {
    META_APP_ID?: string
    META_APP_SECRET?: string
    FACEBOOK_APP_ID?: string
    FACEBOOK_APP_SECRET?: string
    FACEBOOK_GRAPH_URL?: string
    FACEBOOK_LOGIN_URL?: string
  },
  siteUrl: string,
): FacebookLoginConfig | null {
  const appId = env.FACEBOOK_APP_ID ?? env.META_APP_ID
  const appSecret = env.FACEBOOK_APP_SECRET ?? env.META_APP_SECRET
  if (!appId || !appSecret) return null
  const graphUrl = env.FACEBOOK_GRAPH_URL ?? DEFAULT_FACEBOOK_GRAPH_URL
  const version = /\/(v\d+(\.\d+)?)\/?$/.exec(graphUrl)?.[1] ?? 'v23.0'
  return {
    appId,
    appSecret,
    dialogUrl: `${(env.FACEBOOK_LOGIN_URL ?? 'https://www.facebook.com').replace(/\/$/, '')}/${version}/dialog/oauth`,
    graphUrl,
    redirectUri: `${siteUrl}/integracoes/meta/retorno`,
  }
}

/** The person the state of a Facebook Login is signed for (Instagram Login's is the bare id). */
export const facebookStateSubject = (userId: string) => `facebook:${userId}`

export function facebookAuthorizeUrl(config: FacebookLoginConfig, state: string) {
  const url = new URL(config.dialogUrl)
  url.searchParams.set('client_id', config.appId)
  url.searchParams.set('redirect_uri', config.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', FACEBOOK_SCOPES.join(','))
  url.searchParams.set('state', state)
  return url.toString()
}

/** The code as a long-lived user token (about 60 days): enough to read the Pages' tokens. */
export async function exchangeFacebookCode(config: FacebookLoginConfig, code: string, f: typeof fetch = fetch) {
  const app = { client_id: config.appId, client_secret: config.appSecret }
  const short = await graphCall(config.graphUrl, f, 'GET', 'oauth/access_token', {
    ...app,
    redirect_uri: config.redirectUri,
    code,
  })
  const long = await graphCall(config.graphUrl, f, 'GET', 'oauth/access_token', {
    ...app,
    grant_type: 'fb_exchange_token',
    fb_exchange_token: String(short.access_token),
  })
  return String(long.access_token)
}
