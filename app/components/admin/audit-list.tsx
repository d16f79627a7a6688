// The admin audit log as a table: when, who, what, and the target (linked when it still exists).
import { Link } from 'react-router'
import { auditActionLabel } from '~/domain/audit'
import { formatDateTime } from '~/domain/dates'

export type AuditLine = {
  id: number
  created_at: string
  actor_email: string
  action: string
  target_type: string
  target_id: string
  target_label: string
}

function targetHref(line: AuditLine) {
  return line.target_type === 'template' ? `/admin/templates/${line.target_id}` : `/admin/usuarios/${line.target_id}`
}

export function AuditList({ lines, caption }: { lines: AuditLine[]; caption: string }) {
  if (lines.length === 0) return <p className="text-sm text-slate-600">Nenhuma alteração registrada ainda.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Quando
            </th>
            <th scope="col" className="py-2 pr-4">
              Quem
            </th>
            <th scope="col" className="py-2">
              O quê
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(line.created_at)}</td>
              <td className="py-2 pr-4 break-all">{line.actor_email}</td>
              <td className="py-2">
                {auditActionLabel(line.action)}{' '}
                <Link to={targetHref(line)} className="font-medium text-brand-700 hover:underline">
                  {line.target_label || line.target_id}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Rows of the log as the page receives them (dates as ISO text). */
export function auditLines(rows: Array<Omit<AuditLine, 'created_at'> & { created_at: Date }>): AuditLine[] {
  return rows.map(({ id, created_at, actor_email, action, target_type, target_id, target_label }) => ({
    id,
    created_at: created_at.toISOString(),
    actor_email,
    action,
    target_type,
    target_id,
    target_label,
  }))
}
