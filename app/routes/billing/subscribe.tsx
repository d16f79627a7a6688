// /plano/contratar — the plans with their prices, a monthly/yearly switch (?periodo=anual,
// works without JavaScript), how to pay (card, Pix or boleto; ADR 309) and checkout: the hosted
// page (or the demo one) through the page's form, or, with JavaScript and Stripe configured,
// Stripe's embedded checkout on this page. A bad choice is answered 400 beside the field.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { data, Form } from 'react-router'
import type { Route } from './+types/subscribe'
import { PaymentChoice } from '~/components/billing/payment-choice'
import { FreePlanCard, PeriodSwitch, PlanCards, type PlanCard } from '~/components/billing/plan-cards'
import { billingContext, dbContext, loggerContext } from '~/context'
import {
  BILLING_MESSAGES,
  FREE_PLAN,
  PERIOD_NAMES,
  PLANS,
  PLAN_PERIODS,
  allowanceText,
  monthlyEquivalent,
  monthsSavedPerYear,
  priceLabel,
  readPeriod,
  type CatalogPlan,
} from '~/domain/billing'
import { formatBRL } from '~/domain/money'
import { CheckoutChoiceSchema } from '~/domain/checkout-schema'
import { currentPlan } from '~/models/quota.server'
import { planOffers, type PlanOffer } from '~/workflows/billing.server'
import { requirePermission, requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { checkoutAnswer } from './checkout.server'
import { billingUser } from './http.server'
import { readForm } from '~/utils/form-body.server'

const EmbeddedCheckoutPanel = lazy(() => import('~/components/billing/embedded-checkout'))

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Contratar plano', matches)

function allowances(plan: Pick<CatalogPlan, 'entitlements'>) {
  const e = plan.entitlements
  return [
    allowanceText('postsPerMonth', e.postsPerMonth),
    allowanceText('aiGenerationsPerMonth', e.aiGenerationsPerMonth),
    allowanceText('homes', e.homes),
    allowanceText('scheduledPerMonth', e.scheduledPerMonth),
    allowanceText('videosPerMonth', e.videosPerMonth),
    e.seats > 1 ? `Até ${e.seats} usuários` : '1 usuário',
  ]
}

function card(
  offer: PlanOffer | null,
  plan: CatalogPlan,
  period: 'mensal' | 'anual',
  currentId: string | null,
): PlanCard {
  const price = offer?.prices[period] ?? null
  const monthly = offer?.prices.mensal?.unitAmount ?? null
  const saved = period === 'anual' && price?.unitAmount && monthly ? monthsSavedPerYear(monthly, price.unitAmount) : 0
  return {
    id: plan.id,
    name: plan.name,
    tagline: plan.tagline,
    featured: plan.featured,
    allowances: allowances(plan),
    lookupKey: plan.prices[period].lookupKey,
    priceLabel: priceLabel(
      price?.unitAmount ?? null,
      price?.interval ?? plan.prices[period].interval,
      price?.intervalCount ?? 1,
    ),
    yearlyNote:
      period === 'anual' && price?.unitAmount
        ? `Equivale a ${formatBRL(monthlyEquivalent(price.unitAmount))} /mês${saved > 0 ? ` (${saved} meses grátis)` : ''}`
        : null,
    current: plan.id === currentId,
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const period = readPeriod(new URL(request.url).searchParams.get('periodo'))
  const billing = context.get(billingContext)
  let offers: PlanOffer[] | null = null
  try {
    offers = await planOffers(billing)
  } catch (error) {
    context.get(loggerContext).error('prices not read', { error })
  }
  const current = await currentPlan(context.get(dbContext), user.accountId)
  const plans = offers
    ? offers.map((offer) => card(offer, offer.plan, period, current?.id ?? null))
    : PLANS.map((plan) => card(null, plan, period, current?.id ?? null))
  return {
    period,
    periods: PLAN_PERIODS.map((value) => ({
      value,
      label: PERIOD_NAMES[value],
      href: value === 'mensal' ? '?periodo=mensal' : '?periodo=anual',
      active: value === period,
    })),
    plans,
    currentName: current?.name ?? FREE_PLAN.name,
    free: { allowances: allowances(FREE_PLAN), current: current === null },
    pricesFailed: offers === null,
    publishableKey: billing.publishableKey,
    demo: billing.provider === 'demo',
    paymentMethods: billing.paymentMethods,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // Paying is the owner's (POLICY's 'billing'): a member is refused before the form is read.
  const user = requirePermission(context, request, 'billing')
  const submission = parseWithZod(await readForm(request), { schema: CheckoutChoiceSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { lookupKey, payment_method: paymentMethod } = submission.value
  return checkoutAnswer(context, request, billingUser(user), { lookupKey, embedded: false, paymentMethod }, true)
}

export default function ContractPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, periods, pricesFailed, publishableKey, demo, currentName, free, paymentMethods } = loaderData
  const [choice, setChoice] = useState<{ lookupKey: string; paymentMethod: string; planName: string } | null>(null)
  const [form, fields] = useForm<{ lookupKey: string; payment_method: string }>({
    lastResult: actionData?.result,
    shouldValidate: 'onSubmit',
  })
  const chosen = String(fields.payment_method.initialValue ?? 'card')
  // With Stripe.js, the embedded checkout opens here instead of leaving for the hosted page.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const lookupKey = submitter instanceof HTMLButtonElement ? submitter.value : ''
    const paymentMethod = String(new FormData(event.currentTarget).get('payment_method') ?? '')
    if (!publishableKey || !lookupKey || !paymentMethod) return form.onSubmit(event)
    event.preventDefault()
    setChoice({ lookupKey, paymentMethod, planName: plans.find((p) => p.lookupKey === lookupKey)?.name ?? '' })
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Escolha o seu plano</h1>
      <p className="mt-1 text-slate-600">
        Posts prontos para as redes, todos os meses, para você ou para a sua imobiliária.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Seu plano atual: <strong className="font-semibold text-slate-900">{currentName}</strong>
      </p>
      {demo ? (
        <p className="mt-3 inline-block rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950">
          Modo de demonstração: nenhuma cobrança é feita.
        </p>
      ) : null}
      {pricesFailed ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {BILLING_MESSAGES.prices}
        </p>
      ) : null}
      <div className="mt-6">
        <PeriodSwitch options={periods} />
      </div>
      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} aria-label="Contratar plano">
        <div className="mt-6">
          <PaymentChoice methods={paymentMethods} chosen={chosen} errors={fields.payment_method.errors} />
        </div>
        <div className="mt-6">
          <PlanCards plans={plans} />
        </div>
      </Form>
      <div className="mt-5">
        <FreePlanCard allowances={free.allowances} current={free.current} />
      </div>
      {choice && publishableKey ? (
        <Suspense fallback={<p className="mt-8 text-slate-600">Carregando o pagamento…</p>}>
          <EmbeddedCheckoutPanel
            key={choice.lookupKey}
            publishableKey={publishableKey}
            lookupKey={choice.lookupKey}
            paymentMethod={choice.paymentMethod}
            planName={choice.planName}
            onClose={() => setChoice(null)}
          />
        </Suspense>
      ) : null}
      <p className="mt-8 text-sm text-slate-500">
        Preços em reais. Cancele quando quiser pelo portal do cliente, em Minha conta.
      </p>
      <p className="mt-2 text-sm text-slate-500">
        Cada post gerado (ou gerado de novo) conta uma geração com IA; os textos dos kits de mídia não entram na conta.
      </p>
    </div>
  )
}
