// GET /integracoes/meta/retorno?code&state — Instagram Login's return: the code becomes a
// long-lived token (sealed at rest), the account is saved (or reconnected), back to /integracoes.
import type { Route } from './+types/meta-callback'
import { dbContext, loggerContext, publishingContext } from '~/context'
import { createGraphClient } from '~/integrations/meta/graph.server'
import { exchangeCode, validState } from '~/integrations/meta/instagram-login.server'
import { saveConnectedAccount } from '~/models/social-accounts.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageNotFound } from '~/utils/params'

const failed = (description: string) =>
  redirectWithToast('/integracoes', { type: 'error', title: 'Não foi possível conectar o Instagram', description })

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { metaLogin, deps } = context.get(publishingContext)
  if (!metaLogin) throw pageNotFound(request)
  const url = new URL(request.url)
  const code = url.searchParams.get('code')
  if (url.searchParams.get('error') || !code) return failed('A conexão foi cancelada no Instagram.')
  if (!validState(deps.credentialsKey, user.id, url.searchParams.get('state') ?? ''))
    return failed('O link de conexão expirou. Tente de novo.')
  try {
    const long = await exchangeCode(metaLogin, code)
    const profile = await createGraphClient({ baseUrl: metaLogin.graphUrl }).me(long.token)
    await saveConnectedAccount(context.get(dbContext), user.id, deps.credentialsKey, {
      provider: 'instagram',
      name: profile.username ? `@${profile.username}` : 'Instagram',
      externalId: profile.id || long.userId,
      token: long.token,
      expiresAt: long.expiresAt,
    })
  } catch (error) {
    context.get(loggerContext).warn('instagram connect failed', { error: String(error) })
    return failed('O Instagram não confirmou a conexão. Tente de novo em instantes.')
  }
  return redirectWithToast('/integracoes', {
    type: 'success',
    title: 'Instagram conectado',
    description: 'Você já pode agendar publicações nesta conta.',
  })
}
