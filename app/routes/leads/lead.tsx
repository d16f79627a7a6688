// /leads/:id — one lead (LGPD, ADR 321): what the person sent, the consent text they agreed to
// and when, and "Excluir dados deste contato" for when they ask for their data to be deleted
// (POLICY 'delete-leads'). Another account's lead is 404; a corretor's look at another's, 403.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import type { Route } from './+types/lead'
import { FieldErrors } from '~/components/ui/field'
import { formatWhatsapp } from '~/domain/brand'
import { formatDateTime } from '~/domain/dates'
import { LEAD_STATUS_LABELS, LeadDeletionSchema } from '~/domain/leads'
import { readForm } from '~/utils/form-body.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound } from '~/utils/params'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { leadPage, removeLead } from '~/workflows/lead-privacy.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Lead', matches)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const id = idParam.safeParse(params.id)
  if (!id.success) throw pageNotFound(request)
  const page = await leadPage(context, user, id.data)
  if (!page) throw pageNotFound(request)
  if (page === 'forbidden') throw forbidden()
  const { lead } = page
  return {
    lead: {
      id: lead.id,
      name: lead.name,
      phone: formatWhatsapp(lead.phone),
      message: lead.message,
      status: LEAD_STATUS_LABELS[lead.status],
      home: lead.home_name,
      homeId: lead.home_id,
      at: lead.created_at.toISOString(),
      consentText: lead.consent_text,
      consentAt: lead.consent_at.toISOString(),
    },
    mayDelete: page.mayDelete,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const formData = await readForm(request)
  const id = idParam.safeParse(params.id)
  if (!id.success) throw pageNotFound(request)
  const page = await leadPage(context, user, id.data)
  if (!page) throw pageNotFound(request)
  if (page === 'forbidden' || !page.mayDelete) throw forbidden()
  const submission = parseWithZod(formData, { schema: LeadDeletionSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const removed = await removeLead(context, user, id.data)
  if (removed === 'not-found') throw pageNotFound(request)
  if (removed === 'forbidden') throw forbidden()
  return redirectWithToast('/leads', {
    type: 'success',
    title: 'Dados do contato excluídos',
    description: 'O nome, o telefone e a mensagem foram apagados do Vitrine.',
  })
}

export default function Lead({ loaderData: { lead, mayDelete }, actionData }: Route.ComponentProps) {
  const confirmErrors = (actionData?.result?.error as Record<string, string[] | null> | undefined)?.confirm
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <p className="text-sm">
        <a href="/leads" className="font-medium text-slate-700 underline">
          ← Leads
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{lead.name}</h1>
      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Telefone</dt>
        <dd>
          <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className="underline">
            {lead.phone}
          </a>
        </dd>
        <dt className="font-medium text-slate-600">Recebido em</dt>
        <dd>{formatDateTime(lead.at)}</dd>
        {lead.home ? (
          <>
            <dt className="font-medium text-slate-600">Imóvel</dt>
            <dd>
              <a href={`/imoveis/${lead.homeId}`} className="underline">
                {lead.home}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-600">Status</dt>
        <dd>{lead.status}</dd>
        {lead.message ? (
          <>
            <dt className="font-medium text-slate-600">Mensagem</dt>
            <dd className="whitespace-pre-line">{lead.message}</dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="consent-title" className="mt-6">
        <h2 id="consent-title" className="text-lg font-semibold text-slate-900">
          Consentimento (LGPD)
        </h2>
        <p className="mt-1 text-slate-800">
          {lead.consentText ? (
            <>
              Consentimento: “{lead.consentText}” em {formatDateTime(lead.consentAt)}.
            </>
          ) : (
            <>Consentimento dado em {formatDateTime(lead.consentAt)} (o texto mostrado não era guardado nesta época).</>
          )}
        </p>
      </section>
      {mayDelete ? (
        <section aria-labelledby="delete-title" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4">
          <h2 id="delete-title" className="text-lg font-semibold text-red-900">
            Excluir dados deste contato
          </h2>
          <p className="mt-1 text-sm text-red-900">
            Quando a pessoa pedir, apague o nome, o telefone e a mensagem dela. Não dá para desfazer.
          </p>
          <Form method="post" className="mt-3">
            <label className="flex items-start gap-3 text-sm text-red-900">
              <input
                type="checkbox"
                name="confirm"
                value="on"
                aria-invalid={confirmErrors?.length ? true : undefined}
                aria-describedby={confirmErrors?.length ? 'confirm-error' : undefined}
                className="mt-0.5 size-5 shrink-0 rounded border-red-400"
              />
              <span>Confirmo: excluir definitivamente os dados de {lead.name}</span>
            </label>
            <FieldErrors id="confirm-error" errors={confirmErrors ?? undefined} />
            <button
              type="submit"
              className="mt-3 min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
            >
              Excluir dados deste contato
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}
