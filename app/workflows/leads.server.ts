// From post to lead (issue 40), the steps of several writes: a tracked contact (/r/{code}: count,
// then WhatsApp or the phone), the listing form's lead (honeypot, rate limit, store, count, e-mail
// the responsible agent), the public address on /minha-conta/marca, and the agent's /leads.
import { parseWithZod } from '@conform-to/zod/v4'
import { isbot } from 'isbot'
import { data, type RouterContextProvider } from 'react-router'
import { clientIpContext, dbContext, emailContext, envContext, loggerContext, rateLimiterContext } from '~/context'
import {
  HANDLE_TAKEN,
  HandleSchema,
  LEAD_STATUS_LABELS,
  LeadSchema,
  LeadUpdateSchema,
  csvRow,
  homeCode,
  listingPath,
  whatsappText,
  whatsappUrl,
} from '~/domain/leads'
import { createLead, listLeads, updateLead } from '~/models/leads.server'
import { findShortLink, recordListingEvent } from '~/models/listing-stats.server'
import { findPageByOwner, getPublicHome, savePublicPage } from '~/models/public-pages.server'
import { getAccount } from '~/models/users.server'
import type { RateLimitRule } from '~/models/rate-limits.server'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { requirePermission, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>

/** Leads per address: a few per agent, a few more over every agent (issue 40's "20 quick submissions"). */
export const leadLimits = {
  perOwner: { name: 'lead:ip-owner', limit: 5, windowSeconds: 600 },
  perIp: { name: 'lead:ip', limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

/** /r/{code}: counts the click (people only) and opens WhatsApp (or the phone) with the property named. */
export async function trackedContact(request: Request, context: Context, code: string): Promise<Response | null> {
  const db = context.get(dbContext)
  const link = await findShortLink(db, code)
  if (!link) return null
  const [home, owner] = await Promise.all([
    getPublicHome(db, link.user_id, link.home_id),
    findPageByOwner(db, link.user_id),
  ])
  if (!home || !owner) return null
  const phone = new URL(request.url).searchParams.get('canal') === 'telefone'
  const digits = (owner.theme.whatsapp || owner.phone || '').replace(/\D/g, '')
  const whatsapp = whatsappUrl(digits, whatsappText(home))
  const tel = /^\d{10,11}$/.test(digits) ? `tel:+55${digits}` : null
  const target = phone ? tel : whatsapp
  if (request.method === 'GET' && !isbot(request.headers.get('user-agent') ?? '') && target) {
    await recordListingEvent(db, {
      user_id: link.user_id,
      home_id: home.id,
      kind: phone ? 'phone' : 'whatsapp',
      link_code: link.code,
    })
  }
  const location = target ?? `${listingPath(owner.handle, home)}?de=${link.code}`
  return new Response(null, { status: 302, headers: { Location: location, ...NO_STORE } })
}

/** /l/{code}: a caption's short link, to the listing page that carries the code on. */
export async function captionLink(context: Context, code: string): Promise<Response | null> {
  const db = context.get(dbContext)
  const link = await findShortLink(db, code)
  if (!link) return null
  const [home, owner] = await Promise.all([
    getPublicHome(db, link.user_id, link.home_id),
    findPageByOwner(db, link.user_id),
  ])
  if (!home || !owner) return null
  return new Response(null, {
    status: 302,
    headers: { Location: `${listingPath(owner.handle, home)}?de=${link.code}`, ...NO_STORE },
  })
}

/** The listing form: a lead stored and e-mailed to the responsible agent, or a 400/429 with the typed values. */
export async function submitLead(request: Request, context: Context, home: { userId: string; homeId: number }) {
  const formData = await request.formData()
  const reject = (status: number, formErrors: string[]) =>
    data({ result: { status: 'error' as const, error: { '': formErrors } }, sent: false }, { status })
  if (honeypotFilled(formData)) return reject(400, [FORM_REJECTED])
  const submission = parseWithZod(formData, { schema: LeadSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  const limiter = context.get(rateLimiterContext)
  const ip = context.get(clientIpContext) || 'unknown'
  const [perOwner, perIp] = await Promise.all([
    limiter.hit(leadLimits.perOwner, `${ip}:${home.userId}`),
    limiter.hit(leadLimits.perIp, ip),
  ])
  if (!perOwner.allowed || !perIp.allowed) {
    return data(
      {
        result: submission.reply({
          formErrors: ['Recebemos muitas mensagens deste endereço. Tente de novo em alguns minutos.'],
        }),
        sent: false,
      },
      {
        status: 429,
        headers: { 'Retry-After': String(Math.max(perOwner.retryAfterSeconds, perIp.retryAfterSeconds)) },
      },
    )
  }
  const db = context.get(dbContext)
  const target = await getPublicHome(db, home.userId, home.homeId)
  if (!target) throw new Response('Not found', { status: 404 })
  const from = submission.value.de ? await findShortLink(db, submission.value.de) : null
  const linkCode = from && from.home_id === target.id ? from.code : null
  const lead = await createLead(db, {
    user_id: home.userId,
    // The responsible person: the member who answers for the property (ADR 218), else the owner.
    agent_id: target.responsible_id ?? target.user_id,
    home_id: target.id,
    link_code: linkCode,
    name: submission.value.name,
    phone: submission.value.phone,
    message: submission.value.message,
  })
  await recordListingEvent(db, { user_id: home.userId, home_id: target.id, kind: 'form', link_code: linkCode })
  await emailAgent(context, lead.agent_id, { ...lead, homeName: target.name, homeId: target.id })
  return data({ result: submission.reply({ resetForm: true }), sent: true })
}

async function emailAgent(
  context: Context,
  agentId: string | null,
  lead: { name: string; phone: string; message: string; homeName: string; homeId: number },
) {
  const agent = agentId ? await getAccount(context.get(dbContext), agentId) : null
  if (!agent) return
  const origin = context.get(envContext).APP_URL ?? ''
  const link = origin ? `${origin}/leads` : '/leads'
  try {
    await context.get(emailContext).send({
      to: agent.email,
      subject: `Novo contato: ${lead.homeName} (${homeCode(lead.homeId)})`,
      text: [
        `${lead.name} pediu contato sobre "${lead.homeName}" (${homeCode(lead.homeId)}).`,
        `Telefone: ${lead.phone}`,
        lead.message ? `Mensagem: ${lead.message}` : null,
        '',
        `Veja e acompanhe em ${link}`,
      ]
        .filter((line) => line !== null)
        .join('\n'),
    })
  } catch (error) {
    // The lead is stored and shown on /leads: a mail server down loses only the notice.
    context.get(loggerContext).warn('lead e-mail not sent', { error: String(error) })
  }
}

/** The public address form on /minha-conta/marca. */
export async function publicPageAction(request: Request, context: Context) {
  // The public page is the agency's, like its brand (ADR 218).
  const user = requirePermission(context, request, 'brand')
  const submission = parseWithZod(await request.formData(), { schema: HandleSchema })
  if (submission.status !== 'success') return data({ pageResult: submission.reply() }, { status: 400 })
  const saved = await savePublicPage(context.get(dbContext), user.accountId, submission.value)
  if (saved === 'taken') {
    return data({ pageResult: submission.reply({ fieldErrors: { handle: [HANDLE_TAKEN] } }) }, { status: 400 })
  }
  return redirectWithToast('/minha-conta/marca', {
    type: 'success',
    title: 'Página pública salva',
    description: `Seu endereço: /c/${submission.value.handle}`,
  })
}

/** /leads: a lead's status and note. */
export async function leadUpdateAction(request: Request, context: Context) {
  const user = requireUser(context, request)
  const submission = parseWithZod(await request.formData(), { schema: LeadUpdateSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { id, ...changes } = submission.value
  const updated = await updateLead(context.get(dbContext), user.accountId, id, changes)
  if (!updated) throw new Response('Not found', { status: 404 })
  return redirectWithToast('/leads', {
    type: 'success',
    title: 'Lead atualizado',
    description: 'Status e observação salvos.',
  })
}

/** /leads/exportar.csv: every lead of the owner scope, newest first (UTF-8 with BOM, for Excel). */
export async function leadsCsv(request: Request, context: Context): Promise<Response> {
  const user = requireUser(context, request)
  const rows = await listLeads(context.get(dbContext), user.accountId, 100_000)
  const lines = [
    csvRow(['data', 'nome', 'telefone', 'mensagem', 'imóvel', 'status', 'observação']),
    ...rows.map((lead) =>
      csvRow([
        lead.created_at.toISOString(),
        lead.name,
        lead.phone,
        lead.message,
        lead.home_name ?? '',
        LEAD_STATUS_LABELS[lead.status] ?? lead.status,
        lead.note,
      ]),
    ),
  ]
  return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="leads.csv"',
      'Cache-Control': 'no-store',
    },
  })
}
