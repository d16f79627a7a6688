// The plans on /plano/contratar: the monthly/yearly switch (links: works without JavaScript)
// and one card per plan whose button submits the page's checkout form with its lookup key
// (name="lookupKey"), beside the form's "Forma de pagamento"; without JavaScript the browser
// goes to the payment page, with JavaScript and Stripe configured the page opens the embedded
// checkout instead.
import { Link } from 'react-router'

export type PlanCard = {
  id: string
  name: string
  tagline: string
  featured: boolean
  allowances: string[]
  /** null when the price could not be read. */
  lookupKey: string | null
  priceLabel: string
  /** Yearly: what it costs a month, and the months saved. */
  yearlyNote: string | null
  current: boolean
}

export type PeriodOption = { value: string; label: string; href: string; active: boolean }

export function PeriodSwitch({ options }: { options: PeriodOption[] }) {
  return (
    <nav
      aria-label="Período de cobrança"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1 text-sm"
    >
      {options.map((option) => (
        <Link
          key={option.value}
          to={option.href}
          replace
          preventScrollReset
          aria-current={option.active ? 'page' : undefined}
          className={`rounded-md px-4 py-1.5 font-semibold ${
            option.active ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  )
}

/** The cards; their buttons belong to the form around them. */
export function PlanCards({ plans }: { plans: PlanCard[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          aria-labelledby={`plano-${plan.id}`}
          className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
            plan.featured ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
          }`}
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id={`plano-${plan.id}`} className="text-xl font-bold text-slate-900">
              {plan.name}
            </h2>
            {plan.current ? (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                Seu plano
              </span>
            ) : plan.featured ? (
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                Mais escolhido
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
          <p className="mt-4 text-3xl font-bold text-slate-900">{plan.priceLabel}</p>
          {plan.yearlyNote ? <p className="mt-1 text-sm text-emerald-700">{plan.yearlyNote}</p> : null}
          <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700">
            {plan.allowances.map((line) => (
              <li key={line} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-600">
                  ✓
                </span>
                {line}
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <button
              type="submit"
              name="lookupKey"
              value={plan.lookupKey ?? ''}
              disabled={plan.current || !plan.lookupKey}
              aria-label={`Assinar o plano ${plan.name}`}
              className={`w-full rounded-lg px-4 py-2.5 font-semibold shadow-sm disabled:opacity-60 ${
                plan.featured
                  ? 'bg-brand-600 text-white hover:bg-brand-700'
                  : 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50'
              }`}
            >
              {plan.current ? 'Plano atual' : 'Assinar'}
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The free plan beside the paid ones: what it allows, and whether it is the agent's now. */
export function FreePlanCard({ allowances, current }: { allowances: string[]; current: boolean }) {
  return (
    <section
      aria-labelledby="plano-gratuito"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:flex sm:items-start sm:gap-8"
    >
      <div className="sm:w-56 sm:shrink-0">
        <div className="flex items-center gap-2">
          <h2 id="plano-gratuito" className="text-xl font-bold text-slate-900">
            Gratuito
          </h2>
          {current ? (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
              Seu plano
            </span>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">Para conhecer a Vitrine, sem cartão.</p>
        <p className="mt-3 text-3xl font-bold text-slate-900">R$ 0</p>
      </div>
      <ul className="mt-4 grid flex-1 gap-1.5 text-sm text-slate-700 sm:mt-0 sm:grid-cols-2">
        {allowances.map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden="true" className="text-slate-400">
              ✓
            </span>
            {line}
          </li>
        ))}
      </ul>
    </section>
  )
}
