// Connecting an Instagram account through Instagram Login (ADR 102): the consent page's address
// with a state signed for this person, and the return, where the code becomes a long-lived token
// (sealed at rest) and the account is saved or reconnected.
import { createGraphClient } from '~/integrations/meta/graph.server'
import { authorizeUrl, exchangeCode, signState, validState } from '~/integrations/meta/instagram-login.server'
import { saveConnectedAccount } from '~/models/social-accounts.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { Publishing } from './publishing-service.server'

/** Meta's consent page for this person, or null when the app has no Meta credentials. */
export function instagramConsentUrl(publishing: Publishing, userId: string): string | null {
  if (!publishing.metaLogin) return null
  return authorizeUrl(publishing.metaLogin, signState(publishing.deps.credentialsKey, userId))
}

export type ConnectionOutcome = { status: 'connected' } | { status: 'failed'; reason: string } | { status: 'off' }

/** The return from Instagram's consent page (?code&state, or ?error). */
export async function finishInstagramConnection(
  options: { db: Database; publishing: Publishing; logger: Logger },
  userId: string,
  query: URLSearchParams,
): Promise<ConnectionOutcome> {
  const { metaLogin, deps } = options.publishing
  if (!metaLogin) return { status: 'off' }
  const code = query.get('code')
  if (query.get('error') || !code) return { status: 'failed', reason: 'A conexão foi cancelada no Instagram.' }
  if (!validState(deps.credentialsKey, userId, query.get('state') ?? ''))
    return { status: 'failed', reason: 'O link de conexão expirou. Tente de novo.' }
  try {
    const long = await exchangeCode(metaLogin, code)
    const profile = await createGraphClient({ baseUrl: metaLogin.graphUrl }).me(long.token)
    await saveConnectedAccount(options.db, userId, deps.credentialsKey, {
      provider: 'instagram',
      name: profile.username ? `@${profile.username}` : 'Instagram',
      externalId: profile.id || long.userId,
      token: long.token,
      expiresAt: long.expiresAt,
    })
    return { status: 'connected' }
  } catch (error) {
    options.logger.warn('instagram connect failed', { error })
    return { status: 'failed', reason: 'O Instagram não confirmou a conexão. Tente de novo em instantes.' }
  }
}
