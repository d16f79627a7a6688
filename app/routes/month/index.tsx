// /mes-pronto — "Mês pronto" (ADR 283): the period (the next 30 days by default), the rhythm
// (Leve, Regular, Intenso or personalizado) and the properties to feature; "Preparar o mês"
// checks the plan's quotas and starts the drafting in the background. Below, the months made.
import { Form, Link, data, redirect } from 'react-router'
import type { Route } from './+types/index'
import { SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { Checkbox, Radio } from '~/components/ui/choice'
import { Field, FieldErrors, Fieldset } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { dbContext } from '~/context'
import { RHYTHM_LABELS, describeRhythm, formatDay, monthPage, type Rhythm } from '~/domain/month-plan'
import { may } from '~/domain/team'
import { listMonthPlans } from '~/models/month-plans.server'
import { pageTitle } from '~/utils/meta'
import { forbidden, requireUser } from '~/utils/session.server'
import { monthFormData, startMonthPlan, type MonthFormValues } from '~/workflows/month-plan.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Mês pronto', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [form, plans] = await Promise.all([
    monthFormData(context, user),
    listMonthPlans(context.get(dbContext), user.accountId),
  ])
  return {
    ...form,
    mayPlan: may(user, 'schedule', user.id),
    plans: plans.map((p) => ({
      id: p.id,
      start: formatDay(p.start_date),
      days: p.days,
      rhythm: RHYTHM_LABELS[p.rhythm_id],
    })),
  }
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  if (!may(user, 'schedule', user.id)) throw forbidden(user.accountRole, 'schedule')
  const form = await readForm(request)
  const values: MonthFormValues = {
    start: text(form, 'start'),
    days: text(form, 'days'),
    rhythm: text(form, 'rhythm'),
    post: text(form, 'post') || '0',
    carousel: text(form, 'carousel') || '0',
    story: text(form, 'story') || '0',
    reel: text(form, 'reel') || '0',
    homes: form.getAll('homes').map(String),
  }
  const outcome = await startMonthPlan(context, user, values)
  if (outcome.status === 'started') return redirect(monthPage(outcome.planId))
  if (outcome.status === 'invalid') return data({ values, errors: outcome.errors, quota: null }, { status: 400 })
  return data(
    {
      values,
      errors: {} as Record<string, string[]>,
      quota: { message: outcome.message, upgrade: outcome.upgradePlan, lighter: outcome.lighter },
    },
    { status: 400 },
  )
}

const KINDS: { name: keyof Rhythm; label: string }[] = [
  { name: 'post', label: 'Posts' },
  { name: 'carousel', label: 'Carrosséis' },
  { name: 'story', label: 'Stories' },
  { name: 'reel', label: 'Reels' },
]

export default function MonthIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { homes, defaults, presets, plans, mayPlan } = loaderData
  const values = actionData?.values ?? defaults
  const errors = actionData?.errors ?? {}
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Mês pronto</h1>
      <p className="mt-1 text-sm text-slate-600">
        Um mês de posts, carrosséis, Stories e Reels dos seus imóveis, com horários, pronto para revisar e aprovar.
      </p>
      {actionData?.quota ? (
        <Notice className="mt-4" tone="warning" role="alert">
          <p>{actionData.quota.message}</p>
          {actionData.quota.upgrade ? (
            <p className="mt-2">
              <Link to="/plano/contratar" className="font-semibold underline">
                Ver os planos
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      {mayPlan ? (
        <Card className="mt-4">
          <Form method="post" className="space-y-5" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field htmlFor="start" label="Primeiro dia" errors={errors.start} errorId="start-error">
                <Input
                  id="start"
                  name="start"
                  type="date"
                  defaultValue={values.start}
                  invalid={!!errors.start}
                  aria-describedby={errors.start ? 'start-error' : undefined}
                />
              </Field>
              <Field htmlFor="days" label="Quantos dias" errors={errors.days} errorId="days-error">
                <Input
                  id="days"
                  name="days"
                  type="number"
                  inputMode="numeric"
                  min={7}
                  max={35}
                  defaultValue={values.days}
                  invalid={!!errors.days}
                  aria-describedby={errors.days ? 'days-error' : undefined}
                />
              </Field>
            </div>
            <Fieldset label="Ritmo" errors={errors.rhythm} errorId="rhythm-error">
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {presets.map((preset) => (
                  <Radio key={preset.id} name="rhythm" value={preset.id} defaultChecked={values.rhythm === preset.id}>
                    <span className="flex flex-col">
                      <span className="font-medium">{preset.label}</span>
                      <span className="block text-xs text-slate-600">
                        {preset.rhythm ? describeRhythm(preset.rhythm) : 'Você escolhe quantas peças de cada tipo'}
                      </span>
                    </span>
                  </Radio>
                ))}
              </div>
            </Fieldset>
            <Fieldset label="Personalizado: peças por semana" errors={errors.custom} errorId="custom-error">
              <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {KINDS.map((kind) => (
                  <Field key={kind.name} htmlFor={`k-${kind.name}`} label={kind.label}>
                    <Input
                      id={`k-${kind.name}`}
                      name={kind.name}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={7}
                      defaultValue={values[kind.name]}
                      invalid={!!errors.custom}
                    />
                  </Field>
                ))}
              </div>
            </Fieldset>
            <Fieldset label="Imóveis em destaque" errors={errors.homes} errorId="homes-error">
              {homes.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">
                  Sem imóveis ativos: o mês terá dicas e posts institucionais.{' '}
                  <Link to="/imoveis/novo" className="font-medium text-brand-700 underline">
                    Cadastrar um imóvel
                  </Link>
                </p>
              ) : (
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {homes.map((home) => (
                    <Checkbox
                      key={home.id}
                      name="homes"
                      value={String(home.id)}
                      defaultChecked={values.homes.includes(String(home.id))}
                    >
                      {home.name}
                    </Checkbox>
                  ))}
                </div>
              )}
              <p className="mt-1 text-xs text-slate-600">
                Os mais novos, os que baixaram de preço e os menos divulgados aparecem primeiro.
              </p>
            </Fieldset>
            <FieldErrors errors={errors.form} />
            <SubmitButton block pendingText="Preparando…">
              Preparar o mês
            </SubmitButton>
          </Form>
        </Card>
      ) : null}
      {plans.length ? (
        <section aria-labelledby="meses" className="mt-8">
          <h2 id="meses" className="text-lg font-semibold text-slate-900">
            Meses preparados
          </h2>
          <ul className="mt-2 space-y-2">
            {plans.map((plan) => (
              <li key={plan.id}>
                <Link to={monthPage(plan.id)} className="font-medium text-brand-700 hover:underline">
                  A partir de {plan.start} · {plan.days} dias · {plan.rhythm}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
