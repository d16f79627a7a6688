// The generated post as it will be published, first on its page (ADR 174): the slides large and
// swipeable (CSS scroll-snap, no library), the main buttons ("Compartilhar", "Baixar todas as
// imagens" with JavaScript; each slide's own download and Carousel.zip always), and the caption
// as selectable text with "Copiar legenda". See ADR 174.
import { Link } from 'react-router'
import { CopyCaptionButton, SlideHandOff } from '~/components/post/share-button'
import { buttonClass } from '~/components/ui/button'
import { formatDateTime } from '~/domain/dates'
import { CAROUSEL_ZIP_NAME } from '~/domain/post-content'
import { postCarouselPath, postImagePath, postPagePath } from '~/domain/public-links'
import { formatSize, type Slide } from '~/domain/slides'
import { MultilineText } from './multiline-text'

type PreviewPost = {
  /** Its own id: the approval page (ADR 218). */
  id?: number
  publicId: string
  description: string | null
  generatedAt: string | null
  format: string | null
  slides: Slide[]
}

export function PostPreview({ post }: { post: PreviewPost }) {
  const size = formatSize(post.format)
  const shown = post.slides.map((slide, index) => ({ slide, index })).filter(({ slide }) => !slide.hide)
  const total = shown.length
  const files = shown.map(({ index }, n) => ({
    url: postImagePath(post.publicId, { slide: index, format: 'jpeg' }),
    name: `slide-${n + 1}.jpg`,
  }))
  const caption = post.description ?? ''
  return (
    <div className="space-y-5">
      {total === 0 ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Todos os slides estão ocultos. Abra “Editar” para mostrar algum.
        </p>
      ) : (
        <ol
          aria-label="Prévia dos slides"
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]"
        >
          {files.map((file, n) => (
            <li
              key={shown[n]!.slide.id}
              className={`${total > 1 ? 'w-[85%]' : 'w-full'} max-w-md shrink-0 snap-center`}
            >
              <img
                src={file.url}
                alt={total > 1 ? `Slide ${n + 1} de ${total}` : 'Imagem do post'}
                width={size.width}
                height={size.height}
                loading={n === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="block h-auto w-full rounded-xl bg-slate-100 shadow-md ring-1 ring-slate-200"
              />
              <div className="mt-1 flex items-center justify-between gap-2 text-sm text-slate-600">
                <span>{total > 1 ? `${n + 1} de ${total}` : null}</span>
                <a
                  href={file.url}
                  download={file.name}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  aria-label={`Baixar slide ${n + 1}`}
                >
                  Baixar
                </a>
              </div>
            </li>
          ))}
        </ol>
      )}
      {total > 1 ? <p className="-mt-3 text-sm text-slate-500">Deslize para ver todos os slides.</p> : null}

      {total > 0 ? (
        <div>
          <SlideHandOff slides={files} caption={caption} title="Post" />
          <div className="flex flex-wrap gap-3">
            {total > 1 ? (
              <a
                href={postCarouselPath(post.publicId)}
                download={CAROUSEL_ZIP_NAME}
                className={buttonClass({ variant: 'secondary' })}
              >
                Baixar carrossel (.zip)
              </a>
            ) : null}
            <Link to={postPagePath(post.publicId)} className={buttonClass({ variant: 'secondary' })}>
              Ver post
            </Link>
            {post.id ? (
              <Link to={`/aprovacoes/${post.id}`} className={buttonClass({ variant: 'secondary' })}>
                Aprovação
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}

      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">Legenda</h3>
          <CopyCaptionButton text={caption} />
        </div>
        <MultilineText text={caption} className="mt-2 text-slate-800 select-text" />
      </section>
      {post.generatedAt ? <p className="text-sm text-slate-600">Gerado em {formatDateTime(post.generatedAt)}</p> : null}
    </div>
  )
}
