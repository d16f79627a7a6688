// "Resultados" on /imoveis/{id} (ADR 224): the property's page views, clicks per channel and
// leads per week (the last 8, empty weeks included), per post or media kit that carried its link,
// and the Instagram insights read for its published posts, with its public page's address.
import type { Home } from '~/models/homes.server'
import { listingPath, type ListingResults } from '~/domain/leads'
import { absoluteUrl, postPagePath } from '~/domain/public-links'
import { homeInsights, homeResults, shortLinkFor } from '~/models/listing-stats.server'
import { getPublicPage } from '~/models/public-pages.server'
import type { Database } from '~/utils/db.server'

export type ResultsWeek = { label: string; view: number; whatsapp: number; phone: number; form: number }

/** Monday of the week of `date` in São Paulo, as YYYY-MM-DD (the database groups the same way). */
function mondayOf(date: Date): string {
  const local = new Date(date.getTime() - 3 * 3600 * 1000)
  const day = (local.getUTCDay() + 6) % 7
  local.setUTCDate(local.getUTCDate() - day)
  return local.toISOString().slice(0, 10)
}

/** The last `count` weeks, oldest first, with the counts found (zero where none). */
export function fillWeeks(
  found: Array<{ week: string; view: number; whatsapp: number; phone: number; form: number }>,
  count = 8,
  now = new Date(),
) {
  const byWeek = new Map(found.map((row) => [row.week, row]))
  const weeks: ResultsWeek[] = []
  for (let i = count - 1; i >= 0; i--) {
    const key = mondayOf(new Date(now.getTime() - i * 7 * 24 * 3600 * 1000))
    const row = byWeek.get(key)
    weeks.push({
      label: `${key.slice(8, 10)}/${key.slice(5, 7)}`,
      view: row?.view ?? 0,
      whatsapp: row?.whatsapp ?? 0,
      phone: row?.phone ?? 0,
      form: row?.form ?? 0,
    })
  }
  return weeks
}

export async function listingResults(
  db: Database,
  userId: string,
  home: Pick<Home, 'id' | 'name'>,
  origin: string,
): Promise<ListingResults> {
  const [results, insights, page] = await Promise.all([
    homeResults(db, userId, home.id),
    homeInsights(db, userId, home.id),
    getPublicPage(db, userId),
  ])
  const code = page ? await shortLinkFor(db, userId, home.id) : null
  return {
    totals: results.totals,
    weeks: fillWeeks(results.weeks),
    sources: results.sources.map((source) => ({
      label: source.post_id ? `Post nº ${source.post_id}` : `Media kit nº ${source.kit_id}`,
      href: source.post_public_id
        ? postPagePath(source.post_public_id)
        : source.kit_id
          ? `/media-kits/${source.kit_id}`
          : null,
      view: source.view,
      whatsapp: source.whatsapp,
      phone: source.phone,
      form: source.form,
    })),
    insights: insights.map((row) => ({
      label: `Post nº ${row.post_id}`,
      permalink: row.permalink,
      day: row.day,
      reach: row.reach,
      saved: row.saved,
      shares: row.shares,
    })),
    publicPath: page ? listingPath(page.handle, home) : null,
    shortPath: code ? `/l/${code}` : null,
    shortUrl: code ? absoluteUrl(origin, `/l/${code}`) : null,
  }
}
