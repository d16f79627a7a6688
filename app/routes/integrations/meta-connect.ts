// GET /integracoes/meta/conectar — starts Instagram Login: to Meta's consent page with a state
// signed for this person (checked on the way back). 404 when the app has no Meta credentials.
import { redirect } from 'react-router'
import type { Route } from './+types/meta-connect'
import { publishingContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { requirePermission } from '~/utils/session.server'
import { instagramConsentUrl } from '~/workflows/instagram-connection.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, request, 'brand')
  const consentUrl = instagramConsentUrl(context.get(publishingContext), user.accountId)
  if (!consentUrl) throw pageNotFound(request)
  return redirect(consentUrl)
}
