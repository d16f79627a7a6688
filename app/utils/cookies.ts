// The one way the product reads a Cookie header (the server's request, the browser's
// document.cookie): the `cookie` package, as @supabase/ssr and React Router read it too.
import { parse } from 'cookie'

export type RequestCookie = { name: string; value: string }

/** The cookies of a Cookie header, in the order sent (a repeated name keeps its first value). */
export function cookiesOf(header: string | null | undefined): RequestCookie[] {
  if (!header) return []
  return Object.entries(parse(header)).map(([name, value]) => ({ name, value: value ?? '' }))
}

/** One cookie's value, or null when the header does not carry it. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  return parse(header)[name] ?? null
}
