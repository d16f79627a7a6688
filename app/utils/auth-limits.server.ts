// Counting the auth limits (`authLimits` in rate-limit.server.ts, ADR 013) from a route: each
// limit is a rule and the key it counts (an IP, an e-mail, a user id).
import type { RouterContextProvider } from 'react-router'
import { rateLimiterContext, type RateLimitRule } from './rate-limit.server'

type Context = Readonly<RouterContextProvider>

export type Limit = [RateLimitRule, string]

/** Counts one attempt against each limit; the seconds to wait when any is exceeded. */
export async function hitLimits(context: Context, limits: Limit[]) {
  let wait = 0
  for (const [rule, key] of limits) {
    const result = await context.get(rateLimiterContext).hit(rule, key)
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  return wait
}

/** For limits that count failures only: is the budget already spent? */
export async function exhaustedLimits(context: Context, limits: Limit[]) {
  let wait = 0
  for (const [rule, key] of limits) {
    const result = await context.get(rateLimiterContext).peek(rule, key)
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  return wait
}

export async function countFailure(context: Context, limits: Limit[]) {
  for (const [rule, key] of limits) await context.get(rateLimiterContext).hit(rule, key)
}

export async function clearLimits(context: Context, limits: Limit[]) {
  for (const [rule, key] of limits) await context.get(rateLimiterContext).reset(rule, key)
}
