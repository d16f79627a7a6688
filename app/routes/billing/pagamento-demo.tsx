// /plano/pagamento-demo?lookupKey=… — the embedded default's payment page (no Stripe key): it
// says plainly that nothing is charged, and its confirmation writes the subscription through
// the same code as Stripe's webhook (ADR 080). A 404 when Stripe is configured.
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/pagamento-demo'
import { billingContext, dbContext } from '~/context'
import {
  BILLING_MESSAGES,
  DEMO_PAYMENT_NOTICE,
  LOOKUP_KEY_PATTERN,
  allowanceText,
  periodOfLookupKey,
  planOfLookupKey,
  priceLabel,
} from '~/domain/billing'
import { confirmDemoCheckout } from '~/workflows/billing.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { pageNotFound } from '~/utils/params'
import { billingUser } from './http.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Pagamento de demonstração', matches)

function chosenPlan(lookupKey: string | null) {
  const key = lookupKey && LOOKUP_KEY_PATTERN.test(lookupKey) ? lookupKey : null
  const plan = planOfLookupKey(key)
  const period = key ? periodOfLookupKey(key) : null
  if (!plan || !period || !key) return null
  return { plan, period, lookupKey: key }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request)
  if (context.get(billingContext).provider !== 'demo') throw pageNotFound(request)
  const chosen = chosenPlan(new URL(request.url).searchParams.get('lookupKey'))
  if (!chosen)
    throw await redirectWithToast('/plano/contratar', {
      type: 'error',
      title: 'Erro no pagamento',
      description: BILLING_MESSAGES.checkoutAccess,
    })
  const { plan, period, lookupKey } = chosen
  const price = plan.prices[period]
  return {
    lookupKey,
    name: plan.name,
    priceLabel: priceLabel(price.unitAmount, price.interval),
    allowances: [
      allowanceText('postsPerMonth', plan.entitlements.postsPerMonth),
      allowanceText('homes', plan.entitlements.homes),
      allowanceText('scheduledPerMonth', plan.entitlements.scheduledPerMonth),
    ],
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const billing = context.get(billingContext)
  if (billing.provider !== 'demo') throw pageNotFound(request)
  const chosen = chosenPlan(String((await request.formData()).get('lookupKey') ?? ''))
  if (!chosen)
    return redirectWithToast('/plano/contratar', {
      type: 'error',
      title: 'Erro no pagamento',
      description: BILLING_MESSAGES.checkoutCreate,
    })
  await confirmDemoCheckout(context.get(dbContext), billing, billingUser(user), chosen.lookupKey)
  return redirect('/plano/sucesso')
}

export default function DemoPayment({ loaderData }: Route.ComponentProps) {
  const { lookupKey, name, priceLabel: price, allowances } = loaderData
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p role="note" className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4 font-semibold text-amber-950">
        {DEMO_PAYMENT_NOTICE}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Confirmar assinatura</h1>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600">Plano</p>
        <p className="text-xl font-bold text-slate-900">{name}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{price}</p>
        <ul className="mt-3 list-inside list-disc text-sm text-slate-700">
          {allowances.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Esta instalação funciona sem o Stripe: nenhum cartão é pedido e nada é cobrado. Confirmar ativa o plano nesta
          conta para você experimentar o produto.
        </p>
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
          <input type="hidden" name="lookupKey" value={lookupKey} />
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Confirmar assinatura de demonstração
          </button>
          <Link to="/plano/cancelado" className="text-sm font-semibold text-slate-600 hover:underline">
            Cancelar
          </Link>
        </Form>
      </div>
    </div>
  )
}
