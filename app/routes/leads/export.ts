// /leads/exportar.csv — the owner scope's leads as CSV for Excel pt-BR (BOM, ';'), newest first.
import type { Route } from './+types/export'
import { requireUser } from '~/utils/session.server'
import { leadsCsv } from '~/workflows/leads.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  return new Response(await leadsCsv(context, user), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="leads.csv"',
      'Cache-Control': 'no-store',
    },
  })
}
