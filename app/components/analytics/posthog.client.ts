// posthog-js, set up for Vitrine. This module is only ever reached through a dynamic import()
// from <Analytics>, so Vite puts posthog-js in a chunk of its own that a visitor downloads only
// after allowing analytics (ADR 051).
import type { PostHog } from 'posthog-js/dist/module.slim'
// The slim build: the core client without the bundled extensions (autocapture, replay, surveys,
// …), all of which are off here anyway. 160 kB instead of 380 kB before compression.
import posthog from 'posthog-js/dist/module.slim'
import { parse } from 'cookie'
import { pageviewPath, sanitizeEventUrls } from '~/domain/analytics'

export type PostHogSettings = { key: string; host: string }

let started: PostHog | null = null

/** Called only once the visitor has allowed analytics: the server decides, not PostHog's flag. */
export function startPostHog(settings: PostHogSettings): PostHog {
  if (!started) {
    init(settings)
    started = posthog
  }
  // Allowed again after a withdrawal (in this page view or an earlier one).
  if (started.has_opted_out_capturing()) started.opt_in_capturing({ captureEventName: false })
  return started
}

function init(settings: PostHogSettings) {
  posthog.init(settings.key, {
    api_host: settings.host,
    // Pageviews are sent by <Analytics> on every route change (ADR 051), not by the SDK.
    capture_pageview: false,
    capture_pageleave: false,
    // No console-log or session recording: the policy promises nothing typed is recorded.
    enable_recording_console_log: false,
    disable_session_recording: true,
    autocapture: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    capture_performance: false,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    // Nothing else is fetched from the analytics host: no extra scripts, no flags round trip.
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    person_profiles: 'identified_only',
    // Host-only cookie, so the server can delete it when consent is withdrawn without JavaScript.
    persistence: 'localStorage+cookie',
    cross_subdomain_cookie: false,
    // Opting out also switches storage off, so nothing is written after a withdrawal.
    opt_out_persistence_by_default: true,
    save_referrer: true,
    // Whatever the SDK adds by itself ($current_url, $referrer, $initial_*…) is cut to the path
    // and the allow-listed query too: no token of an auth link ever leaves (ADR 153).
    before_send: (event) => {
      if (!event) return event
      const origin = window.location.origin
      return {
        ...event,
        properties: sanitizeEventUrls(event.properties, origin) ?? event.properties,
        $set: sanitizeEventUrls(event.$set, origin),
        $set_once: sanitizeEventUrls(event.$set_once, origin),
      }
    },
  })
}

/** Withdrawal: stop sending, forget the identity, and clear what PostHog stored. */
export function stopPostHog() {
  if (!started) return
  started.reset()
  started.opt_out_capturing()
  for (const key of Object.keys(localStorage))
    if (key.startsWith('ph_') || key.startsWith('__ph_')) localStorage.removeItem(key)
  for (const name of Object.keys(parse(document.cookie)))
    if (name.startsWith('ph_') || name.startsWith('__ph_')) document.cookie = `${name}=; Path=/; Max-Age=0`
}

/** A `$pageview` with the path and only the allow-listed query parameters (ADR 153). */
export function capturePageview(instance: PostHog, pathname: string, search: string) {
  instance.capture('$pageview', {
    $current_url: window.location.origin + pageviewPath(pathname, search),
    $pathname: pathname,
  })
}
