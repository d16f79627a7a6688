// The daily reading of Instagram insights ("Resultados", ADR 224): every post published on a connected
// Instagram account in the last 90 days has its reach, saves and shares read once a day and kept
// per day (Instagram keeps no history of its own), so "Resultados" shows them beside the clicks.
// Runs late in the evening (São Paulo), so a post published today gets its first reading today.
import { accountToken, getAccount } from '~/models/social-accounts.server'
import { publicationsToRead, saveInsights, type InsightsCursor } from '~/models/listing-stats.server'
import type { PublishingDeps } from './publishing.server'

export const INSIGHTS_QUEUE = 'read-post-insights'
export const INSIGHTS_CRON = '50 23 * * *'

/** Today in São Paulo as YYYY-MM-DD. */
export function saoPauloDay(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 10)
}

/**
 * Reads and stores today's insights of every recent Instagram publication, `pageSize` at a time
 * (every page: 1,000 agencies publish well over one page in 90 days); returns how many were read.
 */
export async function readPostInsights(
  deps: Pick<PublishingDeps, 'db' | 'graph' | 'credentialsKey' | 'logger'>,
  now = new Date(),
  pageSize = 2000,
): Promise<number> {
  const since = new Date(now.getTime() - 90 * 24 * 3600 * 1000)
  let read = 0
  for (let after: InsightsCursor | null = null; ;) {
    const page = await publicationsToRead(deps.db, since, after, pageSize)
    if (!page.length) return read
    const last = page.at(-1)!
    after = { publishedAt: last.cursor_at, id: last.id }
    for (const publication of page) {
      const account = publication.social_account_id
        ? await getAccount(deps.db, publication.user_id, publication.social_account_id)
        : null
      const token = account ? accountToken(account, deps.credentialsKey) : null
      if (!token || !publication.external_id) continue
      try {
        const metrics = await deps.graph.mediaInsights(publication.external_id, token)
        await saveInsights(deps.db, {
          user_id: publication.user_id,
          publication_id: publication.id,
          day: saoPauloDay(now),
          ...metrics,
        })
        read++
      } catch (error) {
        deps.logger.warn('insights not read', { publicationId: publication.id, error })
      }
    }
  }
}
