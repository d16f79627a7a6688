// The templates a property without photos can still use (the photo guard rail, ADR 166): those
// that take a property and draw no photo of it (app/domain/photo-guard.ts), by name.
import { asc, isNull } from 'drizzle-orm'
import { postTemplates } from '../../db/schema'
import { homeFieldName, templateFormFields } from '~/domain/fields/template-fields'
import { templateNeedsPhotos } from '~/domain/photo-guard'
import type { Database } from '~/utils/db.server'

export type TextTemplateLink = { id: number; name: string }

/** Templates that take a property and draw no photo of it, by name. */
export async function listTextTemplates(db: Database): Promise<TextTemplateLink[]> {
  const rows = await db
    .select({
      id: postTemplates.id,
      name: postTemplates.name,
      design: postTemplates.design,
      format: postTemplates.format,
      needs_home: postTemplates.needs_home,
      fields: postTemplates.fields,
    })
    .from(postTemplates)
    .where(isNull(postTemplates.archived_at))
    .orderBy(asc(postTemplates.name))
  return rows
    .filter((row) => Boolean(homeFieldName(templateFormFields(row))) && !templateNeedsPhotos(row))
    .map(({ id, name }) => ({ id, name }))
}
