// A piece on the public maker page: its slides drawn by the post layouts, its text, downloads.
import type { ReactNode } from 'react'

export type MakerPieceView = {
  key: string
  label: string
  formatLabel: string
  size: { width: number; height: number }
  text: string | null
  slides: unknown[]
}

const FILES: Record<string, (count: number) => string[]> = {
  feed: () => ['feed.png'],
  story: () => ['story.png'],
  carousel: (count) => Array.from({ length: count }, (_, i) => `carrossel-${i + 1}.png`),
  flyer: () => ['flyer.pdf'],
  whatsapp: () => ['whatsapp.jpg'],
}

export function MakerPiece({
  piece,
  base,
  slide,
}: {
  piece: MakerPieceView
  base: string
  slide: (index: number) => ReactNode
}) {
  const files = FILES[piece.key]?.(piece.slides.length) ?? []
  const flyer = piece.key === 'flyer'
  return (
    <section aria-labelledby={`maker-${piece.key}`} data-piece={piece.key}>
      <h2 id={`maker-${piece.key}`} className="text-lg font-semibold text-slate-900">
        {piece.label} <span className="text-sm font-normal text-slate-500">{piece.formatLabel}</span>
      </h2>
      {flyer ? (
        <p className="mt-2 text-sm text-slate-600">Folheto A4 para imprimir.</p>
      ) : (
        <div
          className={piece.slides.length > 1 ? 'mt-3 flex snap-x gap-3 overflow-x-auto pb-2' : 'mt-3 max-w-sm'}
          // A strip that scrolls sideways is reached and scrolled by keyboard too.
          {...(piece.slides.length > 1
            ? { tabIndex: 0, role: 'region', 'aria-label': `${piece.label}: ${piece.slides.length} slides` }
            : {})}
        >
          {piece.slides.map((_, i) => (
            <div key={i} className={piece.slides.length > 1 ? 'w-64 shrink-0 snap-start' : undefined}>
              {slide(i)}
            </div>
          ))}
        </div>
      )}
      {piece.text && !flyer ? <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{piece.text}</p> : null}
      <ul className="mt-2 flex flex-wrap gap-x-4 text-sm">
        {files.map((name) => (
          <li key={name}>
            <a
              href={`${base}/${name}`}
              download={name}
              className="inline-flex min-h-11 items-center font-medium text-sky-700 underline underline-offset-2"
            >
              Baixar {name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** One slide alone at its native width: what an external screenshot service captures. */
export function SingleSlide({ width, children }: { width: number; children: ReactNode }) {
  return (
    <div data-maker-slide="" style={{ width, margin: 0 }}>
      {children}
    </div>
  )
}
