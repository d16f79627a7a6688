// "Entrar com Google" through the auth service: offered only when the service has Google
// switched on (its public /settings, cached for a minute).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { AuthBackend } from './auth.server'
import { currentLogger } from './logger.server'

const googleCache = new WeakMap<AuthBackend, { enabled: boolean; at: number }>()

/** Whether the auth service has Google sign-in switched on. */
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
  } catch (error) {
    currentLogger().warn('auth settings unreachable; Google sign-in hidden for a minute', { error })
    enabled = false
  }
  googleCache.set(backend, { enabled, at: Date.now() })
  return enabled
}

/** The Google consent address, or null when Google sign-in is not available. */
export async function startGoogleSignIn(backend: AuthBackend, supabase: SupabaseClient, returnTo: string) {
  if (!(await googleEnabled(backend))) return null
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: returnTo, skipBrowserRedirect: true },
  })
  return error || !data.url ? null : data.url
}
