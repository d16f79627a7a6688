// /integracoes/saida — the local outbox: what the embedded publisher kept here, newest first,
// each with its images in order and its caption, as Instagram would show it.
import type { Route } from './+types/outbox'
import { storageContext } from '~/context'
import { Card, EmptyState } from '~/components/ui/card'
import { LinkButton } from '~/components/ui/button'
import { formatDateTime } from '~/domain/dates'
import { listOutbox, listReelOutbox } from '~/workflows/publishing-service.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Caixa de saída', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const storage = context.get(storageContext)
  const [entries, reels] = await Promise.all([
    listOutbox(storage, user.accountId),
    listReelOutbox(storage, user.accountId),
  ])
  return { entries, reels }
}

/** Reels kept in the outbox (ADR 222): the MP4 and its cover stay here; the video's page plays them. */
function ReelEntries({ reels }: { reels: Route.ComponentProps['loaderData']['reels'] }) {
  if (reels.length === 0) return null
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Reels</h2>
      <ul className="mt-3 space-y-4">
        {reels.map((reel) => (
          <Card as="li" key={reel.videoId} id={`reel-${reel.videoId}`}>
            <p className="font-semibold text-slate-900">Reel enviado em {formatDateTime(reel.publishedAt)}</p>
            <img
              src={`/videos/${reel.videoId}/capa.jpg`}
              alt="Capa do Reel"
              className="mt-3 h-48 w-auto rounded-lg border border-slate-200"
              loading="lazy"
            />
            <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{reel.caption}</p>
            <LinkButton to={`/videos/${reel.videoId}`} variant="secondary" size="sm" className="mt-3">
              Ver vídeo
            </LinkButton>
          </Card>
        ))}
      </ul>
    </section>
  )
}

type Entry = Route.ComponentProps['loaderData']['entries'][number]

/**
 * One publication as it went out: a feed piece's images with each one's alt text, its caption,
 * collaborators and first comment; a Story sequence's frames in the order they were published.
 */
function OutboxEntry({ entry }: { entry: Entry }) {
  const story = entry.kind === 'story'
  const collaborators = entry.collaborators ?? []
  return (
    <Card as="li" id={`publicacao-${entry.publicationId}`}>
      <h2 className="font-semibold text-slate-900">
        Enviado à caixa de saída em {formatDateTime(entry.publishedAt)}
        {story ? ` como ${entry.files.length} Stories` : ''}
      </h2>
      <ol
        className="mt-3 flex snap-x gap-2 overflow-x-auto"
        aria-label={story ? 'Stories, na ordem publicada' : 'Imagens'}
      >
        {entry.files.map((file, i) => (
          <li key={file} className="shrink-0 snap-start">
            <img
              src={`/integracoes/saida/${entry.publicationId}/${file}`}
              alt={
                story
                  ? `Story ${i + 1} de ${entry.files.length}`
                  : entry.altTexts?.[i] || entry.altText || `Imagem ${i + 1}`
              }
              className="h-48 w-auto rounded-lg border border-slate-200"
              loading="lazy"
            />
          </li>
        ))}
      </ol>
      {story ? null : <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{entry.caption}</p>}
      {collaborators.length ? (
        <p className="mt-2 text-sm text-slate-700">
          Colaboradores: {collaborators.map((name) => `@${name}`).join(', ')}
        </p>
      ) : null}
      {entry.firstComment ? (
        <div className="mt-2 text-sm text-slate-700">
          <h3 className="font-medium text-slate-900">Primeiro comentário</h3>
          <p className="whitespace-pre-line">{entry.firstComment}</p>
        </div>
      ) : null}
    </Card>
  )
}

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Caixa de saída</h1>
      <p className="mt-1 text-slate-600">
        O que foi enviado à conta local desta instalação: as imagens e a legenda ficam guardadas aqui, prontas para
        conferir ou baixar. Nada daqui chega ao Instagram.
      </p>
      <ReelEntries reels={loaderData.reels} />
      {loaderData.entries.length === 0 ? (
        <EmptyState
          className="mt-6"
          title="Nada publicado ainda"
          action={<LinkButton to="/agendar-posts/agendamento">Agendar um post</LinkButton>}
        >
          Agende um post na conta “Caixa de saída local”: no horário marcado ele aparece aqui.
        </EmptyState>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.entries.map((entry) => (
            <OutboxEntry key={entry.publicationId} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  )
}
