// Connecting an Instagram account through Instagram Login (ADR 102), and the agent's Facebook
// Pages through Facebook Login (ADR 308): the consent page's address with a state signed for this
// person (and the network), and the return, where the code becomes long-lived tokens (sealed at
// rest) and the accounts are saved or reconnected. Both return to the same address; the state
// says which one came back.
import { createGraphClient } from '~/integrations/meta/graph.server'
import { authorizeUrl, exchangeCode, signState, validState } from '~/integrations/meta/instagram-login.server'
import {
  exchangeFacebookCode,
  facebookAuthorizeUrl,
  facebookStateSubject,
} from '~/integrations/meta/facebook-login.server'
import { createPagesClient } from '~/integrations/meta/facebook-pages.server'
import { saveConnectedAccount } from '~/models/social-accounts.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { Publishing } from './publishing-service.server'

export type MetaNetworkChoice = 'instagram' | 'facebook'

/** Meta's consent page for this person, or null when the app has no credentials for it. */
export function instagramConsentUrl(
  publishing: Publishing,
  userId: string,
  network: MetaNetworkChoice = 'instagram',
): string | null {
  const key = publishing.deps.credentialsKey
  if (network === 'facebook')
    return publishing.facebookLogin
      ? facebookAuthorizeUrl(publishing.facebookLogin, signState(key, facebookStateSubject(userId)))
      : null
  if (!publishing.metaLogin) return null
  return authorizeUrl(publishing.metaLogin, signState(key, userId))
}

export type ConnectionOutcome =
  | { status: 'connected'; network: MetaNetworkChoice; names: string[] }
  | { status: 'failed'; network: MetaNetworkChoice; reason: string }
  | { status: 'off' }

type Services = { db: Database; publishing: Publishing; logger: Logger }

/** The return from a consent page (?code&state, or ?error): Instagram's or Facebook's. */
export async function finishInstagramConnection(
  options: Services,
  userId: string,
  query: URLSearchParams,
): Promise<ConnectionOutcome> {
  const { metaLogin, facebookLogin, deps } = options.publishing
  if (!metaLogin && !facebookLogin) return { status: 'off' }
  const state = query.get('state') ?? ''
  if (facebookLogin && validState(deps.credentialsKey, facebookStateSubject(userId), state))
    return finishFacebookConnection(options, userId, query)
  const code = query.get('code')
  const network = 'instagram'
  if (query.get('error') || !code) return { status: 'failed', network, reason: 'A conexão foi cancelada no Instagram.' }
  if (!metaLogin || !validState(deps.credentialsKey, userId, state))
    return { status: 'failed', network, reason: 'O link de conexão expirou. Tente de novo.' }
  try {
    const long = await exchangeCode(metaLogin, code)
    const profile = await createGraphClient({ baseUrl: metaLogin.graphUrl }).me(long.token)
    const name = profile.username ? `@${profile.username}` : 'Instagram'
    await saveConnectedAccount(options.db, userId, deps.credentialsKey, {
      provider: 'instagram',
      name,
      externalId: profile.id || long.userId,
      token: long.token,
      expiresAt: long.expiresAt,
    })
    return { status: 'connected', network, names: [name] }
  } catch (error) {
    options.logger.warn('instagram connect failed', { error })
    return { status: 'failed', network, reason: 'O Instagram não confirmou a conexão. Tente de novo em instantes.' }
  }
}

/** Facebook's return: every Page the person manages becomes an account, with its Page token. */
async function finishFacebookConnection(
  options: Services,
  userId: string,
  query: URLSearchParams,
): Promise<ConnectionOutcome> {
  const config = options.publishing.facebookLogin!
  const network = 'facebook'
  const code = query.get('code')
  if (query.get('error') || !code) return { status: 'failed', network, reason: 'A conexão foi cancelada no Facebook.' }
  try {
    const userToken = await exchangeFacebookCode(config, code)
    const pages = await createPagesClient({ baseUrl: config.graphUrl }).managedPages(userToken)
    if (pages.length === 0)
      return {
        status: 'failed',
        network,
        reason: 'Nenhuma Página do Facebook apareceu nesta conta. Escolha ao menos uma Página ao autorizar.',
      }
    for (const page of pages)
      await saveConnectedAccount(options.db, userId, options.publishing.deps.credentialsKey, {
        provider: 'facebook',
        name: page.name,
        externalId: page.id,
        token: page.token,
        // A Page token made from a long-lived user token does not expire.
        expiresAt: null,
      })
    return { status: 'connected', network, names: pages.map((page) => page.name) }
  } catch (error) {
    options.logger.warn('facebook pages connect failed', { error })
    return { status: 'failed', network, reason: 'O Facebook não confirmou a conexão. Tente de novo em instantes.' }
  }
}
