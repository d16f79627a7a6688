// Leads of the listing form (ADR 225): personal data, read and changed only through the owner
// scope's id (another agency's lead is not found: 404). Newest first.
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { homes, leads, users, type Lead } from '../../db/schema'
import type { LeadStatus } from '~/domain/leads'
import type { Database } from '~/utils/db.server'

export type { Lead }

export type NewLead = {
  user_id: string
  agent_id: string | null
  home_id: number
  link_code: string | null
  name: string
  phone: string
  message: string
  /** The LGPD notice the person agreed to, word for word. */
  consent_text: string
}

export async function createLead(db: Database, lead: NewLead): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({ ...lead, consent_at: new Date() })
    .returning()
  return row!
}

export type LeadListItem = Lead & { home_name: string | null }

/** Who answers for a lead: its property's responsible (the owner when none is named), else, the
 * property gone, the person it was e-mailed to. */
const responsibleOf = sql<string | null>`coalesce(${homes.responsible_id}, ${homes.user_id}, ${leads.agent_id})`

/** The owner scope's leads; with `onlyOf`, those of the properties that person answers for. */
export async function listLeads(
  db: Database,
  userId: string,
  limit = 500,
  onlyOf: string | null = null,
): Promise<LeadListItem[]> {
  const rows = await db
    .select({ lead: leads, home_name: homes.name })
    .from(leads)
    .leftJoin(homes, eq(homes.id, leads.home_id))
    .where(and(eq(leads.user_id, userId), onlyOf ? sql`${responsibleOf} = ${onlyOf}` : undefined))
    .orderBy(desc(leads.created_at), desc(leads.id))
    .limit(limit)
  return rows.map((row) => ({ ...row.lead, home_name: row.home_name }))
}

/** A lead with its property's name, for its e-mail (by id: the mail worker's read). */
export async function getLeadForEmail(db: Database, id: number): Promise<LeadListItem | null> {
  const [row] = await db
    .select({ lead: leads, home_name: homes.name })
    .from(leads)
    .leftJoin(homes, eq(homes.id, leads.home_id))
    .where(eq(leads.id, id))
    .limit(1)
  return row ? { ...row.lead, home_name: row.home_name } : null
}

/** The person who answers for the owner scope's lead `id`; undefined when there is no such lead. */
export async function leadResponsible(db: Database, userId: string, id: number): Promise<string | null | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined
  const [row] = await db
    .select({ responsible: responsibleOf })
    .from(leads)
    .leftJoin(homes, eq(homes.id, leads.home_id))
    .where(and(eq(leads.id, id), eq(leads.user_id, userId)))
    .limit(1)
  return row ? row.responsible : undefined
}

/** Changes a lead's status and note; false when it is not the owner scope's. */
export async function updateLead(
  db: Database,
  userId: string,
  id: number,
  changes: { status: LeadStatus; note: string },
): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false
  const rows = await db
    .update(leads)
    .set(changes)
    .where(and(eq(leads.id, id), eq(leads.user_id, userId)))
    .returning({ id: leads.id })
  return rows.length > 0
}

/** The owner scope's lead `id` with its property's name and who answers for it; null when not theirs. */
export async function getLead(
  db: Database,
  userId: string,
  id: number,
): Promise<(LeadListItem & { responsible: string | null }) | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [row] = await db
    .select({ lead: leads, home_name: homes.name, responsible: responsibleOf })
    .from(leads)
    .leftJoin(homes, eq(homes.id, leads.home_id))
    .where(and(eq(leads.id, id), eq(leads.user_id, userId)))
    .limit(1)
  return row ? { ...row.lead, home_name: row.home_name, responsible: row.responsible } : null
}

/** Deletes the owner scope's lead `id` (its row is all the personal data there is); false when not theirs. */
export async function deleteLead(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(leads)
    .where(and(eq(leads.id, id), eq(leads.user_id, userId)))
    .returning({ id: leads.id })
  return rows.length > 0
}

export async function leadRetention(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ months: users.lead_retention_months })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row?.months ?? null
}

export async function setLeadRetention(db: Database, userId: string, months: number): Promise<void> {
  await db.update(users).set({ lead_retention_months: months }).where(eq(users.id, userId))
}

/**
 * Deletes, in every account, the leads older than that account's retention at `now`, in one
 * statement (the months are the account's own column); returns how many went.
 */
export async function deleteExpiredLeads(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(leads)
    .where(
      lt(
        leads.created_at,
        sql`(select ${now.toISOString()}::timestamptz - make_interval(months => ${users.lead_retention_months}) from ${users} where ${users.id} = ${leads.user_id})`,
      ),
    )
    .returning({ id: leads.id })
  return rows.length
}
