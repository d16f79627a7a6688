// Instagram's own daily limit, asked before a piece is scheduled (issue 63 item 7): the account's
// content_publishing_limit (config.quota_total, 50 for most accounts), kept an hour on the account,
// against the pieces already on that São Paulo day. Publishing asks again before its containers
// (instagram-publisher.server.ts), so a limit changed since is still never passed.
import { fromZoned, zonedDate } from '~/domain/dates'
import type { GraphClient } from '~/integrations/meta/graph.server'
import { countPublicationsBetween } from '~/models/scheduled-publications.server'
import { accountToken, saveAccountQuota, type SocialAccount } from '~/models/social-accounts.server'
import type { Database } from '~/utils/db.server'
import { currentLogger } from '~/utils/logger.server'

const HOUR = 60 * 60 * 1000

export type PublishingLimits = { dailyLimit(account: SocialAccount): Promise<number | null> }

/**
 * Each account's limit, read from the Graph API at most once an hour (kept on the account's row,
 * so every instance shares it); null for the outbox, or when it cannot be read now.
 */
export function createPublishingLimits(db: Database, graph: GraphClient, credentialsKey: string): PublishingLimits {
  return {
    async dailyLimit(account) {
      if (account.provider !== 'instagram' || !account.external_id) return null
      const fresh = account.quota_read_at && Date.now() - account.quota_read_at.getTime() < HOUR
      if (fresh && account.quota_total) return account.quota_total
      const token = accountToken(account, credentialsKey)
      if (!token) return null
      try {
        const quota = await graph.publishingQuota(account.external_id, token)
        await saveAccountQuota(db, account.id, quota)
        return quota.total
      } catch (error) {
        // Unknown now: publishing asks again before it sends anything.
        currentLogger().warn('publishing limit not read; checked again at publishing', { accountId: account.id, error })
        return null
      }
    },
  }
}

/** The pt-BR refusal when `publishAt`'s day already holds the account's limit, else null. */
export async function dayLimitError(
  db: Database,
  limits: PublishingLimits | undefined,
  account: SocialAccount,
  publishAt: Date,
  adding = 1,
): Promise<string | null> {
  const limit = await limits?.dailyLimit(account)
  if (!limit) return null
  const day = zonedDate(publishAt)
  const from = fromZoned(day, '00:00')!
  const to = new Date(from.getTime() + 24 * HOUR)
  const taken = await countPublicationsBetween(db, account.user_id, account.id, from, to)
  if (taken + adding <= limit) return null
  const [, month, date] = day.split('-')
  return `A conta ${account.name} já tem ${taken.toLocaleString('pt-BR')} ${taken === 1 ? 'publicação' : 'publicações'} em ${date}/${month}, e o Instagram permite ${limit.toLocaleString('pt-BR')} por dia a esta conta. Escolha outro dia.`
}
