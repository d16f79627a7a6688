// GET /api/customer-portal?return_url=… (signed in only): the signed-in user's billing portal.
// The return address must be on our origin (default: the account's plan page). A browser
// navigation is sent on (303), a script gets { url }; a failure shows the product’s notification.
import { redirect } from 'react-router'
import type { Route } from './+types/api.customer-portal'
import { billingContext, dbContext, loggerContext, userContext } from '~/context'
import { BILLING_MESSAGES } from '~/domain/billing'
import { openPortal } from '~/workflows/billing.server'
import { appOrigin, billingUser, failure, isNavigation, jsonError, localPath, sameOriginUrl } from './http.server'

const ACCOUNT_PLAN = '/minha-conta/plano'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  if (!user) {
    if (isNavigation(request)) throw redirect(`/login?${new URLSearchParams({ redirectTo: ACCOUNT_PLAN })}`)
    return jsonError(BILLING_MESSAGES.portal, 401)
  }
  const origin = appOrigin(context, request)
  const asked = new URL(request.url).searchParams.get('return_url')
  const returnUrl = asked ? sameOriginUrl(asked, origin) : `${origin}${ACCOUNT_PLAN}`
  if (!returnUrl) return failure(request, ACCOUNT_PLAN, BILLING_MESSAGES.portal, 400)
  const url = await openPortal(
    context.get(dbContext),
    context.get(billingContext),
    billingUser(user),
    returnUrl,
    context.get(loggerContext),
  )
  if (!url) return failure(request, localPath(returnUrl, origin, ACCOUNT_PLAN), BILLING_MESSAGES.portal, 502)
  const headers = { 'Cache-Control': 'no-store' }
  if (isNavigation(request)) return redirect(url, { status: 303, headers })
  return Response.json({ url }, { headers })
}
