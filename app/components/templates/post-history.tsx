// The pieces of /modelos/historico: the filters (a GET form), one post of the list with its
// actions (open, duplicate, delete), and the pages.
import { Form } from 'react-router'
import { Button, LinkButton } from '~/components/ui/button'
import { Select } from '~/components/ui/input'
import { Icon } from '~/components/template-fields/icons'
import { formatDateTime } from '~/domain/dates'

export type HistoryPost = {
  id: number
  templateId: number | null
  templateName: string
  homeName: string | null
  createdAt: string
  generating: boolean
  error: string | null
  caption: string
  image: string | null
  slides: number
}

type Option = { id: number; name: string }

export function PostFilters({
  templates,
  homes,
  templateId,
  homeId,
}: {
  templates: Option[]
  homes: Option[]
  templateId: number | null
  homeId: number | null
}) {
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filtrar posts">
      <FilterSelect label="Modelo" name="modelo" value={templateId} all="Todos os modelos" options={templates} />
      <FilterSelect label="Imóvel" name="imovel" value={homeId} all="Todos os imóveis" options={homes} />
      <Button variant="secondary">Filtrar</Button>
      {templateId || homeId ? (
        <LinkButton to="/modelos/historico" variant="link">
          Limpar filtros
        </LinkButton>
      ) : null}
    </Form>
  )
}

function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string
  name: string
  value: number | null
  all: string
  options: Option[]
}) {
  return (
    <label className="w-full max-w-xs text-sm font-medium text-slate-800 sm:w-auto">
      {label}
      <Select name={name} defaultValue={value ?? ''} className="mt-1">
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </Select>
    </label>
  )
}

const STATUS = {
  ready: { label: 'Pronto', className: 'bg-emerald-100 text-emerald-800' },
  generating: { label: 'Gerando', className: 'bg-sky-100 text-sky-800' },
  failed: { label: 'Falhou', className: 'bg-red-100 text-red-800' },
}

export function PostHistoryItem({ post, back }: { post: HistoryPost; back: string }) {
  const status = post.generating ? STATUS.generating : post.error ? STATUS.failed : STATUS.ready
  const title = `${post.templateName}${post.homeName ? ` — ${post.homeName}` : ''}`
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {post.image ? (
        <img
          src={post.image}
          alt={`Capa do post ${post.templateName}`}
          className="size-24 shrink-0 rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
          loading="lazy"
        />
      ) : (
        <div className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
          <Icon name="images" />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
        </div>
        <p className="text-xs text-slate-500">
          {formatDateTime(post.createdAt)}
          {post.slides > 1 ? ` · ${post.slides} slides` : ''}
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{post.error ?? post.caption}</p>
        <PostActions post={post} title={title} back={back} />
      </div>
    </li>
  )
}

function PostActions({ post, title, back }: { post: HistoryPost; title: string; back: string }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-4 text-sm">
      {post.templateId ? (
        <LinkButton
          to={`/modelos/${post.templateId}?post=${post.id}#resultado`}
          variant="link"
          aria-label={`Abrir ${title}`}
        >
          Abrir
        </LinkButton>
      ) : null}
      {!post.generating && !post.error ? (
        <LinkButton to={`/agendar-posts/agendamento?post=${post.id}`} variant="link" aria-label={`Agendar ${title}`}>
          Agendar
        </LinkButton>
      ) : null}
      <Form method="post" className="inline">
        <input type="hidden" name="post" value={post.id} />
        <input type="hidden" name="back" value={back} />
        <Button
          variant="link-muted"
          name="intent"
          value="duplicate"
          disabled={post.generating}
          aria-label={`Duplicar ${title}`}
        >
          Duplicar
        </Button>
      </Form>
      {/* Apart from "Duplicar" (at the row's end): a slip of the thumb must not delete. */}
      <Form
        method="post"
        className="ml-auto"
        onSubmit={(event) => {
          if (!confirm('Excluir este post?')) event.preventDefault()
        }}
      >
        <input type="hidden" name="post" value={post.id} />
        <input type="hidden" name="back" value={back} />
        <Button variant="link-danger" name="intent" value="delete" aria-label={`Excluir ${title}`}>
          Excluir
        </Button>
      </Form>
    </div>
  )
}

export function HistoryPages({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Páginas" className="mt-6 flex items-center justify-center gap-4 text-sm">
      {page > 1 ? (
        <LinkButton to={href(page - 1)} variant="link">
          ← Anteriores
        </LinkButton>
      ) : null}
      <span className="text-slate-600">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <LinkButton to={href(page + 1)} variant="link">
          Próximos →
        </LinkButton>
      ) : null}
    </nav>
  )
}
