// /posts/:postId — a generated post anyone with the link can open (guest layout): its slides drawn
// by the same layouts as the PNGs, the caption, downloads (PNG, JPEG, Carousel.zip) and, with
// JavaScript on a phone, a share button. Shows only the post: no other data of its owner.
import '@fontsource/inter/400.css'
import '@fontsource/inter/500.css'
import '@fontsource/inter/600.css'
import '@fontsource/inter/700.css'
import '@fontsource/inter/800.css'
import '@fontsource/montserrat/700.css'
import '@fontsource/montserrat/800.css'
import '@fontsource/playfair-display/700.css'
import '@fontsource/playfair-display/800.css'
import { Fragment } from 'react'
import type { Route } from './+types/view'
import { HtmlSlide } from '~/components/post/HtmlSlide'
import { ShareButton } from '~/components/post/ShareButton'
import { dbContext, envContext } from '~/context'
import { sessionSecret } from '~/env.server'
import { CAROUSEL_ZIP_NAME, carouselEntries, postDownloadName } from '~/domain/post-content'
import { loadPublicPost, pageImageSources, postImagesContext } from '~/workflows/post-images.server'
import { appNameFrom } from '~/utils/meta'
import { idParam, pageNotFound, parseParams } from '~/utils/params'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { postId } = parseParams(request, params, { postId: idParam })
  const data = await loadPublicPost(context.get(dbContext), postId)
  if (!data) throw pageNotFound(request)
  const env = context.get(envContext)
  const origin = env.APP_URL ?? new URL(request.url).origin
  const { content } = data
  // The agent usually downloads right after opening the post: have the PNGs ready.
  context.get(postImagesContext).prewarm(data)
  const entries = carouselEntries(content).map((entry) =>
    entry.kind === 'media'
      ? { name: entry.name, kind: 'media' as const, index: null, slide: null }
      : { name: entry.name, kind: 'slide' as const, index: entry.index < 0 ? null : entry.index, slide: entry.slide },
  )
  return {
    postId: data.post.id,
    title: content.home?.name ?? 'Post',
    description: data.post.description ?? '',
    generating: data.post.generating,
    failed: Boolean(data.post.error),
    size: content.size,
    theme: content.theme,
    home: content.home,
    brand: content.brand,
    entries,
    sources: pageImageSources(data, sessionSecret(env)),
    fileName: postDownloadName(data.post.template, data.post.id),
    jpegName: postDownloadName(data.post.template, data.post.id, 'jpg'),
    pageUrl: `${origin}/posts/${data.post.id}`,
    imageUrl: `${origin}/imagens/post/${data.post.id}?format=jpeg`,
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const app = appNameFrom(matches)
  if (!data) return [{ title: `Post · ${app}` }]
  const summary = data.description.split('\n').find((line) => line.trim())?.slice(0, 160) ?? ''
  return [
    { title: `${data.title} · ${app}` },
    { name: 'description', content: summary },
    { property: 'og:title', content: data.title },
    { property: 'og:description', content: summary },
    { property: 'og:image', content: data.imageUrl },
    { property: 'og:image:width', content: String(data.size.width) },
    { property: 'og:image:height', content: String(data.size.height) },
    { property: 'og:url', content: data.pageUrl },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm focus:ring-2 focus:ring-offset-2 focus:outline-none'
const primary = `${button} bg-slate-900 text-white hover:bg-slate-700 focus:ring-slate-900`
const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus:ring-slate-400`

/** Spec §9: line breaks in text become HTML breaks. */
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

export default function PostView({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const image = (index: number | null, format: 'png' | 'jpeg') =>
    `/imagens/post/${data.postId}?${new URLSearchParams({
      ...(index === null ? {} : { slide: String(index) }),
      ...(format === 'jpeg' ? { format } : {}),
    })}`

  if (data.generating || data.entries.length === 0) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{data.title}</h1>
        <p className="mt-4 text-slate-600">
          {data.failed
            ? 'Este post não pôde ser gerado. Peça a quem o criou para gerar de novo.'
            : 'Este post ainda está sendo gerado. Volte em alguns instantes.'}
        </p>
      </div>
    )
  }

  const total = data.entries.length
  return (
    <article className="mx-auto max-w-xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">{data.title}</h1>
        {data.brand.name ? <p className="mt-1 text-sm text-slate-600">Por {data.brand.name}</p> : null}
      </header>

      <div className="mb-6 flex flex-wrap gap-3">
        <a href={`/posts/${data.postId}/baixar`} download={data.fileName} className={primary}>
          Baixar imagem (PNG)
        </a>
        <a href={image(data.entries[0]?.index ?? null, 'jpeg')} download={data.jpegName} className={secondary}>
          Baixar JPEG
        </a>
        {total > 1 ? (
          <a href={`/posts/${data.postId}/carrossel`} download={CAROUSEL_ZIP_NAME} className={secondary}>
            Baixar carrossel (.zip)
          </a>
        ) : null}
        <ShareButton
          className={secondary}
          title={data.title}
          text={data.description.slice(0, 500)}
          url={data.pageUrl}
          imageUrl={image(data.entries[0]?.index ?? null, 'jpeg')}
          fileName={data.jpegName}
        />
      </div>

      <ol className="space-y-6" aria-label="Imagens do post">
        {data.entries.map((entry, i) => {
          const label = total > 1 ? `Imagem ${i + 1} de ${total}` : 'Imagem do post'
          return (
            <li key={entry.name} data-slide-index={entry.index ?? 'main'}>
              <figure className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-slate-200">
                {entry.kind === 'media' || !entry.slide ? (
                  <img
                    src={image(null, 'png')}
                    alt={label}
                    width={data.size.width}
                    height={data.size.height}
                    className="block h-auto w-full"
                  />
                ) : (
                  <HtmlSlide
                    slide={entry.slide}
                    home={data.home}
                    brand={data.brand}
                    theme={data.theme}
                    size={data.size}
                    sources={data.sources}
                    label={label}
                  />
                )}
                <figcaption className="flex items-center justify-between gap-3 px-4 py-2 text-sm text-slate-600">
                  <span>{label}</span>
                  <span className="flex gap-3">
                    <a className="font-semibold text-slate-900 underline" href={image(entry.kind === 'media' ? null : entry.index, 'png')} download={entry.name}>
                      PNG
                    </a>
                    <a className="font-semibold text-slate-900 underline" href={image(entry.kind === 'media' ? null : entry.index, 'jpeg')} download={entry.name.replace(/\.png$/, '.jpg')}>
                      JPEG
                    </a>
                  </span>
                </figcaption>
              </figure>
            </li>
          )
        })}
      </ol>

      {data.description ? (
        <section className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Legenda</h2>
          <p className="mt-3 text-slate-800">
            <Lines text={data.description} />
          </p>
        </section>
      ) : null}
    </article>
  )
}
