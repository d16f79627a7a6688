// Rate limits with fixed-window counters kept in Postgres (PGlite embedded), so every app
// instance behind a load balancer counts the same attempts (docs/principles.md "Scale-out").
import { lt, sql } from 'drizzle-orm'
import { rateLimitCounters } from '../../db/schema-auth'
import type { Database } from '~/utils/db.server'

export type RateLimitRule = {
  /** Names the counter; the key (an IP, an e-mail) is appended. */
  name: string
  limit: number
  windowSeconds: number
}

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

export type RateLimiter = {
  /** Counts one attempt; `allowed` is false once the window holds more than `limit`. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>
  /** Reads a counter without counting. */
  peek(rule: RateLimitRule, key: string): Promise<RateLimitResult>
  reset(rule: RateLimitRule, key: string): Promise<void>
  /**
   * Holds a key for `seconds` (at most the rule's window) from now, or keeps a longer hold: a
   * peek is refused until then. For a rule with `limit: 0`.
   */
  hold(rule: RateLimitRule, key: string, seconds: number): Promise<void>
}

/**
 * The auth limits. Failures-only rules are counted after a failure. Sign-in and recovery count
 * per (account, IP) and per IP, so nobody locks another person out; per account there is only
 * a growing delay for addresses that already failed on it (ADR 211).
 */
export const authLimits = {
  /** Sign-in failures per IP over every account, as Supabase Auth's sign-in limit (30 per 5 minutes). */
  signInIp: { name: 'sign-in:ip', limit: 30, windowSeconds: 300 },
  /** Sign-in failures per account from one IP: stops one address guessing one password. */
  signInAccountIp: { name: 'sign-in:account-ip', limit: 10, windowSeconds: 900 },
  /** Sign-in failures per account from anywhere; past `limit`, each failure holds the account longer. */
  signInAccount: { name: 'sign-in:account', limit: 10, windowSeconds: 3600 },
  /** The account's hold (its window is the longest one), for addresses that failed on it. */
  signInAccountHold: { name: 'sign-in:account-hold', limit: 0, windowSeconds: 900 },
  signUpIp: { name: 'sign-up:ip', limit: 30, windowSeconds: 300 },
  recoverIp: { name: 'recover:ip', limit: 10, windowSeconds: 900 },
  /** Recovery requests per address from one IP: other IPs still reach the owner's reset. */
  recoverAddressIp: { name: 'recover:address-ip', limit: 3, windowSeconds: 900 },
  /** Wrong codes and links (e-mail confirmation, recovery, 2FA) per IP. */
  verifyIp: { name: 'verify:ip', limit: 30, windowSeconds: 300 },
  /** Wrong 2FA codes per account: only someone past the password can spend it. */
  verifyUser: { name: 'verify:user', limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>

const keyOf = (rule: RateLimitRule, key: string) => `${rule.name}:${key.toLowerCase()}`

export function createRateLimiter(db: Database, options: { disabled?: boolean; now?: () => Date } = {}): RateLimiter {
  const now = options.now ?? (() => new Date())
  let hits = 0
  const result = (rule: RateLimitRule, count: number, resetAt: Date): RateLimitResult => ({
    allowed: options.disabled ? true : count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now().getTime()) / 1000)),
  })
  return {
    async hit(rule, key) {
      const at = now()
      const resetAt = new Date(at.getTime() + rule.windowSeconds * 1000)
      // One statement: a new window starts when the old one has ended.
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: keyOf(rule, key), count: 1, reset_at: resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.reset_at} <= ${at.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
            reset_at: sql`case when ${rateLimitCounters.reset_at} <= ${at.toISOString()}::timestamptz then excluded.reset_at else ${rateLimitCounters.reset_at} end`,
          },
        })
        .returning()
      // Now and then, drop counters whose window is over.
      if (++hits % 200 === 0) await db.delete(rateLimitCounters).where(lt(rateLimitCounters.reset_at, at))
      return result(rule, row!.count, row!.reset_at)
    },
    async peek(rule, key) {
      const [row] = await db
        .select()
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${keyOf(rule, key)}`)
        .limit(1)
      if (!row || row.reset_at <= now()) return result(rule, 0, now())
      // A peek is "allowed" while one more attempt still fits.
      const r = result(rule, row.count + 1, row.reset_at)
      return { ...r, count: row.count }
    },
    async reset(rule, key) {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${keyOf(rule, key)}`)
    },
    async hold(rule, key, seconds) {
      const until = new Date(now().getTime() + Math.min(seconds, rule.windowSeconds) * 1000)
      await db
        .insert(rateLimitCounters)
        .values({ key: keyOf(rule, key), count: 1, reset_at: until })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: { count: 1, reset_at: sql`greatest(${rateLimitCounters.reset_at}, excluded.reset_at)` },
        })
    },
  }
}
