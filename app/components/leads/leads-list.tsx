// The leads on /leads: one card per lead with a plain form for its status and note (no
// JavaScript needed). Dates in São Paulo's time.
import { Form } from 'react-router'
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '~/domain/leads'
import { formatDateTime } from '~/domain/dates'

export type LeadItem = {
  id: number
  name: string
  phone: string
  message: string
  status: LeadStatus
  note: string
  home: string | null
  homeId: number | null
  at: string
}

const tones: Record<LeadStatus, string> = {
  novo: 'bg-amber-100 text-amber-900',
  em_contato: 'bg-sky-100 text-sky-900',
  visitou: 'bg-violet-100 text-violet-900',
  fechado: 'bg-green-100 text-green-900',
}

export function LeadsList({
  leads,
  errors,
  failedId,
}: {
  leads: LeadItem[]
  errors?: Record<string, string[] | null>
  /** The lead whose form came back refused: its messages show under it only. */
  failedId?: number
}) {
  if (leads.length === 0) {
    return (
      <p className="mt-6 rounded-xl bg-slate-100 p-6 text-center text-slate-700">
        Nenhum lead ainda. Compartilhe a página dos seus imóveis para receber contatos.
      </p>
    )
  }
  return (
    <ul className="mt-6 flex flex-col gap-4" aria-label="Leads">
      {leads.map((lead) => (
        <li key={lead.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-semibold text-slate-900">
              <a href={`/leads/${lead.id}`} className="underline decoration-slate-300 underline-offset-2">
                {lead.name}
              </a>
            </h2>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[lead.status]}`}>
              {LEAD_STATUS_LABELS[lead.status]}
            </span>
          </div>
          <p className="text-sm text-slate-700">
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className="font-medium underline">
              {lead.phone}
            </a>{' '}
            · {formatDateTime(lead.at)}
            {lead.home ? (
              <>
                {' '}
                ·{' '}
                <a href={`/imoveis/${lead.homeId}`} className="underline">
                  {lead.home}
                </a>
              </>
            ) : null}
          </p>
          {lead.message ? <p className="mt-2 whitespace-pre-line text-slate-800">{lead.message}</p> : null}
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
            <input type="hidden" name="id" value={lead.id} />
            <label className="text-sm font-medium text-slate-800">
              Status
              <select
                name="status"
                defaultValue={lead.status}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
              >
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {LEAD_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium text-slate-800">
              Observação
              <input
                name="note"
                defaultValue={lead.note}
                maxLength={2000}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
              />
            </label>
            <button
              type="submit"
              aria-label={`Salvar ${lead.name}`}
              className="min-h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Salvar
            </button>
          </Form>
          {failedId === lead.id && (errors?.note || errors?.status) ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {(errors.note ?? errors.status)?.[0]}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
