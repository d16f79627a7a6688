// /leads — the agent's leads from the listing pages (ADR 225): newest first, each with its
// property, status (novo, em contato, visitou, fechado) and a note, saved one form per lead; a
// CSV export. Only the owner scope's leads: another agency's lead id answers 404; a corretor
// reads and changes those of the properties they answer for (another's: 403).
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { Route } from './+types/index'
import { LeadsList } from '~/components/leads/leads-list'
import { formatWhatsapp } from '~/domain/brand'
import { LeadUpdateSchema } from '~/domain/leads'
import { pageTitle } from '~/utils/meta'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { changeLead, readableLeads } from '~/workflows/leads.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Leads', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const leads = await readableLeads(context, user)
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

/** A lead's status and note. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const submission = parseWithZod(await readForm(request), { schema: LeadUpdateSchema })
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
    </div>
  )
}
