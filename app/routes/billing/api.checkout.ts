// POST /api/checkout (lookupKey, [mode=embedded]; spec §7): a subscription checkout for the
// signed-in user. A browser navigation (the plan card's form) is sent on (303); a script gets
// { url } or, embedded, { clientSecret }. A GET starts nothing (issue 43): the plans page.
import { redirect } from 'react-router'
import type { Route } from './+types/api.checkout'
import { userContext } from '~/context'
import { billingUser, isNavigation, jsonError } from './http.server'
import { checkoutAnswer, PLANS_PAGE } from './checkout.server'

export function loader({ request }: Route.LoaderArgs) {
  if (isNavigation(request)) return redirect(PLANS_PAGE, 303)
  return Response.json({ error: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  const navigation = isNavigation(request)
  const user = context.get(userContext)
  if (!user) {
    if (navigation) throw redirect(`/login?${new URLSearchParams({ redirectTo: PLANS_PAGE })}`)
    return jsonError('Entre na sua conta para continuar.', 401)
  }
  const form = await request.formData()
  const choice = { lookupKey: String(form.get('lookupKey') ?? ''), embedded: form.get('mode') === 'embedded' }
  return checkoutAnswer(context, request, billingUser(user), choice, navigation)
}
