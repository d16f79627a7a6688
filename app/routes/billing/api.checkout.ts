// GET /api/checkout?lookupKey=…[&mode=embedded] (spec §7): a subscription checkout for the
// signed-in user. A browser navigation is sent on (303); a script gets { url } or, embedded,
// { clientSecret }. Failures: the spec's notifications, verbatim (§8).
import { redirect } from 'react-router'
import type { Route } from './+types/api.checkout'
import { billingContext, dbContext, loggerContext, userContext } from '~/context'
import { BILLING_MESSAGES, LOOKUP_KEY_PATTERN } from '~/domain/billing'
import { CheckoutError, startCheckout } from '~/workflows/billing.server'
import { redirectWithToast } from '~/utils/toast.server'
import { appOrigin, billingUser, failure, isNavigation, jsonError } from './http.server'

const PLANS_PAGE = '/plano/contratar'

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const navigation = isNavigation(request)
  const user = context.get(userContext)
  if (!user) {
    if (navigation) throw redirect(`/login?${new URLSearchParams({ redirectTo: PLANS_PAGE })}`)
    return jsonError('Entre na sua conta para continuar.', 401)
  }
  const lookupKey = url.searchParams.get('lookupKey') ?? ''
  const embedded = url.searchParams.get('mode') === 'embedded'
  if (!LOOKUP_KEY_PATTERN.test(lookupKey)) return failure(request, PLANS_PAGE, BILLING_MESSAGES.checkoutCreate, 400)
  try {
    const session = await startCheckout(
      context.get(dbContext),
      context.get(billingContext),
      billingUser(user),
      { lookupKey, embedded, origin: appOrigin(context, request) },
      context.get(loggerContext),
    )
    const headers = { 'Cache-Control': 'no-store' }
    if (navigation) return redirect(session.url ?? PLANS_PAGE, { status: 303, headers })
    if (embedded && session.clientSecret) return Response.json({ clientSecret: session.clientSecret }, { headers })
    return Response.json({ url: session.url }, { headers })
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error
    if (error.reason === 'subscribed') {
      const message = `Você já assina o plano ${error.planName ?? 'atual'}. Para trocar de plano, use "Gerenciar assinatura".`
      if (!navigation) return jsonError(message, 409)
      return redirectWithToast('/minha-conta/plano', {
        type: 'info',
        title: 'Você já tem uma assinatura',
        description: message,
      })
    }
    if (error.reason === 'access') return failure(request, PLANS_PAGE, BILLING_MESSAGES.checkoutAccess, 502)
    const status = error.reason === 'unknown-plan' ? 400 : 502
    return failure(request, PLANS_PAGE, BILLING_MESSAGES.checkoutCreate, status)
  }
}
