const searchEngines =
  /googlebot|google-inspectiontool|bingbot|slurp|duckduckbot|baiduspider|yandex(bot)?|sogou|exabot|applebot|petalbot|seznambot|naver|qwantify/i

/** Search-engine crawlers only: their errors are logged but not rendered. */
export function isSearchEngineBot(userAgent: string | null) {
  return !!userAgent && searchEngines.test(userAgent)
}
