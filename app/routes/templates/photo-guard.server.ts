// The template page's photo guard rail (ADR 166, app/domain/photo-guard.ts) on the server: which
// of the agent's properties have no photo, the templates that need none (offered instead), and
// the refusal to generate a photo template for a photo-less property.
import { hasPhotos, templateNeedsPhotos } from '~/domain/photo-guard'
import type { Database } from '~/utils/db.server'
import type { HomeChoice } from '~/models/homes.server'
import { listTextTemplates, type TextTemplateLink } from '~/models/text-templates.server'

export { listTextTemplates }

export type PhotoGuard = {
  /** This template's slides show the property's photos. */
  needsPhotos: boolean
  /** The agent's properties without a photo (ids). */
  bareHomes: number[]
  /** Templates about a property that need no photo, to offer instead. */
  textTemplates: TextTemplateLink[]
}

/** What the page needs to warn before generating; nothing to look up for a text template. */
export async function photoGuardFor(
  db: Database,
  template: { design: Record<string, unknown> | null; format: string },
  homes: readonly HomeChoice[],
): Promise<PhotoGuard> {
  const needsPhotos = templateNeedsPhotos(template)
  const bareHomes = needsPhotos ? homes.filter((home) => !hasPhotos(home)).map((home) => home.id) : []
  return { needsPhotos, bareHomes, textTemplates: bareHomes.length ? await listTextTemplates(db) : [] }
}
