// /leads — the agent's leads from the listing pages (ADR 225): newest first, each with its
// property, status (novo, em contato, visitou, fechado) and a note, saved one form per lead; a
// CSV export. Only the owner scope's leads: another agency's lead id answers 404; a corretor
// reads and changes those of the properties they answer for (another's: 403).
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { FieldErrors } from '~/components/ui/field'
import type { Route } from './+types/index'
import { LeadsList } from '~/components/leads/leads-list'
import { formatWhatsapp } from '~/domain/brand'
import { LEAD_RETENTION_MONTHS, LeadRetentionSchema, LeadUpdateSchema } from '~/domain/leads'
import { changeRetention, retentionOf } from '~/workflows/lead-privacy.server'
import { pageTitle } from '~/utils/meta'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { changeLead, readableLeads } from '~/workflows/leads.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Leads', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [leads, retention] = await Promise.all([readableLeads(context, user), retentionOf(context, user)])
  return {
    retention,
    leads: leads.map((lead) => ({
      id: lead.id,
      name: lead.name,
      phone: formatWhatsapp(lead.phone),
      message: lead.message,
      status: lead.status,
      note: lead.note,
      home: lead.home_name,
      homeId: lead.home_id,
      at: lead.created_at.toISOString(),
    })),
  }
}

/** A lead's status and note; or, from the owner and gestores, how long the leads are kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const formData = await readForm(request)
  if (formData.get('_intent') === 'prazo') {
    const retention = parseWithZod(formData, { schema: LeadRetentionSchema })
    if (retention.status !== 'success') return data({ result: retention.reply() }, { status: 400 })
    if (!(await changeRetention(context, user, retention.value.months))) throw forbidden()
    return redirectWithToast('/leads', {
      type: 'success',
      title: 'Prazo salvo',
      description: `Os leads são guardados por ${retention.value.months} meses e depois excluídos.`,
    })
  }
  const submission = parseWithZod(formData, { schema: LeadUpdateSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const changed = await changeLead(context, user, submission.value)
  if (changed.status === 'not-found') throw new Response('Not found', { status: 404 })
  if (changed.status === 'forbidden') throw forbidden()
  return redirectWithToast('/leads', {
    type: 'success',
    title: 'Lead atualizado',
    description: 'Status e observação salvos.',
  })
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.result?.error as Record<string, string[] | null> | undefined
  const failedId = Number((actionData?.result?.initialValue as { id?: string } | undefined)?.id)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Leads</h1>
        {loaderData.leads.length ? (
          <a
            href="/leads/exportar.csv"
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Exportar CSV
          </a>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        Quem pediu contato pelas páginas dos seus imóveis. São dados pessoais: use só para responder a este contato.
      </p>
      <LeadsList leads={loaderData.leads} errors={errors} failedId={failedId} />
      <RetentionForm {...loaderData.retention} errors={errors?.months ?? undefined} />
    </div>
  )
}

/** How long the account keeps its leads (LGPD): the daily job deletes the older ones. */
function RetentionForm({ months, mayChange, errors }: { months: number; mayChange: boolean; errors?: string[] }) {
  return (
    <section aria-labelledby="retention-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="retention-title" className="font-semibold text-slate-900">
        Por quanto tempo guardar os leads
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Pela LGPD, dados pessoais ficam só o tempo necessário: leads com mais de {months} meses são excluídos
        automaticamente.
      </p>
      {mayChange ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="_intent" value="prazo" />
          <label className="text-sm font-medium text-slate-800">
            Guardar por
            <select
              name="months"
              defaultValue={months}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? 'months-error' : undefined}
              className="mt-1 block min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
            >
              {LEAD_RETENTION_MONTHS.map((option) => (
                <option key={option} value={option}>
                  {option} meses
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Salvar prazo
          </button>
          <FieldErrors id="months-error" errors={errors} />
        </Form>
      ) : null}
    </section>
  )
}
