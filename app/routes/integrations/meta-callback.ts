// GET /integracoes/meta/retorno?code&state — the return of Instagram Login or of Facebook Login
// (the state says which): the code becomes long-lived tokens (sealed at rest), the Instagram
// account or each Facebook Page is saved (or reconnected), back to /integracoes.
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
  const facebook = outcome.network === 'facebook'
  if (outcome.status === 'failed')
    return redirectWithToast('/integracoes', {
      type: 'error',
      title: facebook ? 'Não foi possível conectar a Página do Facebook' : 'Não foi possível conectar o Instagram',
      description: outcome.reason,
    })
  if (facebook)
    return redirectWithToast('/integracoes', {
      type: 'success',
      title: outcome.names.length > 1 ? `${outcome.names.length} Páginas conectadas` : 'Página do Facebook conectada',
      description: `${outcome.names.join(', ')}: você já pode agendar publicações ${outcome.names.length > 1 ? 'nelas' : 'nela'}.`,
    })
  return redirectWithToast('/integracoes', {
    type: 'success',
    title: 'Instagram conectado',
    description: 'Você já pode agendar publicações nesta conta.',
  })
}
