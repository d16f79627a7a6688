// One scheduled publication in a list: when, where, its state in pt-BR, Meta's reason when it
// failed, and what can be done (edit before it goes out, "Tentar novamente", cancel, open it).
import { Form, Link } from 'react-router'
import { Button, LinkButton } from '~/components/ui/button'
import { formatDateTime } from '~/domain/dates'
import {
  publicationItemsLabel,
  statusLabel,
  type PublicationStatus,
  type PublicationView,
  type SocialProvider,
} from '~/domain/scheduling'

const BADGE: Record<PublicationStatus, string> = {
  scheduled: 'bg-sky-100 text-sky-800',
  publishing: 'bg-amber-100 text-amber-800',
  published: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
}

export function StatusBadge({
  status,
  provider,
  paused = null,
}: {
  status: PublicationStatus
  provider: SocialProvider | null
  paused?: string | null
}) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${paused ? 'bg-amber-100 text-amber-900' : BADGE[status]}`}
    >
      {paused ?? statusLabel(status, provider)}
    </span>
  )
}

function Actions({ item }: { item: PublicationView }) {
  const editable = item.status === 'scheduled' || item.status === 'failed'
  const label = `${item.title} em ${formatDateTime(item.publishAt)}`
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-4 text-sm">
      {editable && item.videoId !== null ? (
        <LinkButton to={`/videos/${item.videoId}`} variant="link" aria-label={`Ver vídeo: ${label}`}>
          Ver vídeo
        </LinkButton>
      ) : null}
      {editable && item.videoId === null ? (
        <>
          <LinkButton
            to={`/agendar-posts/editar-legenda?publicacao=${item.id}`}
            variant="link"
            aria-label={`Editar legenda: ${label}`}
          >
            Editar legenda
          </LinkButton>
          <LinkButton
            to={`/agendar-posts/editar-imagem?publicacao=${item.id}`}
            variant="link"
            aria-label={`Editar imagens: ${label}`}
          >
            Editar imagens
          </LinkButton>
        </>
      ) : null}
      {item.status === 'failed' ? (
        <Form method="post" action="/agendar-posts" className="inline">
          <input type="hidden" name="publicacao" value={item.id} />
          <Button variant="link" name="intent" value="retry">
            Tentar novamente
          </Button>
        </Form>
      ) : null}
      {editable ? (
        <Form method="post" action="/agendar-posts" className="inline">
          <input type="hidden" name="publicacao" value={item.id} />
          <Button variant="link-danger" name="intent" value="cancel" aria-label={`Cancelar: ${label}`}>
            Cancelar
          </Button>
        </Form>
      ) : null}
      {item.permalink ? (
        <a
          href={item.permalink}
          className="font-semibold text-brand-700 hover:underline"
          target={item.permalink.startsWith('http') ? '_blank' : undefined}
          rel="noreferrer"
        >
          {item.provider === 'outbox' ? 'Ver na caixa de saída' : 'Ver publicação'}
        </a>
      ) : null}
    </div>
  )
}

export function PublicationItem({ item }: { item: PublicationView }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" id={`publicacao-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{formatDateTime(item.publishAt)}</h3>
        <StatusBadge status={item.status} provider={item.provider} paused={item.paused} />
      </div>
      <p className="text-sm text-slate-600">
        {item.title} · {item.accountName} · {publicationItemsLabel(item)}
      </p>
      {item.caption ? (
        <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-slate-700">{item.caption}</p>
      ) : null}
      {item.paused ? (
        <p className="mt-1 text-sm text-amber-800">
          Não sai enquanto o imóvel não tiver uma autorização do proprietário em vigor.{' '}
          {item.homeId !== null ? (
            <Link to={`/imoveis/${item.homeId}/documentacao`} className="font-semibold underline">
              Adicionar a autorização
            </Link>
          ) : null}
        </p>
      ) : item.error ? (
        <p
          className={`mt-1 text-sm ${item.status === 'failed' ? 'text-red-800' : 'text-amber-800'}`}
          role={item.status === 'failed' ? 'alert' : undefined}
        >
          {item.error}
        </p>
      ) : null}
      {item.commentError ? <p className="mt-1 text-sm text-amber-800">{item.commentError}</p> : null}
      <Actions item={item} />
    </li>
  )
}

export function PublicationSection({
  title,
  items,
  empty,
}: {
  title: string
  items: PublicationView[]
  empty: string
}) {
  const id = `secao-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({items.length})</span>
      </h2>
      {items.length ? (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <PublicationItem key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  )
}
