// A post as Instagram shows it in the feed: the account's name above, the slides side by side
// (swipe on a phone, no JavaScript), the caption below with the name in bold. Used by the review
// screen and the client's approval page.
import { initialsOf } from '~/domain/post-content'
import type { PreviewData } from '~/domain/team'

export function InstagramPreview({ preview }: { preview: PreviewData }) {
  const many = preview.images.length > 1
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-2 px-3 py-2">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
        >
          {initialsOf(preview.handle) || '?'}
        </span>
        <span className="text-sm font-semibold text-slate-900">{preview.handle}</span>
      </div>
      <ol
        className="flex snap-x snap-mandatory overflow-x-auto bg-slate-100"
        aria-label={many ? `Carrossel com ${preview.images.length} imagens` : 'Imagem do post'}
      >
        {preview.images.map((src, index) => (
          <li key={src} className="w-full shrink-0 snap-center">
            <img
              src={src}
              alt={many ? `Imagem ${index + 1} de ${preview.images.length}` : 'Imagem do post'}
              width={preview.width}
              height={preview.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="h-auto w-full"
            />
          </li>
        ))}
      </ol>
      {many ? (
        <p className="px-3 pt-2 text-xs text-slate-600">Deslize para ver as {preview.images.length} imagens.</p>
      ) : null}
      <figcaption className="px-3 py-3 text-sm whitespace-pre-line text-slate-900">
        <strong className="font-semibold">{preview.handle}</strong> {preview.caption}
      </figcaption>
    </figure>
  )
}
