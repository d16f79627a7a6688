// The agent's narrations on /audio: a player, the duration, the download and a delete button.
import { Form } from 'react-router'
import type { AudioFormat } from '~/domain/narration'
import { formatDateTime } from '~/domain/dates'

export type NarrationItem = {
  id: number
  url: string
  fileName: string
  format: AudioFormat
  duration: string
  voice: string
  homeName: string | null
  text: string
  createdAt: string
}

export function NarrationList({ narrations, highlight }: { narrations: NarrationItem[]; highlight: number | null }) {
  return (
    <section aria-labelledby="seus-audios" className="mt-10">
      <h2 id="seus-audios" className="text-xl font-bold text-slate-900">
        Seus áudios
      </h2>
      {narrations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhum áudio ainda. Gere o primeiro acima.</p>
      ) : (
        <ul aria-label="Áudios" className="mt-4 space-y-4">
          {narrations.map((item) => (
            <li
              key={item.id}
              id={`narracao-${item.id}`}
              className={`rounded-2xl border bg-white p-4 shadow-sm ${item.id === highlight ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-slate-900">{item.homeName ?? 'Texto livre'}</p>
                <p className="text-sm text-slate-600">
                  <span>Duração: {item.duration}</span>
                  <span aria-hidden="true"> · </span>
                  <span>{item.voice}</span>
                  <span aria-hidden="true"> · </span>
                  <span>{item.format.toUpperCase()}</span>
                </p>
              </div>
              <audio controls preload="metadata" src={item.url} className="mt-3 w-full">
                <a href={item.url}>Ouvir o áudio</a>
              </audio>
              <details className="mt-2 text-sm text-slate-600">
                <summary className="cursor-pointer">Texto narrado</summary>
                <p className="mt-1 whitespace-pre-wrap">{item.text}</p>
              </details>
              <div className="mt-3 flex flex-wrap items-center gap-4">
                <a
                  href={item.url}
                  download={item.fileName}
                  className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Baixar {item.format.toUpperCase()}
                </a>
                <time dateTime={item.createdAt} className="text-xs text-slate-500">
                  {formatDateTime(item.createdAt)}
                </time>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="narracao" value={item.id} />
                  <button type="submit" name="_intent" value="excluir" className="text-sm text-red-700 hover:underline">
                    Excluir
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
