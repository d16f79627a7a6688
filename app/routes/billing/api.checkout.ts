// /api/checkout (lookupKey, [payment_method=card|pix|boleto, a card when absent], [mode=embedded]; ADR 254, 309): a subscription checkout for the signed-in
// payer. GET, as the product's API is called: a browser is sent on to the payment page (303), a script gets
// { url } or, with mode=embedded, { clientSecret }. A checkout session charges nothing and
// changes no plan until it is paid (ADR 254), so a GET may make one, but only one a minute per
// person and plan, and never for a browser's prefetch or a crawler (issue 66). POST (the plan cards' forms,
// registration with a plan) answers the same.
import { redirect } from 'react-router'
import type { Route } from './+types/api.checkout'
import { userContext } from '~/context'
import { billingUser, isNavigation, jsonError } from './http.server'
import { checkoutAnswer } from './checkout.server'
import { readForm } from '~/utils/form-body.server'

type Args = Route.LoaderArgs | Route.ActionArgs

type Choice = { lookupKey: string; embedded: boolean; paymentMethod: string | null }

async function answer({ request, context }: Args, choice: Choice) {
  // An embedded checkout's answer is for the page's script, never a place to go.
  const navigation = isNavigation(request) && !choice.embedded
  const user = context.get(userContext)
  if (!user) {
    const here = new URL(request.url)
    if (navigation) throw redirect(`/login?${new URLSearchParams({ redirectTo: here.pathname + here.search })}`)
    return jsonError('Entre na sua conta para continuar.', 401)
  }
  return checkoutAnswer(context, request, billingUser(user), choice, navigation)
}

export function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams
  return answer(args, {
    lookupKey: params.get('lookupKey') ?? '',
    embedded: params.get('mode') === 'embedded',
    paymentMethod: params.get('payment_method'),
  })
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request)
  const method = form.get('payment_method')
  return answer(args, {
    lookupKey: String(form.get('lookupKey') ?? ''),
    embedded: form.get('mode') === 'embedded',
    paymentMethod: method === null ? null : String(method),
  })
}
