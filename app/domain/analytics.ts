// What the browser needs to start analytics and the tag manager, handed down by the root loader
// (app/integrations/analytics/analytics.server.ts builds it from the environment).

/** Runtime configuration for the browser: public values only. Null means "off". */
export type AnalyticsSettings = {
  posthogKey: string | null
  posthogHost: string
  gtmId: string | null
}
