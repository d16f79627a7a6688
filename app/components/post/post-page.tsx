// The pieces of the public post page (/posts/:postId): the download buttons, each image with its
// own PNG and JPEG links, and the caption.
import { Fragment } from 'react'
import { buttonClass } from '~/components/ui/button'
import { postCarouselPath, postDownloadPath } from '~/domain/public-links'
import type { BrandContent, HomeContent } from '~/domain/post-content'
import type { PostTheme } from '~/domain/post-theme'
import type { FormatSize, Slide } from '~/domain/slides'
import { HtmlSlide } from './html-slide'
import { CopyCaptionButton, SlideHandOff, type SlideFile } from './share-button'

const fileLink = 'inline-flex min-h-11 min-w-11 items-center justify-center px-2 font-semibold text-slate-900 underline'

/** Link to an image of the post: the main one (index null) or a slide, as PNG or JPEG. */
export type ImageLink = (index: number | null, format: 'png' | 'jpeg') => string

export function PostDownloads(props: {
  publicId: string
  fileName: string
  jpegName: string
  zipName: string
  carousel: boolean
  firstJpeg: string
  title: string
  description: string
  pageUrl: string
  /** Every image of the post as JPEG: shared or saved together ("Compartilhar", "Baixar todas"). */
  slides?: SlideFile[]
  /** "Agendar" (the owner only): to the scheduling form with this post chosen. */
  scheduleHref?: string
}) {
  const secondary = buttonClass({ variant: 'secondary' })
  const slides = props.slides ?? [{ url: props.firstJpeg, name: props.jpegName }]
  return (
    <div className="mb-6">
      <SlideHandOff slides={slides} caption={props.description} title={props.title} />
      <div className="flex flex-wrap gap-3">
        <a href={postDownloadPath(props.publicId)} download={props.fileName} className={secondary}>
          Baixar imagem (PNG)
        </a>
        <a href={props.firstJpeg} download={props.jpegName} className={secondary}>
          Baixar JPEG
        </a>
        {props.carousel ? (
          <a href={postCarouselPath(props.publicId)} download={props.zipName} className={secondary}>
            Baixar carrossel (.zip)
          </a>
        ) : null}
        {props.scheduleHref ? (
          <a href={props.scheduleHref} className={secondary}>
            Agendar
          </a>
        ) : null}
      </div>
    </div>
  )
}

export type PostEntry = { name: string; kind: 'media' | 'slide'; index: number | null; slide: Slide | null }

export function PostImages(props: {
  entries: PostEntry[]
  image: ImageLink
  size: FormatSize
  home: HomeContent | null
  brand: BrandContent
  theme: PostTheme
  sources: Record<string, string>
}) {
  const total = props.entries.length
  return (
    <ol className="space-y-6" aria-label="Imagens do post">
      {props.entries.map((entry, i) => (
        <li key={entry.name} data-slide-index={entry.index ?? 'main'}>
          <PostImage {...props} entry={entry} label={total > 1 ? `Imagem ${i + 1} de ${total}` : 'Imagem do post'} />
        </li>
      ))}
    </ol>
  )
}

function PostImage({
  entry,
  label,
  image,
  size,
  home,
  brand,
  theme,
  sources,
}: Parameters<typeof PostImages>[0] & { entry: PostEntry; label: string }) {
  const index = entry.kind === 'media' ? null : entry.index
  return (
    <figure className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-slate-200">
      {entry.kind === 'media' || !entry.slide ? (
        <img
          src={image(null, 'png')}
          alt={label}
          width={size.width}
          height={size.height}
          className="block h-auto w-full"
        />
      ) : (
        <HtmlSlide
          slide={entry.slide}
          home={home}
          brand={brand}
          theme={theme}
          size={size}
          sources={sources}
          label={label}
        />
      )}
      <figcaption className="flex items-center justify-between gap-3 px-4 py-1 text-sm text-slate-600">
        <span>{label}</span>
        <span className="flex gap-1">
          <a className={fileLink} href={image(index, 'png')} download={entry.name}>
            PNG
          </a>
          <a className={fileLink} href={image(index, 'jpeg')} download={entry.name.replace(/\.png$/, '.jpg')}>
            JPEG
          </a>
        </span>
      </figcaption>
    </figure>
  )
}

/** Line breaks in text become HTML breaks. */
function Lines(props: { text: string }) {
  const lines = props.text.split('\n')
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </Fragment>
      ))}
    </>
  )
}

export function PostCaption({ text }: { text: string }) {
  return (
    <section className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Legenda</h2>
        <CopyCaptionButton text={text} />
      </div>
      <p className="mt-3 text-slate-800 select-text">
        <Lines text={text} />
      </p>
    </section>
  )
}
