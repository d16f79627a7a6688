// What a listing's counters count (ADR 258): a person, once per property, channel and hour.
// A visitor is a keyed hash of their address and user agent, with a key made each day and deleted
// the next (app_secrets); only the hash sits in a rate-limit counter, for an hour. A request with
// no user agent, or a bot's, counts nothing. Per address: at most 5 of one property's channel an
// hour (people behind one office's address, or one person changing user agent), and a cap on
// every write of an address (the site's rate limits, off on test servers).
import { createHmac } from 'node:crypto'
import { isbot } from 'isbot'
import type { ListingEventKind } from '~/domain/leads'
import { dailySecret } from '~/models/app-secrets.server'
import { recordListingEvent } from '~/models/listing-stats.server'
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '~/models/rate-limits.server'
import type { Database } from '~/utils/db.server'

export const countLimits = {
  /** One visitor (address + user agent) counts once per property and channel an hour. */
  visitor: { name: 'listing-count:visitor', limit: 1, windowSeconds: 3600 },
  /** One address counts at most 5 times per property and channel an hour, whatever its user agents. */
  address: { name: 'listing-count:address', limit: 5, windowSeconds: 3600 },
  /** Every counted event of one address, over every property: the write limit. */
  writes: { name: 'listing-count:writes', limit: 120, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>

export type Visitor = { address: string; userAgent: string | null }
export type ListingEvent = { user_id: string; home_id: number; kind: ListingEventKind; link_code?: string | null }

/** A person, not a bot or a script that sends no user agent. */
export const isPerson = (userAgent: string | null): userAgent is string => !!userAgent?.trim() && !isbot(userAgent)

/**
 * Counts one view or click of a listing when it is a person's first of this property and channel
 * this hour; true when it was counted. `limiter`: the site's rate limiter (the write cap);
 * the counting rules themselves always hold.
 */
export async function countListingEvent(
  deps: { db: Database; limiter: RateLimiter },
  visitor: Visitor,
  event: ListingEvent,
): Promise<boolean> {
  if (!isPerson(visitor.userAgent)) return false
  const key = await dailySecret(deps.db, 'visitor')
  const hash = (...parts: (string | number)[]) =>
    createHmac('sha256', key).update(parts.join('\n')).digest('hex').slice(0, 32)
  const counting = createRateLimiter(deps.db)
  const channel = [event.home_id, event.kind] as const
  if (!(await counting.hit(countLimits.visitor, hash(visitor.address, visitor.userAgent, ...channel))).allowed)
    return false
  if (!(await counting.hit(countLimits.address, hash(visitor.address, ...channel))).allowed) return false
  if (!(await deps.limiter.hit(countLimits.writes, hash(visitor.address))).allowed) return false
  await recordListingEvent(deps.db, event)
  return true
}
