// The product's page title template: '{page} · {APP_NAME}'.
type MatchLike = { id: string; data?: unknown } | undefined

export function appNameFrom(matches: readonly MatchLike[] | undefined) {
  const root = matches?.find((match) => match?.id === 'root')?.data as { appName?: string } | undefined
  return root?.appName ?? 'Vitrine'
}

export function pageTitle(page: string, matches?: readonly MatchLike[]) {
  return [{ title: `${page} · ${appNameFrom(matches)}` }]
}
