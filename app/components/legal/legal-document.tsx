// Shared frame of the legal pages: a readable column, a table of contents, numbered sections.
import type { ReactNode } from 'react'
import { formatLegalDate } from '~/domain/legal'

export type LegalSectionEntry = { id: string; title: string; body: ReactNode }

export function LegalDocument({
  title,
  updatedAt,
  intro,
  sections,
}: {
  title: string
  updatedAt: string
  intro: ReactNode
  sections: LegalSectionEntry[]
}) {
  return (
    <article className="mx-auto max-w-3xl text-[15px] leading-relaxed text-slate-700">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          Última atualização: <time dateTime={updatedAt}>{formatLegalDate(updatedAt)}</time>
        </p>
        <div className="mt-4 space-y-3">{intro}</div>
      </header>
      <nav aria-label="Índice" className="mb-10 rounded-lg border border-slate-200 bg-white p-4">
        <p className="mb-2 font-semibold text-slate-900">Índice</p>
        <ol className="list-decimal pl-5 marker:text-slate-500">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titulo`}
          className="mb-10 scroll-mt-4"
        >
          <h2 id={`${section.id}-titulo`} className="mb-3 text-xl font-semibold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="space-y-3 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  )
}

/** A plain table that scrolls sideways on a phone instead of squeezing the words. */
export function LegalTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <thead className="bg-slate-100 text-slate-900">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t border-slate-200 align-top">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" className="px-3 py-2 font-semibold text-slate-900">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} className="px-3 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
