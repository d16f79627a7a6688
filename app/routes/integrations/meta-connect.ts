// GET /integracoes/meta/conectar — starts Instagram Login, or Facebook Login for the agent's Pages
// with ?rede=facebook (ADR 308): to Meta's consent page with a state signed for this person
// (checked on the way back). 404 when the app has no credentials for it.
import { redirect } from 'react-router'
import type { Route } from './+types/meta-connect'
import { publishingContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { requirePermission } from '~/utils/session.server'
import { instagramConsentUrl } from '~/workflows/instagram-connection.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, request, 'brand')
  const network = new URL(request.url).searchParams.get('rede') === 'facebook' ? 'facebook' : 'instagram'
  const consentUrl = instagramConsentUrl(context.get(publishingContext), user.accountId, network)
  if (!consentUrl) throw pageNotFound(request)
  return redirect(consentUrl)
}
