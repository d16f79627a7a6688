// The dashboard's publications card: what goes out next, and what failed (with Meta's reason).
import { Link } from 'react-router'
import { formatDateTime } from '~/domain/dates'
import type { PublicationView } from '~/domain/scheduling'
import { StatusBadge } from './publication-item'

function Row({ item }: { item: PublicationView }) {
  return (
    <li className="py-2">
      <Link
        to={`/agendar-posts#publicacao-${item.id}`}
        className="flex min-h-11 flex-wrap items-center gap-2 hover:underline"
      >
        <span className="font-medium">{formatDateTime(item.publishAt)}</span>
        <span className="text-slate-600">{item.accountName}</span>
        <StatusBadge status={item.status} provider={item.provider} />
      </Link>
      {item.error && item.status === 'failed' ? <p className="text-sm text-red-800">{item.error}</p> : null}
    </li>
  )
}

export function DashboardPublications({ next, failed }: { next: PublicationView[]; failed: PublicationView[] }) {
  return (
    <section
      aria-labelledby="publicacoes-titulo"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="publicacoes-titulo" className="text-lg font-semibold text-slate-900">
          Publicações
        </h2>
        <Link
          to="/agendar-posts"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          Ver agenda
        </Link>
      </div>
      <h3 className="mt-3 text-sm font-semibold text-slate-700">Próximas</h3>
      {next.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {next.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nada agendado.</p>
      )}
      {failed.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-red-800">Com falha</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {failed.map((item) => (
              <Row key={item.id} item={item} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
