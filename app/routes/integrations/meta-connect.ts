// GET /integracoes/meta/conectar — starts Instagram Login: to Meta's consent page with a state
// signed for this person (checked on the way back). 404 when the app has no Meta credentials.
import { publishingContext } from '~/context'
import { redirect } from 'react-router'
import type { Route } from './+types/meta-connect'
import { authorizeUrl, signState } from '~/integrations/meta/instagram-login.server'
import { requireUser } from '~/utils/session.server'
import { pageNotFound } from '~/utils/params'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const publishing = context.get(publishingContext)
  if (!publishing.metaLogin) throw pageNotFound(request)
  return redirect(authorizeUrl(publishing.metaLogin, signState(publishing.deps.credentialsKey, user.id)))
}
