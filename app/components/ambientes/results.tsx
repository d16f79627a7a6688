// /ambientes results: each picture made from a gallery photo, before and after, with its mark.
import { Form } from 'react-router'
import { ILLUSTRATIVE_MARK } from '~/domain/room-styles'

export type RoomResult = {
  id: number
  kind: 'enhanced' | 'staged'
  style: string | null
  illustrative: boolean
  url: string
  before: string
  /** The gallery photo's original file. */
  original: string
  width: number
  height: number
  createdAt: string
}

export function RoomResults({
  results,
  highlight,
  homeId,
}: {
  results: RoomResult[]
  highlight: number | null
  homeId: number
}) {
  return (
    <section aria-labelledby="resultados" className="mt-10">
      <h2 id="resultados" className="text-xl font-bold text-slate-900">
        Resultados
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Ficam aqui, separados das fotos originais do imóvel. Imagens decoradas levam a marca “{ILLUSTRATIVE_MARK}”.
      </p>
      {results.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhuma imagem ainda.</p>
      ) : (
        <ul aria-label="Imagens geradas" className="mt-4 space-y-6">
          {results.map((result) => {
            const title =
              result.kind === 'enhanced' ? 'Foto melhorada' : `Decoração estilo ${result.style ?? ''}`.trim()
            return (
              <li
                key={result.id}
                id={`resultado-${result.id}`}
                className={`rounded-2xl border bg-white p-4 shadow-sm ${result.id === highlight ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
              >
                <article aria-label={title}>
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{title}</h3>
                    {result.illustrative ? (
                      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                        {ILLUSTRATIVE_MARK}
                      </span>
                    ) : null}
                  </div>
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <figure>
                      <img
                        src={result.before}
                        alt={`Antes: foto original (${title})`}
                        width={result.width}
                        height={result.height}
                        loading="lazy"
                        className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                      />
                      <figcaption className="mt-1 text-xs font-medium text-slate-600">
                        Antes ·{' '}
                        <a href={result.original} className="text-brand-700 underline">
                          abrir original
                        </a>
                      </figcaption>
                    </figure>
                    <figure>
                      <img
                        src={result.url}
                        alt={`Depois: ${title}`}
                        width={result.width}
                        height={result.height}
                        loading="lazy"
                        className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                      />
                      <figcaption className="mt-1 text-xs font-medium text-slate-600">
                        Depois{result.illustrative ? ` — ${ILLUSTRATIVE_MARK.toLowerCase()}` : ''} · {result.width}×
                        {result.height}
                      </figcaption>
                    </figure>
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-4">
                    <a
                      href={result.url}
                      download
                      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                    >
                      Baixar imagem
                    </a>
                    <Form method="post" className="ml-auto">
                      <input type="hidden" name="home_id" value={homeId} />
                      <input type="hidden" name="resultado" value={result.id} />
                      <button
                        type="submit"
                        name="_intent"
                        value="excluir"
                        className="text-sm text-red-700 hover:underline"
                      >
                        Excluir
                      </button>
                    </Form>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
