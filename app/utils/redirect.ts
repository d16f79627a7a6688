/** Only same-site relative paths are followed after sign-in: no open redirects. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  try {
    const url = new URL(to, 'http://vitrine.local')
    if (url.host !== 'vitrine.local') return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
