// /plano/cancelado — the person left the payment page without paying.
import { Link } from 'react-router'
import type { Route } from './+types/cancelled'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Pagamento cancelado', matches)

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request)
  return null
}

export default function CheckoutCancelled() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Pagamento cancelado</h1>
      <p className="mt-3 text-slate-700">Nenhuma cobrança foi feita. Você pode escolher um plano quando quiser.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/plano/contratar"
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Ver planos
        </Link>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Voltar ao início
        </Link>
      </div>
    </div>
  )
}
