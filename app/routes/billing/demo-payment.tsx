// /plano/pagamento-demo?lookupKey=…[&metodo=pix|boleto] — the embedded default's payment page (no
// Stripe key): it says plainly that nothing is charged, and its confirmation writes the
// subscription through the same code as Stripe's webhook (ADR 080). By card the plan starts at
// once; by boleto or Pix it awaits payment (/minha-conta/plano shows the code and due date), and
// "Simular pagamento" there posts here (_intent=pay): a demo invoice.paid handled by the webhook's
// code moves it to active (ADR 309). A 404 when Stripe is configured.
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/demo-payment'
import { billingContext, dbContext } from '~/context'
import {
  BILLING_MESSAGES,
  DEMO_PAYMENT_NOTICE,
  LOOKUP_KEY_PATTERN,
  allowanceText,
  formatBillingDate,
  periodOfLookupKey,
  planOfLookupKey,
  priceLabel,
} from '~/domain/billing'
import {
  PAYMENT_METHOD_NAMES,
  isPaymentMethod,
  type PaymentMethod,
  type SubscriptionPayment,
} from '~/domain/payment-methods'
import { confirmDemoCheckout, payDemoInvoice } from '~/workflows/demo-billing.server'
import { getSubscription } from '~/models/subscriptions.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { pageNotFound } from '~/utils/params'
import { billingUser } from './http.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Pagamento de demonstração', matches)

function chosenPlan(lookupKey: string | null, method: string | null) {
  const key = lookupKey && LOOKUP_KEY_PATTERN.test(lookupKey) ? lookupKey : null
  const plan = planOfLookupKey(key)
  const period = key ? periodOfLookupKey(key) : null
  const paymentMethod = method || 'card'
  if (!plan || !period || !key || !isPaymentMethod(paymentMethod)) return null
  return { plan, period, lookupKey: key, paymentMethod }
}

const GENERATE: Record<PaymentMethod, string> = {
  card: 'Confirmar assinatura de demonstração',
  pix: 'Gerar Pix de demonstração',
  boleto: 'Gerar boleto de demonstração',
}

/** Where a new boleto or Pix is shown, with its due date in the toast. */
function awaitingToast(payment: SubscriptionPayment | null | undefined) {
  const due = payment?.pending ? formatBillingDate(new Date(payment.pending.dueAt)) : null
  const what = payment?.method === 'pix' ? 'Pix gerado' : 'Boleto gerado'
  return {
    type: 'info' as const,
    title: what,
    description: due
      ? `Pague até ${due}. O plano começa assim que o pagamento for confirmado.`
      : 'O plano começa assim que o pagamento for confirmado.',
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request)
  if (context.get(billingContext).provider !== 'demo') throw pageNotFound(request)
  const params = new URL(request.url).searchParams
  const chosen = chosenPlan(params.get('lookupKey'), params.get('metodo'))
  if (!chosen)
    throw await redirectWithToast('/plano/contratar', {
      type: 'error',
      title: 'Erro no pagamento',
      description: BILLING_MESSAGES.checkoutAccess,
    })
  const { plan, period, lookupKey, paymentMethod } = chosen
  const price = plan.prices[period]
  return {
    lookupKey,
    paymentMethod,
    methodName: PAYMENT_METHOD_NAMES[paymentMethod],
    button: GENERATE[paymentMethod],
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
  const payer = billingUser(user)
  const db = context.get(dbContext)
  const form = await readForm(request)
  if (form.get('_intent') === 'pay') {
    const outcome = await payDemoInvoice(db, billing, payer.id)
    if (outcome === 'applied') return redirect('/plano/sucesso')
    return redirectWithToast('/minha-conta/plano', {
      type: 'error',
      title: 'Pagamento não registrado',
      description:
        outcome === 'overdue'
          ? 'Este pagamento venceu. Escolha o plano de novo para gerar outro.'
          : 'Não há pagamento aguardando nesta conta.',
    })
  }
  const chosen = chosenPlan(String(form.get('lookupKey') ?? ''), String(form.get('payment_method') ?? ''))
  if (!chosen)
    return redirectWithToast('/plano/contratar', {
      type: 'error',
      title: 'Erro no pagamento',
      description: BILLING_MESSAGES.checkoutCreate,
    })
  await confirmDemoCheckout(db, billing, payer, chosen.lookupKey, chosen.paymentMethod)
  if (chosen.paymentMethod === 'card') return redirect('/plano/sucesso')
  return redirectWithToast('/minha-conta/plano', awaitingToast((await getSubscription(db, payer.id))?.payment))
}

export default function DemoPayment({ loaderData }: Route.ComponentProps) {
  const { lookupKey, paymentMethod, methodName, button, name, priceLabel: price, allowances } = loaderData
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
        <p className="mt-3 text-sm text-slate-700">
          Forma de pagamento: <strong>{methodName}</strong>
        </p>
        <p className="mt-4 text-sm text-slate-600">
          {paymentMethod === 'card'
            ? 'Esta instalação funciona sem o Stripe: nenhum cartão é pedido e nada é cobrado. Confirmar ativa o plano nesta conta para você experimentar o produto.'
            : `Esta instalação funciona sem o Stripe: o ${paymentMethod === 'pix' ? 'Pix' : 'boleto'} gerado é de demonstração e nada é cobrado. O plano fica aguardando pagamento até você simular o pagamento em Meu plano.`}
        </p>
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
          <input type="hidden" name="lookupKey" value={lookupKey} />
          <input type="hidden" name="payment_method" value={paymentMethod} />
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {button}
          </button>
          <Link to="/plano/cancelado" className="text-sm font-semibold text-slate-600 hover:underline">
            Cancelar
          </Link>
        </Form>
      </div>
    </div>
  )
}
