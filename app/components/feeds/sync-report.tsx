// A sync's report as the agent reads it: the counts, the failure (malformed XML, host down), the
// errors by listing with the reason, and the feed values we could not map.
import { AutoRefresh } from '~/components/ui/auto-refresh'
import { Card, Notice } from '~/components/ui/card'
import { formatDateTime } from '~/domain/dates'
import type { FeedReportError, FeedUnknownValue } from '~/domain/feeds'

export type SyncReportData = {
  id: number
  trigger: string
  started_at: Date | string
  created: number
  updated: number
  matched: number
  archived: number
  unchanged: number
  photos: number
  drafts: number
  errors: FeedReportError[]
  unknown: FeedUnknownValue[]
  failure: string | null
}

const when = (value: Date | string) => formatDateTime(new Date(value).toISOString())
const TRIGGERS: Record<string, string> = {
  connect: 'na conexão',
  manual: 'manual',
  upload: 'novo arquivo',
  schedule: 'automática',
}

/**
 * `pendingPhotos`: listings whose photos are still to download; `syncing`: the sync still holds
 * its lock (the photos done, the report being completed). While either lasts the page refreshes.
 */
export function SyncReport({
  report,
  pendingPhotos,
  syncing,
}: {
  report: SyncReportData
  pendingPhotos: number
  syncing: boolean
}) {
  const figures: [string, number][] = [
    ['Novos', report.created],
    ['Atualizados', report.updated],
    ['Já importados de outra fonte', report.matched],
    ['Arquivados', report.archived],
    ['Sem mudança', report.unchanged],
    ['Fotos baixadas', report.photos],
    ['Rascunhos de posts', report.drafts],
    ['Erros', report.errors.length],
  ]
  return (
    <Card className="mt-6" as="section" aria-labelledby="last-sync">
      <h2 id="last-sync" className="text-lg font-semibold">
        Última sincronização
      </h2>
      <p className="text-sm text-slate-600">
        {when(report.started_at)} · {TRIGGERS[report.trigger] ?? report.trigger}
      </p>
      {report.failure ? (
        <Notice tone="error" role="alert" className="mt-3">
          {report.failure}
        </Notice>
      ) : null}
      {report.matched > 0 ? (
        <Notice className="mt-3">
          {report.matched === 1
            ? '1 imóvel deste feed já estava na sua lista, importado de outra fonte: ele foi atualizado, sem duplicar.'
            : `${report.matched} imóveis deste feed já estavam na sua lista, importados de outra fonte: foram atualizados, sem duplicar.`}
        </Notice>
      ) : null}
      {pendingPhotos > 0 || syncing ? (
        <Notice role="status" className="mt-3">
          <AutoRefresh seconds={5} />
          {pendingPhotos > 0
            ? `Baixando fotos: ${pendingPhotos === 1 ? '1 imóvel aguardando' : `${pendingPhotos} imóveis aguardando`}.`
            : 'Concluindo a sincronização.'}{' '}
          Esta página se atualiza sozinha.
        </Notice>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length ? <ErrorTable errors={report.errors} /> : null}
      {report.unknown.length ? <UnknownValues values={report.unknown} /> : null}
    </Card>
  )
}

function ErrorTable({ errors }: { errors: FeedReportError[] }) {
  return (
    <div className="mt-5 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">Anúncios com erro</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3">
              Código do anúncio
            </th>
            <th scope="col" className="py-1">
              Motivo
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, 100).map((error, index) => (
            <tr key={index} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono whitespace-nowrap">{error.listingId ?? '—'}</td>
              <td className="py-1">{error.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UnknownValues({ values }: { values: FeedUnknownValue[] }) {
  return (
    <div className="mt-5">
      <h3 className="font-semibold">Valores que o Vitrine não reconhece</h3>
      <p className="text-sm text-slate-600">Guardados como vieram no feed; não aparecem nos posts.</p>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {values.map((value) => (
          <li key={`${value.field}-${value.value}`} className="rounded-full bg-slate-100 px-3 py-1">
            {value.field}: {value.value} ({value.count})
          </li>
        ))}
      </ul>
    </div>
  )
}
