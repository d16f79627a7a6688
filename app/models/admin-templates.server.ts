// The admin area's template writes: create, edit, duplicate, archive and restore. Each change
// and its audit line are written in one transaction. Reading one template is getTemplate
// (templates.server.ts); /modelos lists only templates that are not archived.
import { randomBytes } from 'node:crypto'
import { asc, desc, eq, isNull, isNotNull } from 'drizzle-orm'
import { postTemplates, templateCategories } from '../../db/schema'
import type { TemplateInput } from '~/domain/template-draft-schema'
import type { Database } from '~/utils/db.server'
import { recordAudit } from './audit-log.server'
import { searchKey } from './templates.server'

export type Actor = { id: string; email: string }

export type AdminTemplateRow = {
  id: number
  slug: string
  name: string
  format: string
  featured: boolean
  category_name: string | null
  archived_at: Date | null
  updated_at: Date
}

export async function listAdminTemplates(db: Database, filter: { archived: boolean }): Promise<AdminTemplateRow[]> {
  return db
    .select({
      id: postTemplates.id,
      slug: postTemplates.slug,
      name: postTemplates.name,
      format: postTemplates.format,
      featured: postTemplates.featured,
      category_name: templateCategories.name,
      archived_at: postTemplates.archived_at,
      updated_at: postTemplates.updated_at,
    })
    .from(postTemplates)
    .leftJoin(templateCategories, eq(templateCategories.id, postTemplates.category_id))
    .where(filter.archived ? isNotNull(postTemplates.archived_at) : isNull(postTemplates.archived_at))
    .orderBy(asc(templateCategories.position), desc(postTemplates.featured), asc(postTemplates.name))
}

/** A slug for a template made in the admin area: never shipped, never renamed (ADR 031). */
function newSlug(name: string) {
  const base = searchKey(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
  return `admin-${base || 'modelo'}-${randomBytes(3).toString('hex')}`
}

async function columnsOf(db: Pick<Database, 'select'>, input: TemplateInput) {
  const [category] = input.category
    ? await db
        .select({ id: templateCategories.id })
        .from(templateCategories)
        .where(eq(templateCategories.slug, input.category))
    : []
  return {
    name: input.name,
    description: input.description,
    category_id: category?.id ?? null,
    format: input.format,
    color: input.color,
    icon: input.icon,
    needs_home: input.needs_home,
    featured: input.featured,
    fields: input.fields as unknown as Array<Record<string, unknown> & { type: string; name: string }>,
    prompts: input.prompts,
  }
}

export async function createTemplate(db: Database, actor: Actor, input: TemplateInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(postTemplates)
      .values({ ...(await columnsOf(tx, input)), slug: newSlug(input.name) })
      .returning({ id: postTemplates.id })
    await recordAudit(tx, {
      actor,
      action: 'template.create',
      target: { type: 'template', id: row!.id, label: input.name },
    })
    return row!.id
  })
}

/** False when there is no such template. */
export async function updateTemplate(db: Database, actor: Actor, id: number, input: TemplateInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(postTemplates)
      .set(await columnsOf(tx, input))
      .where(eq(postTemplates.id, id))
      .returning({ id: postTemplates.id })
    if (!row) return false
    await recordAudit(tx, {
      actor,
      action: 'template.update',
      target: { type: 'template', id, label: input.name },
      details: { fields: input.fields.length, prompts: input.prompts.length },
    })
    return true
  })
}

/** A copy named '… (cópia)', not featured; its id, or null when there is no such template. */
export async function duplicateTemplate(db: Database, actor: Actor, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(postTemplates).where(eq(postTemplates.id, id))
    if (!source) return null
    const { id: _id, slug: _slug, created_at: _c, updated_at: _u, version: _v, archived_at: _a, ...copy } = source
    const name = `${source.name} (cópia)`
    const [row] = await tx
      .insert(postTemplates)
      .values({ ...copy, name, featured: false, slug: newSlug(source.name) })
      .returning({ id: postTemplates.id })
    await recordAudit(tx, {
      actor,
      action: 'template.duplicate',
      target: { type: 'template', id: row!.id, label: name },
      details: { from: id },
    })
    return row!.id
  })
}

/** Archives (or restores) a template; false when there is no such template. */
export async function setTemplateArchived(db: Database, actor: Actor, id: number, archived: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(postTemplates)
      .set({ archived_at: archived ? new Date() : null })
      .where(eq(postTemplates.id, id))
      .returning({ id: postTemplates.id, name: postTemplates.name })
    if (!row) return false
    await recordAudit(tx, {
      actor,
      action: archived ? 'template.archive' : 'template.restore',
      target: { type: 'template', id, label: row.name },
    })
    return true
  })
}
