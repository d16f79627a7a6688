// /posts/:postId — a generated post anyone with the link can open (guest layout): its slides drawn
// by the same layouts as the PNGs, the caption, downloads (PNG, JPEG, Carousel.zip) and, with
// JavaScript on a phone, a share button. Shows only the post: no other data of its owner.
import '~/components/post/post-fonts.css'
import type { Route } from './+types/view'
import { PostCaption, PostDownloads, PostImages } from '~/components/post/post-page'
import { dbContext, sessionSecretContext, userContext, postImagesContext } from '~/context'
import { absoluteUrl, postImagePath, postPagePath } from '~/domain/public-links'
import { CAROUSEL_ZIP_NAME, carouselEntries, postDownloadName } from '~/domain/post-content'
import { loadPublicPost, pageImageSources } from '~/workflows/post-images.server'
import { appNameFrom } from '~/utils/meta'
import { pageNotFound, parseParams, publicIdParam } from '~/utils/params'
import { clip } from '~/domain/clip'
import { siteOrigin } from '~/utils/request-origin.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { postId } = parseParams(request, params, { postId: publicIdParam })
  const data = await loadPublicPost(context.get(dbContext), postId)
  if (!data) throw pageNotFound(request)
  const origin = siteOrigin(context)
  const { content } = data
  // The agent usually downloads right after opening the post: have the PNGs ready.
  void context.get(postImagesContext).prewarm(data)
  const entries = carouselEntries(content).map((entry) =>
    entry.kind === 'media'
      ? { name: entry.name, kind: 'media' as const, index: null, slide: null }
      : { name: entry.name, kind: 'slide' as const, index: entry.index < 0 ? null : entry.index, slide: entry.slide },
  )
  return {
    publicId: data.post.public_id,
    title: content.home?.name ?? 'Post',
    description: data.post.description ?? '',
    generating: data.post.generating,
    failed: Boolean(data.post.error),
    size: content.size,
    theme: content.theme,
    home: content.home,
    brand: content.brand,
    entries,
    sources: pageImageSources(data, context.get(sessionSecretContext)),
    fileName: postDownloadName(data.post.template, data.post.id),
    jpegName: postDownloadName(data.post.template, data.post.id, 'jpg'),
    pageUrl: absoluteUrl(origin, postPagePath(data.post.public_id)),
    imageUrl: absoluteUrl(origin, postImagePath(data.post.public_id, { format: 'jpeg' })),
    // The account's scheduling link names the post by its own id; nobody else sees that id.
    ownPostId: context.get(userContext)?.accountId === data.post.user_id ? data.post.id : null,
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const app = appNameFrom(matches)
  if (!data) return [{ title: `Post · ${app}` }]
  const summary = clip(data.description.split('\n').find((line) => line.trim()) ?? '', 160)
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

export default function PostView({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const image = (index: number | null, format: 'png' | 'jpeg') => postImagePath(data.publicId, { slide: index, format })

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

  return (
    <article className="mx-auto max-w-xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">{data.title}</h1>
        {data.brand.name ? <p className="mt-1 text-sm text-slate-600">Por {data.brand.name}</p> : null}
      </header>
      <PostDownloads
        publicId={data.publicId}
        fileName={data.fileName}
        jpegName={data.jpegName}
        zipName={CAROUSEL_ZIP_NAME}
        carousel={data.entries.length > 1}
        firstJpeg={image(data.entries[0]?.index ?? null, 'jpeg')}
        slides={data.entries.map((entry) => ({
          url: image(entry.kind === 'media' ? null : entry.index, 'jpeg'),
          name: entry.name.replace(/\.png$/, '.jpg'),
        }))}
        title={data.title}
        description={data.description}
        pageUrl={data.pageUrl}
        scheduleHref={data.ownPostId ? `/agendar-posts/agendamento?post=${data.ownPostId}` : undefined}
      />
      <PostImages
        entries={data.entries}
        image={image}
        size={data.size}
        home={data.home}
        brand={data.brand}
        theme={data.theme}
        sources={data.sources}
      />
      {data.description ? <PostCaption text={data.description} /> : null}
    </article>
  )
}
