// /leads/exportar.csv — the owner scope's leads as CSV (UTF-8 with BOM), newest first.
import type { Route } from './+types/export'
import { leadsCsv } from '~/workflows/leads.server'

export const loader = ({ request, context }: Route.LoaderArgs) => leadsCsv(request, context)
