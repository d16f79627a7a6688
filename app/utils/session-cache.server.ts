// A short-lived, in-process memory of sessions the auth service has just confirmed (ADR 186).
// Checking a session costs a cookie parse, two JWT verifications and a database read through the
// auth API on every page; the same cookie seen again within SESSION_CACHE_MS reuses the answer.
// Revocation still holds: any change made through the built-in auth API in this process (sign-out,
// ban, password or e-mail change, factors, deletion, refresh-token reuse) forgets every entry at
// once; a change made elsewhere (another instance, a hosted Supabase) is seen within the bound.
import type { User as AuthUser } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { LRUCache } from 'lru-cache'
import { authEpoch } from './auth-epoch.server'

/** The longest a confirmed session is trusted without asking the auth service again. */
export const SESSION_CACHE_MS = 10_000
/** Entries kept at most (oldest dropped first): a bound on memory, not a tuning knob. */
const MAX_ENTRIES = 5_000
/** auth-js refreshes a token this close to its expiry: such a session is always asked about. */
const REFRESH_MARGIN_MS = 90_000

export type ConfirmedSession = { authUser: AuthUser; accessToken: string }

type Entry = ConfirmedSession & { epoch: number; until: number }

export type SessionCache = {
  /** The epoch to hand to `remember` (read before asking the auth service). */
  epoch(): number
  recall(key: string, now?: number): ConfirmedSession | null
  remember(key: string, session: ConfirmedSession, seenEpoch: number, now?: number): void
}

function expiryOf(accessToken: string): number {
  try {
    const { exp } = decodeJwt(accessToken)
    return typeof exp === 'number' ? exp * 1000 : 0
  } catch {
    return 0
  }
}

export function createSessionCache(ttlMs = SESSION_CACHE_MS): SessionCache {
  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES })
  return {
    epoch: authEpoch,
    recall(key, now = Date.now()) {
      const entry = entries.get(key)
      if (!entry) return null
      if (entry.epoch !== authEpoch() || entry.until <= now) {
        entries.delete(key)
        return null
      }
      return { authUser: entry.authUser, accessToken: entry.accessToken }
    },
    remember(key, session, seenEpoch, now = Date.now()) {
      // Something changed while the service was being asked: the answer may be stale already.
      if (seenEpoch !== authEpoch()) return
      const until = Math.min(now + ttlMs, expiryOf(session.accessToken) - REFRESH_MARGIN_MS)
      if (until <= now) return
      entries.set(key, { ...session, epoch: seenEpoch, until })
    },
  }
}
