// Product analytics (PostHog) and the tag manager (GTM), both off until the visitor allows them
// (ADRs 050-052). Rendered once by the root layout.
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { PostHog } from 'posthog-js/dist/module.slim'
import type { AnalyticsSettings } from '~/domain/analytics'
import type { ConsentState } from '~/domain/consent'

type AnalyticsUser = { id: string; email: string } | null

/** After the page is interactive and the browser is idle: analytics never delays the page. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(task, 1)
  return () => window.clearTimeout(handle)
}

function usePostHog(settings: AnalyticsSettings, allowed: boolean): PostHog | null {
  const [posthog, setPostHog] = useState<PostHog | null>(null)
  const key = settings.posthogKey
  const enabled = Boolean(key) && allowed
  useEffect(() => {
    if (!enabled || !key) return
    let cancelled = false
    const cancelIdle = whenIdle(() => {
      import('./posthog.client')
        .then(({ startPostHog }) => startPostHog({ key, host: settings.posthogHost }))
        .then((instance) => {
          if (!cancelled) setPostHog(instance)
        })
        .catch(() => {
          // An ad blocker or a lost connection: the product works the same without analytics.
        })
    })
    return () => {
      cancelled = true
      cancelIdle()
    }
  }, [enabled, key, settings.posthogHost])

  useEffect(() => {
    if (enabled || !posthog) return
    setPostHog(null)
    void import('./posthog.client').then(({ stopPostHog }) => stopPostHog())
  }, [enabled, posthog])

  return enabled ? posthog : null
}

/** Identify on initial session, sign-in and token refresh; reset on sign-out (ADR 051). */
function useIdentity(posthog: PostHog | null, user: AnalyticsUser) {
  const previous = useRef<string | null | undefined>(undefined)
  const id = user?.id ?? null
  const email = user?.email ?? null
  useEffect(() => {
    if (!posthog) return
    if (id) {
      // Never merge two people: another identified person on this browser is forgotten first.
      if (posthog._isIdentified() && posthog.get_distinct_id() !== id) posthog.reset()
      if (previous.current !== id) posthog.identify(id, { email })
    } else if (previous.current || (previous.current === undefined && posthog._isIdentified())) {
      // Signed out here, or signed out elsewhere (another tab, a form without JavaScript).
      posthog.reset()
    }
    previous.current = id
  }, [posthog, id, email])
}

/**
 * A `$pageview` on first load and after every route change, with the path and only the
 * allow-listed query parameters (none on auth routes: their links carry tokens; ADR 153).
 */
function usePageviews(posthog: PostHog | null) {
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (!posthog) return
    // The module is loaded already (it made `posthog`): the import resolves at once. The allow-list
    // and the tag manager load with it, off the first page's JavaScript (the /login budget).
    void import('./posthog.client').then(({ capturePageview }) => capturePageview(posthog, pathname, search))
  }, [posthog, pathname, search])
}

function useTagManager(gtmId: string | null, consent: ConsentState) {
  const { analytics, marketing } = consent
  useEffect(() => {
    if (!gtmId) return
    if (marketing)
      return whenIdle(
        () => void import('./tag-manager').then((gtm) => gtm.loadTagManager(gtmId, { analytics, marketing })),
      )
    void import('./tag-manager').then((gtm) => gtm.revokeTagManager(gtmId))
  }, [gtmId, analytics, marketing])
}

export function Analytics({
  settings,
  consent,
  user,
}: {
  settings: AnalyticsSettings
  consent: ConsentState
  user: AnalyticsUser
}) {
  const posthog = usePostHog(settings, consent.analytics)
  // Order matters: the identity is settled before the pageview of the same render is sent.
  useIdentity(posthog, user)
  usePageviews(posthog)
  useTagManager(settings.gtmId, consent)
  if (!settings.gtmId || !consent.marketing) return null
  // GTM's own fallback for browsers without JavaScript.
  return (
    <noscript>
      <iframe
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(settings.gtmId)}`}
        height="0"
        width="0"
        style={{ display: 'none', visibility: 'hidden' }}
      />
    </noscript>
  )
}
