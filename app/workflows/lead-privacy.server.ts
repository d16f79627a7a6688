// LGPD for leads (ADR 321): a lead's own page with the consent it was given, its deletion when
// its person asks (POLICY 'delete-leads'), how long the account keeps leads, and the daily job
// that deletes the ones past it. Another account's lead is not found.
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser } from '~/context'
import { leadConsentText } from '~/domain/leads'
import { can, may } from '~/domain/team'
import type { PageOwner } from '~/models/public-pages.server'
import { deleteExpiredLeads, deleteLead, getLead, leadRetention, setLeadRetention } from '~/models/leads.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Logger } from '~/utils/logger.server'

type Context = Readonly<RouterContextProvider>

export const LEAD_RETENTION_QUEUE = 'lead-retention'

/** The lead form's notice on a property's page: as shown, and as stored with the lead. */
export const listingConsentText = (owner: Pick<PageOwner, 'full_name' | 'handle'>, home: { name: string }) =>
  leadConsentText(owner.full_name?.trim() || owner.handle, home.name)

/** /leads/:id: the account's lead (null: 404), 'forbidden' when the person may not read it
 * (POLICY 'read-leads'), else it and whether they may delete it. */
export async function leadPage(context: Context, user: SessionUser, id: number) {
  const lead = await getLead(context.get(dbContext), user.accountId, id)
  if (!lead) return null
  if (!may(user, 'read-leads', lead.responsible)) return 'forbidden' as const
  return { lead, mayDelete: may(user, 'delete-leads', lead.responsible) }
}

/** Deletes a lead's data on its person's request. */
export async function removeLead(
  context: Context,
  user: SessionUser,
  id: number,
): Promise<'deleted' | 'not-found' | 'forbidden'> {
  const db = context.get(dbContext)
  const lead = await getLead(db, user.accountId, id)
  if (!lead) return 'not-found'
  if (!may(user, 'delete-leads', lead.responsible)) return 'forbidden'
  return (await deleteLead(db, user.accountId, id)) ? 'deleted' : 'not-found'
}

/** The account's retention in months, and whether this person may change it (a reach of 'all'). */
export async function retentionOf(context: Context, user: SessionUser) {
  const months = await leadRetention(context.get(dbContext), user.accountId)
  return { months: months ?? 24, mayChange: can(user.accountRole, 'delete-leads') }
}

export async function changeRetention(context: Context, user: SessionUser, months: number): Promise<boolean> {
  if (!can(user.accountRole, 'delete-leads')) return false
  await setLeadRetention(context.get(dbContext), user.accountId, months)
  return true
}

/** Daily, on pg-boss: every account's leads older than its retention are deleted. */
export async function startLeadRetentionJob(jobs: Jobs, deps: { db: Database; logger: Logger }) {
  await jobs.work(LEAD_RETENTION_QUEUE, async () => {
    const deleted = await deleteExpiredLeads(deps.db, new Date())
    if (deleted) deps.logger.info('lead retention: old leads deleted', { deleted })
  })
  await jobs.schedule(LEAD_RETENTION_QUEUE, '23 5 * * *')
}
