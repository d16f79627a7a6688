// What the auth pages' actions share: honeypot, rate limits, return addresses, the profile row,
// Google sign-in. Routes stay thin (parse, delegate, answer).
import type { SupabaseClient } from '@supabase/supabase-js'
import { sql } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { users } from '../../db/schema'
import { clientIpContext } from '~/context'
import { HONEYPOT_FIELD } from '~/domain/auth-schemas'
import { safeRedirect } from '~/utils/redirect'
import { authBackendContext, type AuthBackend } from './auth.server'
import type { Database } from './db.server'
import { rateLimiterContext, type RateLimitRule } from './rate-limit.server'

type Context = Readonly<RouterContextProvider>

export const FORM_REJECTED = 'Não foi possível enviar o formulário. Recarregue a página e tente de novo.'

export function honeypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}

type Limit = [RateLimitRule, string]

function limiterFor(context: Context) {
  return context.get(rateLimiterContext)
}

export function clientIp(context: Context) {
  return context.get(clientIpContext) || 'unknown'
}

/** Counts one attempt against each limit; the seconds to wait when any is exceeded. */
export async function hitLimits(context: Context, limits: Limit[]) {
  let wait = 0
  for (const [rule, key] of limits) {
    const result = await limiterFor(context).hit(rule, key)
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  return wait
}

/** For limits that count failures only: is the budget already spent? */
export async function exhaustedLimits(context: Context, limits: Limit[]) {
  let wait = 0
  for (const [rule, key] of limits) {
    const result = await limiterFor(context).peek(rule, key)
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  return wait
}

export async function countFailure(context: Context, limits: Limit[]) {
  for (const [rule, key] of limits) await limiterFor(context).hit(rule, key)
}

export async function clearLimits(context: Context, limits: Limit[]) {
  for (const [rule, key] of limits) await limiterFor(context).reset(rule, key)
}

export function siteUrl(context: Context) {
  return context.get(authBackendContext).siteUrl
}

/** A same-site path from a `next`/`redirectTo` value, which may be absolute on our origin. */
export function sameSitePath(context: Context, value: unknown, fallback = '/') {
  if (typeof value !== 'string' || !value) return fallback
  try {
    const base = new URL(siteUrl(context))
    const url = new URL(value, base)
    if (url.origin !== base.origin) return fallback
    return safeRedirect(url.pathname + url.search + url.hash, fallback)
  } catch {
    return fallback
  }
}

/** The e-mail/OAuth return address: /confirm on this site, then `next`. */
export function confirmUrl(context: Context, next: string) {
  const url = new URL('/confirm', siteUrl(context))
  url.searchParams.set('next', next)
  return url.toString()
}

/** Stores what the registration form asked for in the `users` row (spec §7). */
export async function saveProfile(
  db: Database,
  profile: { id: string; email: string; full_name: string; phone: string },
) {
  await db
    .insert(users)
    .values(profile)
    .onConflictDoUpdate({
      target: users.id,
      set: { full_name: profile.full_name, phone: profile.phone, updated_at: sql`now()` },
    })
}

const googleCache = new WeakMap<AuthBackend, { enabled: boolean; at: number }>()

/** Whether the auth service has Google sign-in switched on (its public /settings). */
export async function googleEnabled(backend: AuthBackend) {
  const cached = googleCache.get(backend)
  if (cached && Date.now() - cached.at < 60_000) return cached.enabled
  let enabled = false
  try {
    const response = await backend.fetch(`${backend.supabaseUrl}/auth/v1/settings`, {
      headers: { apikey: backend.anonKey },
      signal: AbortSignal.timeout(5000),
    })
    if (response.ok) enabled = (await response.json())?.external?.google === true
  } catch {
    enabled = false
  }
  googleCache.set(backend, { enabled, at: Date.now() })
  return enabled
}

/** The Google consent address, or null when Google sign-in is not available. */
export async function startGoogleSignIn(
  backend: AuthBackend,
  supabase: SupabaseClient,
  returnTo: string,
) {
  if (!(await googleEnabled(backend))) return null
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: returnTo, skipBrowserRedirect: true },
  })
  return error || !data.url ? null : data.url
}
