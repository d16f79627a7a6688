import { data } from 'react-router'
import type { Route } from './+types/not-found'

function notFound(request: Request) {
  return data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
}

export function loader({ request }: Route.LoaderArgs): never {
  throw notFound(request)
}

export function action({ request }: Route.ActionArgs): never {
  throw notFound(request)
}

export default function NotFound() {
  return null
}
