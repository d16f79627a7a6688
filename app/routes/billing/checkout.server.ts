// Starting a subscription checkout (ADR 254), shared by /api/checkout (GET and POST) and the
// registration form with a chosen plan. Nothing is charged and the plan is unchanged until the
// payment page is completed (ADR 254).
import { redirect, type RouterContextProvider } from 'react-router'
import { billingContext, dbContext, loggerContext } from '~/context'
import { BILLING_MESSAGES, LOOKUP_KEY_PATTERN } from '~/domain/billing'
import { isPaymentMethod } from '~/domain/payment-methods'
import { CheckoutError, startCheckout, type BillingUser } from '~/workflows/billing.server'
import { redirectWithToast } from '~/utils/toast.server'
import { appOrigin, failure, isCrawler, isPrefetch, jsonError } from './http.server'

export const PLANS_PAGE = '/plano/contratar'

/** `paymentMethod`: card, pix or boleto; a card when absent (links made before Pix and boleto). */
type Choice = { lookupKey: string; embedded: boolean; paymentMethod?: string | null }

/**
 * The checkout for `user`: a navigation is sent on (303) to the payment page, a script gets
 * { url } or, embedded, { clientSecret }. Failures: the product’s notifications, verbatim.
 */
export async function checkoutAnswer(
  context: Readonly<RouterContextProvider>,
  request: Request,
  user: BillingUser,
  { lookupKey, embedded, paymentMethod }: Choice,
  navigation: boolean,
): Promise<Response> {
  const fail = (message: string, status: number) =>
    navigation
      ? redirectWithToast(PLANS_PAGE, { type: 'error', title: 'Erro no pagamento', description: message })
      : failure(request, PLANS_PAGE, message, status)
  if (!LOOKUP_KEY_PATTERN.test(lookupKey)) return fail(BILLING_MESSAGES.checkoutCreate, 400)
  const method = paymentMethod || 'card'
  if (!isPaymentMethod(method)) return fail(BILLING_MESSAGES.checkoutCreate, 400)
  // A GET no person asked for starts nothing (issue 66): a prefetch is refused so the browser
  // drops it (the click then asks for real); a crawler is shown the plans.
  if (request.method === 'GET') {
    const noStore = { 'Cache-Control': 'no-store' }
    if (isPrefetch(request)) return new Response(null, { status: 503, headers: noStore })
    if (isCrawler(request)) return redirect(PLANS_PAGE, { status: 303, headers: noStore })
  }
  try {
    const session = await startCheckout(
      context.get(dbContext),
      context.get(billingContext),
      user,
      { lookupKey, embedded, paymentMethod: method, origin: appOrigin(context, request) },
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
    if (error.reason === 'access') return fail(BILLING_MESSAGES.checkoutAccess, 502)
    const refused = error.reason === 'unknown-plan' || error.reason === 'unknown-method'
    return fail(BILLING_MESSAGES.checkoutCreate, refused ? 400 : 502)
  }
}
