// The app's links. In the browser this is React Router's <Link> (client navigation, prefetch on
// intent). On the server, a link to a plain absolute path ("/imoveis/12") renders the <a> that
// <Link> renders, without the work whose result never reaches the HTML: Link resolves every path
// against the matched routes (a JSON of the matches per link, path joins) and sets up its click
// and prefetch hooks. A rendered /imoveis has about fifty links: ≈ 6 % of its server CPU (ADR 272).
// Anything else (a relative path, a masked or document link, prefetch="render") is Link's.
// `app-link.test.tsx` renders both side by side: a React Router whose <a> changed fails it.
import type { ComponentProps } from 'react'
import { Link } from 'react-router'

type LinkProps = ComponentProps<typeof Link>

/** Link's own props: none reaches the <a>. */
const LINK_ONLY = new Set([
  'onClick',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'to',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
])

/** "/a/b", "/a?x=1#y": not protocol-relative, no "." or empty segment, no bare "?" or "#" at the end. */
const isPlainAbsolutePath = (to: unknown): to is string =>
  typeof to === 'string' && /^\/(?!\/)/.test(to) && !/\/\.|\/\/|[?#]$/.test(to)

/** The server's link: the <a> Link would render for a plain absolute path (the app has no basename). */
export function ServerLink(props: LinkProps) {
  const { to } = props
  if (!isPlainAbsolutePath(to) || props.relative || props.reloadDocument || props.mask || props.prefetch === 'render')
    return <Link {...props} />
  const anchor: Record<string, unknown> = {}
  for (const key in props) if (!LINK_ONLY.has(key)) anchor[key] = props[key as keyof LinkProps]
  // Link's order: its other props, then href, target and data-discover.
  anchor.href = to
  anchor.target = props.target
  anchor['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined
  return <a {...anchor} />
}

/** React Router's <Link>; on the server, ServerLink. */
export const AppLink: typeof Link = import.meta.env.SSR ? (ServerLink as typeof Link) : Link
