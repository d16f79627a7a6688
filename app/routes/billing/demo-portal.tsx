// /plano/portal-demo?return_url=… — the embedded default's customer portal: the demo plan, and
// cancelling it (at the end of the paid period, as Stripe's portal does) or keeping it.
import { Form, Link } from 'react-router'
import type { Route } from './+types/demo-portal'
import { billingContext, dbContext } from '~/context'
import { formatBillingDate, planOfSubscription, subscriptionIsLive } from '~/domain/billing'
import { getSubscription } from '~/models/subscriptions.server'
import { setDemoCancellation } from '~/workflows/demo-billing.server'
import { requirePermission, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { pageNotFound } from '~/utils/params'
import { appOrigin, localPath } from './http.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Portal do cliente (demonstração)', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  if (context.get(billingContext).provider !== 'demo') throw pageNotFound(request)
  const back = localPath(
    new URL(request.url).searchParams.get('return_url'),
    appOrigin(context, request),
    '/minha-conta/plano',
  )
  const subscription = await getSubscription(context.get(dbContext), user.accountId)
  const plan = planOfSubscription(subscription)
  return {
    back,
    plan:
      plan && subscription
        ? {
            name: plan.name,
            endsOn: formatBillingDate(subscription.current_period_end),
            cancelling: subscription.cancel_at_period_end,
          }
        : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, request, 'billing')
  if (context.get(billingContext).provider !== 'demo') throw pageNotFound(request)
  const cancel = (await readForm(request)).get('intent') === 'cancel'
  const db = context.get(dbContext)
  const here = new URL(request.url)
  const outcome = await setDemoCancellation(db, user.accountId, cancel)
  const subscription = await getSubscription(db, user.accountId)
  if (outcome !== 'applied' || !subscriptionIsLive(subscription))
    return redirectWithToast(here.pathname + here.search, {
      type: 'error',
      title: 'Nenhuma assinatura ativa',
      description: 'Não há assinatura ativa para alterar.',
    })
  const endsOn = formatBillingDate(subscription!.current_period_end)
  return redirectWithToast(
    here.pathname + here.search,
    cancel
      ? { type: 'success', title: 'Assinatura cancelada', description: `Seu plano continua ativo até ${endsOn}.` }
      : { type: 'success', title: 'Assinatura mantida', description: 'Sua assinatura será renovada normalmente.' },
  )
}

const buttonClass = 'rounded-lg px-4 py-2.5 font-semibold shadow-sm'

export default function DemoPortal({ loaderData }: Route.ComponentProps) {
  const { plan, back } = loaderData
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p role="note" className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4 font-semibold text-amber-950">
        Portal de demonstração — nenhuma cobrança é feita
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Sua assinatura</h1>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {plan ? (
          <>
            <p className="text-sm text-slate-600">Plano</p>
            <p className="text-xl font-bold text-slate-900">{plan.name}</p>
            <p className="mt-2 text-slate-700">
              {plan.cancelling ? `Cancelada: o plano termina em ${plan.endsOn}.` : `Renova em ${plan.endsOn}.`}
            </p>
            <Form method="post" className="mt-6">
              {plan.cancelling ? (
                <button
                  type="submit"
                  name="intent"
                  value="resume"
                  className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}
                >
                  Manter assinatura
                </button>
              ) : (
                <button
                  type="submit"
                  name="intent"
                  value="cancel"
                  className={`${buttonClass} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
                >
                  Cancelar assinatura
                </button>
              )}
            </Form>
          </>
        ) : (
          <p className="text-slate-700">
            Você não tem uma assinatura ativa.{' '}
            <Link to="/plano/contratar" className="font-semibold text-brand-700 hover:underline">
              Ver planos
            </Link>
          </p>
        )}
      </div>
      <p className="mt-6">
        <Link to={back} className="font-semibold text-brand-700 hover:underline">
          ← Voltar
        </Link>
      </p>
    </div>
  )
}
