// GET /integracoes/meta/retorno?code&state — Instagram Login's return: the code becomes a
// long-lived token (sealed at rest), the account is saved (or reconnected), back to /integracoes.
import type { Route } from './+types/meta-callback'
import { dbContext, loggerContext, publishingContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { finishInstagramConnection } from '~/workflows/instagram-connection.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, request, 'brand')
  const services = {
    db: context.get(dbContext),
    publishing: context.get(publishingContext),
    logger: context.get(loggerContext),
  }
  const outcome = await finishInstagramConnection(services, user.accountId, new URL(request.url).searchParams)
  if (outcome.status === 'off') throw pageNotFound(request)
  if (outcome.status === 'failed')
    return redirectWithToast('/integracoes', {
      type: 'error',
      title: 'Não foi possível conectar o Instagram',
      description: outcome.reason,
    })
  return redirectWithToast('/integracoes', {
    type: 'success',
    title: 'Instagram conectado',
    description: 'Você já pode agendar publicações nesta conta.',
  })
}
