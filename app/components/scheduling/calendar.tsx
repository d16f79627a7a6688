// The week and month views of /agendar-posts, and the bar that switches views, pages and filters
// by account: plain links and a GET form, so it all works without JavaScript.
import { Form, Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { Select } from '~/components/ui/input'
import { dayLabel, monthLabel, shiftAnchor, type CalendarView, type PublicationView } from '~/domain/scheduling'
import { zonedDate, zonedTime } from '~/domain/dates'
import { StatusBadge } from './publication-item'

type Query = { view: CalendarView; anchor: string; accountId: number | null }

export function hrefFor(query: Query, change: Partial<Query> = {}) {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.view !== 'lista') params.set('visao', next.view)
  if (next.view !== 'lista') params.set('data', next.anchor)
  if (next.accountId) params.set('conta', String(next.accountId))
  const text = params.toString()
  return text ? `/agendar-posts?${text}` : '/agendar-posts'
}

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: 'lista', label: 'Lista' },
  { value: 'semana', label: 'Semana' },
  { value: 'mes', label: 'Mês' },
]

export function ViewBar({ query, accounts }: { query: Query; accounts: { id: number; name: string }[] }) {
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <nav aria-label="Visualização" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {VIEWS.map((view) => (
          <Link
            key={view.value}
            to={hrefFor(query, { view: view.value })}
            aria-current={query.view === view.value ? 'page' : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium ${query.view === view.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
          >
            {view.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex items-end gap-2">
        {query.view !== 'lista' ? <input type="hidden" name="visao" value={query.view} /> : null}
        {query.view !== 'lista' ? <input type="hidden" name="data" value={query.anchor} /> : null}
        <label className="text-sm font-medium text-slate-800">
          Conta
          <Select name="conta" defaultValue={query.accountId ?? ''} controlSize="sm" className="mt-1 block">
            <option value="">Todas as contas</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </Select>
        </label>
        <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Filtrar
        </button>
      </Form>
    </div>
  )
}

function Pager({ query }: { query: Query & { view: 'semana' | 'mes' } }) {
  const title = query.view === 'mes' ? monthLabel(query.anchor) : `Semana de ${dayLabel(query.anchor)}`
  return (
    <div className="mt-4 flex items-center justify-between gap-2">
      <Link
        to={hrefFor(query, { anchor: shiftAnchor(query.view, query.anchor, -1) })}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        ← Anterior
      </Link>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <Link
        to={hrefFor(query, { anchor: shiftAnchor(query.view, query.anchor, 1) })}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        Próxima →
      </Link>
    </div>
  )
}

export function CalendarGrid({
  query,
  days,
  publications,
}: {
  query: Query
  days: string[]
  publications: PublicationView[]
}) {
  if (query.view === 'lista') return null
  const byDay = new Map<string, PublicationView[]>()
  for (const item of publications) {
    const day = zonedDate(new Date(item.publishAt))
    byDay.set(day, [...(byDay.get(day) ?? []), item])
  }
  const month = query.anchor.slice(0, 7)
  return (
    <>
      <Pager query={{ ...query, view: query.view }} />
      <ol className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-7" aria-label="Calendário">
        {days.map((day) => (
          <li
            key={day}
            aria-label={dayLabel(day)}
            className={`rounded-lg border p-2 text-sm sm:min-h-20 ${query.view === 'mes' && day.slice(0, 7) !== month ? 'border-slate-100 bg-slate-50 text-slate-400' : 'border-slate-200 bg-white'}`}
          >
            <p className="text-xs font-semibold text-slate-500">{dayLabel(day)}</p>
            <ul className="mt-1 space-y-1">
              {(byDay.get(day) ?? []).map((item) => (
                <li key={item.id}>
                  <a
                    href={`${hrefFor({ ...query, view: 'lista' })}#publicacao-${item.id}`}
                    className="block rounded bg-slate-50 px-1 py-0.5 hover:bg-slate-100"
                  >
                    <span className="font-medium">{zonedTime(new Date(item.publishAt))}</span>{' '}
                    {item.videoId !== null ? 'Reel · ' : ''}
                    {item.accountName} <StatusBadge status={item.status} provider={item.provider} />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  )
}
