import type { Route } from './+types/index'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Administração', matches)

export default function AdminHome() {
  return <h1 className="text-2xl font-bold">Administração</h1>
}
