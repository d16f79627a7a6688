// /plano/sucesso — after checkout. With Stripe, the session in the address is read back at
// once (the webhook may still be on its way); the page shows the plan the account now has.
import { Link } from 'react-router'
import type { Route } from './+types/success'
import { billingContext, dbContext, loggerContext } from '~/context'
import { formatBillingDate, planOfSubscription } from '~/domain/billing'
import { paidWithText } from '~/domain/payment-methods'
import { getSubscription } from '~/models/subscriptions.server'
import { syncCheckout } from '~/workflows/billing.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Assinatura confirmada', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const billing = context.get(billingContext)
  const sessionId = new URL(request.url).searchParams.get('session_id')
  if (billing.provider === 'stripe' && sessionId && /^cs_\w{1,200}$/.test(sessionId))
    await syncCheckout(db, billing, user.accountId, sessionId, context.get(loggerContext))
  const subscription = await getSubscription(db, user.accountId)
  const plan = planOfSubscription(subscription)
  return {
    plan:
      plan && subscription
        ? {
            name: plan.name,
            renewsOn: formatBillingDate(subscription.current_period_end),
            paidWith: subscription.payment ? paidWithText(subscription.payment) : null,
          }
        : null,
  }
}

const linkClass = 'rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700'
const secondaryClass =
  'rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50'

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { plan } = loaderData
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {plan ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Assinatura confirmada</h1>
          <p className="mt-3 text-lg text-slate-700">
            Seu plano <strong>{plan.name}</strong> está ativo.
          </p>
          {plan.paidWith ? <p className="mt-1 text-slate-600">{plan.paidWith}.</p> : null}
          {plan.renewsOn ? <p className="mt-1 text-slate-600">Próxima renovação em {plan.renewsOn}.</p> : null}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Estamos confirmando o seu pagamento</h1>
          <p className="mt-3 text-slate-700">
            Isso costuma levar alguns segundos. Atualize a página para ver o seu plano.
          </p>
          <p className="mt-4">
            <Link
              to="."
              reloadDocument
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
            >
              Atualizar
            </Link>
          </p>
        </>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Precisa de nota fiscal em nome de uma empresa ou com o seu CPF?{' '}
        <Link to="/dados-fiscais" className="font-semibold text-brand-700 hover:underline">
          Preencha os dados fiscais
        </Link>
        .
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/modelos" className={linkClass}>
          Criar um post
        </Link>
        <Link to="/minha-conta/plano" className={secondaryClass}>
          Ver meu plano
        </Link>
      </div>
    </div>
  )
}
