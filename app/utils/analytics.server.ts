// What the browser needs to start analytics and the tag manager: public values only (the
// PostHog project key is a public key by design). Null means "off".
import type { AnalyticsSettings } from '~/domain/analytics'
import { POSTHOG_DEFAULT_HOST } from '~/domain/legal'
import type { Env } from '~/env.server'

export function analyticsSettings(env: Env): AnalyticsSettings {
  return {
    posthogKey: env.POSTHOG_KEY ?? null,
    posthogHost: (env.POSTHOG_HOST ?? POSTHOG_DEFAULT_HOST).replace(/\/+$/, ''),
    gtmId: env.GTM_ID ?? null,
  }
}
