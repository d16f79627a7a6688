// /leads — the agent's leads from the listing pages (issue 40): newest first, each with its
// property, status (novo, em contato, visitou, fechado) and a note, saved one form per lead; a
// CSV export. Only the owner scope's leads: another agency's lead id answers 404.
import type { Route } from './+types/index'
import { LeadsList } from '~/components/leads/leads-list'
import { dbContext } from '~/context'
import { formatWhatsapp } from '~/domain/brand'
import { listLeads } from '~/models/leads.server'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'
import { leadUpdateAction } from '~/workflows/leads.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Leads', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const leads = await listLeads(context.get(dbContext), user.accountId)
  return {
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

export const action = ({ request, context }: Route.ActionArgs) => leadUpdateAction(request, context)

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
    </div>
  )
}
