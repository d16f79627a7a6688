import { data } from 'react-router'
import type { Route } from './+types/bench-bare'
import { envContext } from '~/context'

/** A page with no data of its own, for bench/ssr.ts; unmatched unless BENCH_ROUTES=true. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(envContext).BENCH_ROUTES)
    throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
  return null
}

export default function BareBenchPage() {
  return <p>Vitrine</p>
}
