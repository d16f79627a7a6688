// Counting the auth limits (`authLimits` in rate-limit.server.ts, ADRs 013 and 211) from a
// route: each limit is a rule and the key it counts (an IP, an e-mail, a user id, or an e-mail
// and an IP together).
import { rateLimiterContext } from '~/context'
import type { RouterContextProvider } from 'react-router'
import { authLimits, type RateLimitRule } from '~/models/rate-limits.server'
import { clientIp } from '~/utils/request-origin.server'

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

/** The status and `Retry-After` of an answer refused by a limit (its form says `tooManyAttemptsMessage`). */
export const tooManyAttempts = (wait: number) => ({ status: 429, headers: { 'Retry-After': String(wait) } })

const accountAtIp = (email: string, context: Context) => `${email}|${clientIp(context)}`

/**
 * The seconds this client must wait before `email`'s password is checked, 0 when it may try:
 * its IP's failures over every account, its failures on this account, and the account's hold,
 * which only an IP that already failed on the account waits for. The right password from
 * another IP is never held back by someone else's guesses.
 */
export async function signInWait(context: Context, email: string) {
  const limiter = context.get(rateLimiterContext)
  const here = await limiter.peek(authLimits.signInAccountIp, accountAtIp(email, context))
  let wait = await exhaustedLimits(context, [[authLimits.signInIp, clientIp(context)]])
  if (!here.allowed) wait = Math.max(wait, here.retryAfterSeconds)
  if (here.count > 0) {
    const hold = await limiter.peek(authLimits.signInAccountHold, email)
    if (!hold.allowed) wait = Math.max(wait, hold.retryAfterSeconds)
  }
  return wait
}

/** Seconds of hold after an account's `failures`: none for the first ten, then 1, 2, 4, … up to 15 minutes. */
export function accountHoldSeconds(failures: number) {
  const past = failures - authLimits.signInAccount.limit
  return past > 0 ? Math.min(2 ** (past - 1), authLimits.signInAccountHold.windowSeconds) : 0
}

export async function signInFailed(context: Context, email: string) {
  const limiter = context.get(rateLimiterContext)
  await countFailure(context, [
    [authLimits.signInIp, clientIp(context)],
    [authLimits.signInAccountIp, accountAtIp(email, context)],
  ])
  const account = await limiter.hit(authLimits.signInAccount, email)
  const hold = accountHoldSeconds(account.count)
  if (hold) await limiter.hold(authLimits.signInAccountHold, email, hold)
}

/** The owner is in: this IP's failures on the account are forgiven; the account's are not. */
export const signInSucceeded = (context: Context, email: string) =>
  clearLimits(context, [[authLimits.signInAccountIp, accountAtIp(email, context)]])

/** Recovery e-mails per IP and per (address, IP): one IP cannot block the owner's reset. */
export const recoveryLimits = (context: Context, email: string): Limit[] => [
  [authLimits.recoverIp, clientIp(context)],
  [authLimits.recoverAddressIp, accountAtIp(email, context)],
]

/**
 * Sign-in codes e-mailed per IP and per (address, IP), with recovery's limits but counters of
 * their own: asking for codes never uses up the IP's password resets.
 */
export const loginCodeLimits = (context: Context, email: string): Limit[] => [
  [authLimits.recoverIp, `codigo:${clientIp(context)}`],
  [authLimits.recoverAddressIp, `codigo:${accountAtIp(email, context)}`],
]
