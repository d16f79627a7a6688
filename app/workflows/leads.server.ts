// From post to lead (ADR 223–225), the steps of several writes: a tracked contact (/r/{code}: counted
// once per person, property, channel and hour by listing-counts.server.ts, then WhatsApp or the
// phone), the listing form's lead (rate limit, store, count, e-mail the responsible agent), and
// the agent's /leads (a lead's status and note, the CSV). The routes read the forms and answer.
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { clientIpContext, dbContext, emailContext, envContext, rateLimiterContext, type SessionUser } from '~/context'
import { csvDateTime } from '~/domain/dates'
import {
  LEAD_STATUS_LABELS,
  type LeadSchema,
  type LeadUpdateSchema,
  csvRow,
  homeCode,
  listingPath,
  whatsappText,
  whatsappUrl,
} from '~/domain/leads'
import { createLead, getLeadForEmail, leadResponsible, listLeads, updateLead } from '~/models/leads.server'
import { queueMail } from '~/workflows/mail-jobs.server'
import { may, onlyPiecesOf } from '~/domain/team'
import { findShortLink, recordListingEvent } from '~/models/listing-stats.server'
import { findPageByOwner, getPublicHome } from '~/models/public-pages.server'
import { getAccount } from '~/models/users.server'
import type { RateLimitRule } from '~/models/rate-limits.server'
import { countListingEvent, type ListingEvent, type Visitor } from '~/workflows/listing-counts.server'

type Context = Readonly<RouterContextProvider>

