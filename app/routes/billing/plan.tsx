// /minha-conta/plano — the account's plan: which one, its state, how it is paid ("Pago com Pix",
// "Cartão final 4242"), a boleto or Pix awaiting payment (ADR 309), this month's use against
// what it allows, and "Gerenciar assinatura" (the customer portal; a plain GET form, so it
// works without JavaScript and leaves for the provider's page).
import { Link } from 'react-router'
import type { Route } from './+types/plan'
import { AwaitingPaymentPanel, type AwaitingPayment } from '~/components/billing/awaiting-payment'
import { InvoiceList } from '~/components/billing/invoice-list'
import { billingContext, dbContext, loggerContext } from '~/context'
import {
  FREE_PLAN,
  formatBillingDate,
  planOfLookupKey,
  subscriptionIsLive,
  type EntitlementKind,
} from '~/domain/billing'
import { formatBRL } from '~/domain/money'
import { isOverdue, paidWithText } from '~/domain/payment-methods'
import { usageThisMonth } from '~/models/quota.server'
import { getSubscription } from '~/models/subscriptions.server'
import { invoicesOf } from '~/workflows/billing.server'
import { requireUser } from '~/utils/session.server'
import { memberCount } from '~/models/team.server'
import { can } from '~/domain/team'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Meu plano', matches)

const USAGE_LABELS: Record<EntitlementKind, string> = {
  postsPerMonth: 'Posts gerados este mês',
  aiGenerationsPerMonth: 'Gerações com IA este mês',
  homes: 'Imóveis cadastrados',
  scheduledPerMonth: 'Publicações agendadas este mês',
  videosPerMonth: 'Vídeos do imóvel este mês',
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Ativa',
  trialing: 'Em período de teste',
  past_due: 'Pagamento pendente',
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  // Invoices, the customer portal and the fiscal data are the payer's (POLICY 'billing'): a
  // member sees the plan and its use, not what the owner pays nor to whom the invoice goes.
  const payer = can(user.accountRole, 'billing')
  const [usage, subscription, invoices, team] = await Promise.all([
    usageThisMonth(db, user.accountId),
    getSubscription(db, user.accountId),
    payer ? invoicesOf(db, context.get(billingContext), user.accountId, context.get(loggerContext)) : [],
    memberCount(db, user.accountId),
  ])
  const live = subscriptionIsLive(subscription)
  const payment = subscription?.payment ?? null
  const awaiting: AwaitingPayment | null =
    subscription?.status === 'incomplete' && payment?.pending
      ? {
          planName: planOfLookupKey(subscription.lookup_key)?.name ?? subscription.lookup_key,
          method: payment.method,
          dueDate: formatBillingDate(new Date(payment.pending.dueAt)),
          overdue: isOverdue(payment),
          // The code and the provider's page are the payer's, like the invoices.
          code: payer ? payment.pending.code : null,
          url: payer ? payment.pending.url : null,
          demo: payer && subscription.provider === 'demo',
        }
      : null
  const lastPaid = live && payment?.paidAt ? formatBillingDate(new Date(payment.paidAt)) : null
  return {
    awaiting,
    paidWith:
      live && payment
        ? [paidWithText(payment), lastPaid ? `em ${lastPaid}` : null, payment.amount ? formatBRL(payment.amount) : null]
            .filter(Boolean)
            .join(' · ')
        : null,
    planName: usage.plan?.name ?? FREE_PLAN.name,
    subscribed: Boolean(usage.plan),
    status:
      live && subscription
        ? subscription.cancel_at_period_end
          ? 'Cancelamento agendado'
          : (STATUS_LABELS[subscription.status] ?? 'Ativa')
        : null,
    periodEnd: live ? formatBillingDate(subscription?.current_period_end) : null,
    cancelling: Boolean(live && subscription?.cancel_at_period_end),
    payer,
    hasCustomer: payer && Boolean(subscription?.customer_id),
    seats: usage.seats,
    people: team + 1,
    usage: usage.lines.map((line) => ({ ...line, label: USAGE_LABELS[line.kind] })),
    invoices: invoices.map((invoice) => ({
      ...invoice,
      date: formatBillingDate(invoice.createdAt) ?? '',
      paidWith: invoice.paidWith ? paidWithText(invoice.paidWith) : null,
    })),
  }
}

export default function AccountPlan({ loaderData }: Route.ComponentProps) {
  const {
    planName,
    subscribed,
    status,
    periodEnd,
    cancelling,
    payer,
    hasCustomer,
    seats,
    people,
    usage,
    invoices,
    awaiting,
    paidWith,
  } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Meu plano</h1>
      <section
        aria-labelledby="plano-atual"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="plano-atual" className="text-sm font-medium text-slate-600">
          Plano atual
        </h2>
        <p className="mt-1 text-2xl font-bold text-slate-900">{planName}</p>
        {status ? <p className="mt-1 text-slate-700">Assinatura: {status}</p> : null}
        {paidWith ? <p className="text-slate-700">{paidWith}</p> : null}
        {periodEnd ? (
          <p className="text-slate-700">
            {cancelling ? `O plano termina em ${periodEnd}.` : `Renova em ${periodEnd}.`}
          </p>
        ) : null}
        {!subscribed ? (
          <p className="mt-1 text-slate-700">Sem assinatura: você está no plano gratuito, com limites menores.</p>
        ) : null}
        <p className="mt-1 text-sm text-slate-600">
          {people} de {seats > 1 ? `${seats} usuários` : '1 usuário'} ·{' '}
          <Link
            to="/minha-conta/equipe"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            Equipe
          </Link>
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          {hasCustomer ? (
            <form method="get" action="/api/customer-portal">
              <input type="hidden" name="return_url" value="/minha-conta/plano" />
              <button
                type="submit"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Gerenciar assinatura
              </button>
            </form>
          ) : null}
          <Link
            to="/plano/contratar"
            className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {subscribed ? 'Ver outros planos' : 'Assinar um plano'}
          </Link>
          {payer ? (
            <Link
              to="/minha-conta/dados-fiscais"
              className="inline-flex min-h-11 items-center self-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Dados fiscais
            </Link>
          ) : null}
        </div>
      </section>
      {awaiting ? <AwaitingPaymentPanel awaiting={awaiting} /> : null}
      <section aria-labelledby="uso-do-mes" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="uso-do-mes" className="text-lg font-bold text-slate-900">
          Uso do plano
        </h2>
        <dl className="mt-4 space-y-4">
          {usage.map((line) => {
            const share = line.limit ? Math.min(100, Math.round((line.used / line.limit) * 100)) : 0
            return (
              <div key={line.kind}>
                <div className="flex justify-between text-sm">
                  <dt className="text-slate-700">{line.label}</dt>
                  <dd className="font-semibold text-slate-900">
                    {line.limit === null ? `${line.used} (ilimitado)` : `${line.used} de ${line.limit}`}
                  </dd>
                </div>
                {line.limit !== null ? (
                  <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className={`h-2 rounded-full ${share >= 100 ? 'bg-red-500' : 'bg-brand-600'}`}
                      style={{ width: `${line.limit === 0 ? 100 : share}%` }}
                    />
                  </div>
                ) : null}
              </div>
            )
          })}
        </dl>
      </section>
      {hasCustomer ? <InvoiceList invoices={invoices} /> : null}
    </div>
  )
}
