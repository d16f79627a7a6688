// Reading the template library: the /modelos catalogue (by category, featured first, search)
// and one template for its form. Templates are shared by every agent (no user_id).
import { asc, desc, eq, isNull } from 'drizzle-orm'
import { postTemplates, templateCategories, type PostTemplate } from '../../db/schema'
import type { Database } from '~/utils/db.server'

export type { PostTemplate }
export type TemplateWithCategory = PostTemplate & { category_slug: string | null }

export type TemplateCard = {
  id: number
  slug: string
  name: string
  description: string
  color: string | null
  icon: string | null
  format: string
  featured: boolean
  needs_home: boolean
  category_slug: string | null
  category_name: string | null
  /** When the template last changed (its picture on /modelos is versioned by it). */
  updated_at: Date
}

export type TemplateGroup = { slug: string | null; name: string; templates: TemplateCard[] }

/** Lower case without accents, for search: 'Lançamento' matches 'lancamento'. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

export async function listTemplateCards(db: Database): Promise<TemplateCard[]> {
  return db
    .select({
      id: postTemplates.id,
      slug: postTemplates.slug,
      name: postTemplates.name,
      description: postTemplates.description,
      color: postTemplates.color,
      icon: postTemplates.icon,
      format: postTemplates.format,
      featured: postTemplates.featured,
      needs_home: postTemplates.needs_home,
      category_slug: templateCategories.slug,
      category_name: templateCategories.name,
      updated_at: postTemplates.updated_at,
      position: templateCategories.position,
    })
    .from(postTemplates)
    .leftJoin(templateCategories, eq(templateCategories.id, postTemplates.category_id))
    .where(isNull(postTemplates.archived_at))
    .orderBy(asc(templateCategories.position), desc(postTemplates.featured), asc(postTemplates.name))
    .then((rows) => rows.map(({ position: _position, ...card }) => card))
}

/**
 * The catalogue grouped by category (in the categories' order), featured templates first in
 * each; `search` keeps templates whose name, description or category contains every word.
 */
export function groupTemplates(
  cards: readonly TemplateCard[],
  filters: { search?: string; category?: string } = {},
): TemplateGroup[] {
  const words = searchKey(filters.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  const groups = new Map<string, TemplateGroup>()
  for (const card of cards) {
    if (filters.category && card.category_slug !== filters.category) continue
    const haystack = searchKey(`${card.name} ${card.description} ${card.category_name ?? ''}`)
    if (!words.every((word) => haystack.includes(word))) continue
    const key = card.category_slug ?? ''
    const group = groups.get(key) ?? {
      slug: card.category_slug,
      name: card.category_name ?? 'Outros',
      templates: [],
    }
    group.templates.push(card)
    groups.set(key, group)
  }
  for (const group of groups.values()) group.templates.sort((a, b) => Number(b.featured) - Number(a.featured))
  return [...groups.values()]
}

export async function listTemplateCategories(db: Database) {
  return db
    .select({ slug: templateCategories.slug, name: templateCategories.name })
    .from(templateCategories)
    .orderBy(asc(templateCategories.position))
}

export async function getTemplate(db: Database, id: number): Promise<TemplateWithCategory | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [row] = await db
    .select({ template: postTemplates, category_slug: templateCategories.slug })
    .from(postTemplates)
    .leftJoin(templateCategories, eq(templateCategories.id, postTemplates.category_id))
    .where(eq(postTemplates.id, id))
    .limit(1)
  return row ? { ...row.template, category_slug: row.category_slug } : null
}