/** Leads per address: a few per agent, a few more over every agent (20 quick submissions are refused). */
export const leadLimits = {
  perOwner: { name: 'lead:ip-owner', limit: 5, windowSeconds: 600 },
  perIp: { name: 'lead:ip', limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>

/**
 * /r/{code}: where a tracked contact goes, WhatsApp (or the phone, `phone`) with the property
 * named, else the listing page; the click counted for `visitor` (people only; null counts none).
 * Null for an unknown code or a property no longer public.
 */
export async function trackedContact(
  context: Context,
  contact: { code: string; phone: boolean; visitor: Visitor | null },
): Promise<string | null> {
  const db = context.get(dbContext)
  const link = await findShortLink(db, contact.code)
  if (!link) return null
  const [home, owner] = await Promise.all([
    getPublicHome(db, link.user_id, link.home_id),
    findPageByOwner(db, link.user_id),
  ])
  if (!home || !owner) return null
  const digits = (owner.theme.whatsapp || owner.phone || '').replace(/\D/g, '')
  const whatsapp = whatsappUrl(digits, whatsappText(home))
  const tel = /^\d{10,11}$/.test(digits) ? `tel:+55${digits}` : null
  const target = contact.phone ? tel : whatsapp
  if (contact.visitor && target) {
    const event: ListingEvent = {
      user_id: link.user_id,
      home_id: home.id,
      kind: contact.phone ? 'phone' : 'whatsapp',
      link_code: link.code,
    }
    await countListingEvent({ db, limiter: context.get(rateLimiterContext) }, contact.visitor, event)
  }
  return target ?? `${listingPath(owner.handle, home)}?de=${link.code}`
}

/** /l/{code}: where a caption's short link goes, the listing page that carries the code on; null when gone. */
export async function captionLink(context: Context, code: string): Promise<string | null> {
  const db = context.get(dbContext)
  const link = await findShortLink(db, code)
  if (!link) return null
  const [home, owner] = await Promise.all([
    getPublicHome(db, link.user_id, link.home_id),
    findPageByOwner(db, link.user_id),
  ])
  if (!home || !owner) return null
  return `${listingPath(owner.handle, home)}?de=${link.code}`
}

export type LeadOutcome =
  | { status: 'sent' }
  | { status: 'limited'; retryAfterSeconds: number }
  /** The property is no longer public. */
  | { status: 'not-found' }

/** The listing form's lead: counted against the sender's address, stored, e-mailed to the responsible agent. */
export async function submitLead(
  context: Context,
  home: { userId: string; homeId: number; consentText: string },
  input: z.output<typeof LeadSchema>,
): Promise<LeadOutcome> {
  const limiter = context.get(rateLimiterContext)
  const ip = context.get(clientIpContext) || 'unknown'
  const [perOwner, perIp] = await Promise.all([
    limiter.hit(leadLimits.perOwner, `${ip}:${home.userId}`),
    limiter.hit(leadLimits.perIp, ip),
  ])
  if (!perOwner.allowed || !perIp.allowed)
    return { status: 'limited', retryAfterSeconds: Math.max(perOwner.retryAfterSeconds, perIp.retryAfterSeconds) }
  const db = context.get(dbContext)
  const target = await getPublicHome(db, home.userId, home.homeId)
  if (!target) return { status: 'not-found' }
  const from = input.de ? await findShortLink(db, input.de) : null
  const linkCode = from && from.home_id === target.id ? from.code : null
  const lead = await createLead(db, {
    user_id: home.userId,
    // The responsible person: the member who answers for the property (ADR 218), else the owner.
    agent_id: target.responsible_id ?? target.user_id,
    home_id: target.id,
    link_code: linkCode,
    name: input.name,
    phone: input.phone,
    message: input.message,
    consent_text: home.consentText,
  })
  await recordListingEvent(db, { user_id: home.userId, home_id: target.id, kind: 'form', link_code: linkCode })
  // E-mailed by the mail worker (ADR 261): the lead is kept and shown on /leads whatever the mail server does.
  await queueMail(context, { kind: 'lead', leadId: lead.id })
  return { status: 'sent' }
}

/** The mail worker's lead: written from the lead's row when it goes out (the queue holds no
 * personal data); a lead deleted meanwhile, or one whose agent is gone, is not e-mailed. */
export async function sendLeadEmail(context: Context, job: { leadId: number }) {
  const db = context.get(dbContext)
  const lead = await getLeadForEmail(db, job.leadId)
  const agent = lead?.agent_id ? await getAccount(db, lead.agent_id) : null
  if (!lead || !agent?.email) return
  const origin = context.get(envContext).APP_URL ?? ''
  const link = origin ? `${origin}/leads` : '/leads'
  const homeName = lead.home_name ?? 'imóvel'
  const code = lead.home_id ? ` (${homeCode(lead.home_id)})` : ''
  await context.get(emailContext).send({
    to: agent.email,
    subject: `Novo contato: ${homeName}${code}`,
    text: [
      `${lead.name} pediu contato sobre "${homeName}"${code}.`,
      `Telefone: ${lead.phone}`,
      lead.message ? `Mensagem: ${lead.message}` : null,
      '',
      `Veja e acompanhe em ${link}`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  })
}

/**
 * /leads: a lead's status and note. A corretor changes the leads of the properties they answer
 * for; the owner and gestores, all (POLICY 'change-leads'). Another account's lead is not found.
 */
export async function changeLead(
  context: Context,
  user: SessionUser,
  input: z.output<typeof LeadUpdateSchema>,
): Promise<{ status: 'saved' } | { status: 'not-found' } | { status: 'forbidden' }> {
  const { id, ...changes } = input
  const db = context.get(dbContext)
  const responsible = await leadResponsible(db, user.accountId, id)
  if (responsible === undefined) return { status: 'not-found' }
  if (!may(user, 'change-leads', responsible)) return { status: 'forbidden' }
  return (await updateLead(db, user.accountId, id, changes)) ? { status: 'saved' } : { status: 'not-found' }
}

/** The leads a person may read (POLICY 'read-leads'): the owner and gestores every lead of the
 * account, a corretor those of the properties they answer for. /leads and its CSV alike. */
export function readableLeads(context: Context, user: SessionUser, limit?: number) {
  return listLeads(context.get(dbContext), user.accountId, limit, onlyPiecesOf(user, 'read-leads'))
}

/** /leads/exportar.csv: every lead the person may read, newest first, as Excel pt-BR opens it in
 * columns: UTF-8 with BOM, ';' between fields, São Paulo dates. */
export async function leadsCsv(context: Context, user: SessionUser): Promise<string> {
  const rows = await readableLeads(context, user, 100_000)
  const lines = [
    csvRow(['data', 'nome', 'telefone', 'mensagem', 'imóvel', 'status', 'observação']),
    ...rows.map((lead) =>
      csvRow([
        csvDateTime(lead.created_at),
        lead.name,
        lead.phone,
        lead.message,
        lead.home_name ?? '',
        LEAD_STATUS_LABELS[lead.status] ?? lead.status,
        lead.note,
      ]),
    ),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
