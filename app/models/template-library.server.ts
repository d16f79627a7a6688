// Installs the shipped template library into the database: idempotent, safe when several app
// instances start at once (INSERT … ON CONFLICT), and a shipped template whose definition
// changed (its version hash) is updated in place, keeping its id so posts still point at it.
// Templates no longer shipped are left alone: posts and admins may rely on them.
import { createHash } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { postTemplates, templateCategories } from '../../db/schema'
import { fieldListSchema } from '~/domain/fields/definition-schema'
import {
  LIBRARY_CATEGORIES,
  LIBRARY_TEMPLATES,
  type LibraryCategory,
  type LibraryTemplate,
} from '~/domain/template-library'
import { TEST_TEMPLATES } from '~/domain/template-library/test-templates'
import type { Database } from '~/utils/db.server'

/** A short hash of everything the installer writes for a template. */
export function templateVersion(template: LibraryTemplate): string {
  return createHash('sha256').update(JSON.stringify(template)).digest('hex').slice(0, 16)
}

export type InstallReport = { inserted: number; updated: number; unchanged: number }

/** The shipped library; with `testTemplates` (TEST_TEMPLATES=true, end-to-end tests) also the test templates. */
export function shippedLibrary(options: { testTemplates?: boolean } = {}) {
  return {
    categories: LIBRARY_CATEGORIES,
    templates: options.testTemplates ? [...LIBRARY_TEMPLATES, ...TEST_TEMPLATES] : LIBRARY_TEMPLATES,
  }
}

export async function installTemplateLibrary(
  db: Database,
  library: { categories: LibraryCategory[]; templates: LibraryTemplate[] } = shippedLibrary(),
): Promise<InstallReport> {
  for (const template of library.templates) {
    const checked = fieldListSchema.safeParse(template.fields)
    if (!checked.success)
      throw new Error(`Template library: invalid fields in "${template.slug}": ${checked.error.message}`)
  }

  return db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(templateCategories)
      .values(library.categories)
      .onConflictDoUpdate({
        target: templateCategories.slug,
        set: { name: sql`excluded.name`, position: sql`excluded.position` },
      })
      .returning({ id: templateCategories.id, slug: templateCategories.slug })
    const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]))

    const slugs = library.templates.map((template) => template.slug)
    const existing = slugs.length
      ? await tx
          .select({ slug: postTemplates.slug, version: postTemplates.version })
          .from(postTemplates)
          .where(inArray(postTemplates.slug, slugs))
      : []
    const versions = new Map(existing.map((row) => [row.slug, row.version]))

    const report: InstallReport = { inserted: 0, updated: 0, unchanged: 0 }
    for (const template of library.templates) {
      const version = templateVersion(template)
      const known = versions.get(template.slug)
      if (known === version) {
        report.unchanged++
        continue
      }
      const row = {
        slug: template.slug,
        name: template.name,
        description: template.description,
        color: template.color,
        icon: template.icon,
        category_id: categoryId.get(template.category) ?? null,
        needs_home: template.needs_home,
        featured: template.featured,
        format: template.format,
        fields: template.fields,
        prompts: template.prompts,
        design: template.design,
        version,
      }
      await tx
        .insert(postTemplates)
        .values(row)
        .onConflictDoUpdate({
          target: postTemplates.slug,
          set: { ...row, updated_at: new Date() },
          setWhere: sql`${postTemplates.version} <> ${version}`,
        })
      if (known === undefined) report.inserted++
      else report.updated++
    }
    return report
  })
}
