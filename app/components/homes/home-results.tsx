// "Resultados" on /imoveis/{id} (ADR 224): totals, a server-drawn SVG chart of the last 8 weeks
// (views and contacts; readable without JavaScript, with the same numbers in a table), what each
// post or kit that carried the link brought, and the Instagram insights beside the clicks.
import { useEffect, useState } from 'react'
import { copyText } from '~/components/post/share-button'
import { buttonClass } from '~/components/ui/button'
import type { ListingResults } from '~/domain/leads'

type Week = ListingResults['weeks'][number]

const contacts = (week: Pick<Week, 'whatsapp' | 'phone' | 'form'>) => week.whatsapp + week.phone + week.form

export function WeeksChart({ weeks }: { weeks: Week[] }) {
  const width = 320
  const height = 140
  const top = Math.max(1, ...weeks.map((week) => Math.max(week.view, contacts(week))))
  const slot = width / weeks.length
  const bar = (value: number) => Math.round((value / top) * (height - 30))
  const summary = weeks.map((week) => `${week.label}: ${week.view} visitas, ${contacts(week)} contatos`).join('; ')
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Por semana — ${summary}`}
      className="w-full max-w-md"
    >
      {weeks.map((week, i) => {
        const x = i * slot + slot / 2
        const views = bar(week.view)
        const clicks = bar(contacts(week))
        return (
          <g key={week.label}>
            <rect x={x - 11} y={height - 18 - views} width={10} height={views} rx={2} fill="#94a3b8" />
            <rect x={x + 1} y={height - 18 - clicks} width={10} height={clicks} rx={2} fill="#0f766e" />
            <text x={x} y={height - 4} textAnchor="middle" fontSize="10" fill="#334155">
              {week.label}
            </text>
          </g>
        )
      })}
      <line x1={0} x2={width} y1={height - 18} y2={height - 18} stroke="#cbd5e1" />
    </svg>
  )
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  )
}

export function HomeResults({ results }: { results: ListingResults }) {
  const { totals } = results
  return (
    <section aria-labelledby="resultados" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="resultados" className="text-lg font-bold text-slate-900">
        Resultados
      </h2>
      {results.publicPath ? (
        <p className="mt-1 text-sm text-slate-700">
          Página do imóvel:{' '}
          <a href={results.publicPath} className="font-medium text-brand-700 underline">
            {results.publicPath}
          </a>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          Escolha o endereço da sua página pública em{' '}
          <a href="/minha-conta/marca" className="font-medium text-brand-700 underline">
            Minha conta › Marca
          </a>{' '}
          para divulgar este imóvel com um link.
        </p>
      )}
      {results.shortUrl ? <ShortLink url={results.shortUrl} /> : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Visitas à página" value={totals.view} />
        <Figure label="Cliques no WhatsApp" value={totals.whatsapp} />
        <Figure label="Cliques no telefone" value={totals.phone} />
        <Figure label="Contatos pelo formulário" value={totals.form} />
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Por semana</h3>
      <p className="text-xs text-slate-600">
        <span className="mr-1 inline-block size-2.5 rounded-sm bg-slate-400" aria-hidden="true" /> visitas{' '}
        <span className="mr-1 ml-3 inline-block size-2.5 rounded-sm bg-teal-700" aria-hidden="true" /> contatos
      </p>
      <WeeksChart weeks={results.weeks} />
      {totals.view + totals.whatsapp + totals.phone + totals.form === 0 ? (
        <p className="text-sm text-slate-600">Ainda sem visitas nem contatos nas últimas semanas.</p>
      ) : null}
      <ResultsTables results={results} />
    </section>
  )
}

function ResultsTables({ results }: { results: ListingResults }) {
  const cell = 'border-t border-slate-200 px-2 py-1.5 text-right'
  return (
    <>
      {results.sources.length ? (
        <table className="mt-4 w-full text-sm">
          <caption className="text-left font-semibold text-slate-900">Por post ou media kit</caption>
          <thead>
            <tr className="text-slate-600">
              <th className="px-2 py-1 text-left font-medium">Origem</th>
              <th className="px-2 py-1 text-right font-medium">Visitas</th>
              <th className="px-2 py-1 text-right font-medium">WhatsApp</th>
              <th className="px-2 py-1 text-right font-medium">Telefone</th>
              <th className="px-2 py-1 text-right font-medium">Formulário</th>
            </tr>
          </thead>
          <tbody>
            {results.sources.map((source) => (
              <tr key={source.label}>
                <td className="border-t border-slate-200 px-2 py-1.5">
                  {source.href ? (
                    <a href={source.href} className="underline">
                      {source.label}
                    </a>
                  ) : (
                    source.label
                  )}
                </td>
                <td className={cell}>{source.view}</td>
                <td className={cell}>{source.whatsapp}</td>
                <td className={cell}>{source.phone}</td>
                <td className={cell}>{source.form}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {results.insights.length ? (
        <table className="mt-4 w-full text-sm">
          <caption className="text-left font-semibold text-slate-900">No Instagram (última leitura)</caption>
          <thead>
            <tr className="text-slate-600">
              <th className="px-2 py-1 text-left font-medium">Post</th>
              <th className="px-2 py-1 text-right font-medium">Alcance</th>
              <th className="px-2 py-1 text-right font-medium">Salvamentos</th>
              <th className="px-2 py-1 text-right font-medium">Compartilhamentos</th>
            </tr>
          </thead>
          <tbody>
            {results.insights.map((row) => (
              <tr key={row.label}>
                <td className="border-t border-slate-200 px-2 py-1.5">
                  {row.permalink ? (
                    <a href={row.permalink} className="underline">
                      {row.label}
                    </a>
                  ) : (
                    row.label
                  )}
                </td>
                <td className={cell}>{row.reach}</td>
                <td className={cell}>{row.saved}</td>
                <td className={cell}>{row.shares}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  )
}

/**
 * The short link in full, as selectable text (without JavaScript it is selected and copied by
 * hand), "Compartilhar" (WhatsApp by a plain link; the phone's share sheet when there is one) and,
 * with JavaScript, "Copiar".
 */
function ShortLink({ url }: { url: string }) {
  const [clipboard, setClipboard] = useState(false)
  const [share, setShare] = useState(false)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => {
    setClipboard(Boolean(navigator.clipboard))
    setShare(typeof navigator.share === 'function')
  }, [])
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(url)}`
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3">
      <p id="link-curto" className="text-sm font-medium text-slate-700">
        Link curto para compartilhar
      </p>
      <p aria-labelledby="link-curto" className="mt-1 font-mono text-base break-all text-slate-900 select-all">
        {url}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {clipboard ? (
          <button
            type="button"
            onClick={async () => setCopied(await copyText(url))}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Copiar
          </button>
        ) : null}
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            if (!share) return
            event.preventDefault()
            navigator.share({ url }).catch(() => undefined)
          }}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          Compartilhar
        </a>
        <span role="status" className="text-sm text-slate-600">
          {copied === true ? 'Link copiado.' : copied === false ? 'Não foi possível copiar: selecione o endereço.' : ''}
        </span>
      </div>
    </div>
  )
}
