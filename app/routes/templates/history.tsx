// /modelos/historico — the agent's posts, newest first, filtered by template and property;
// open, duplicate or delete (soft) each one.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/history'
import { Icon } from '~/components/forms/icons'
import { formatDateTime } from '~/components/templates/post-result'
import { dbContext } from '~/context'
import { requireUser } from '~/utils/session.server'
import { deletePost, duplicatePost, listPostFilters, listPosts } from '~/models/posts.server'
import { canGeneratePost } from '~/models/quota.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound } from '~/utils/params'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Meus posts', matches)

const optionalId = (value: string | null) => {
  const parsed = idParam.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const url = new URL(request.url)
  const templateId = optionalId(url.searchParams.get('modelo'))
  const homeId = optionalId(url.searchParams.get('imovel'))
  const page = optionalId(url.searchParams.get('pagina')) ?? 1
  const [posts, filters] = await Promise.all([
    listPosts(db, user.id, { templateId, homeId, page }),
    listPostFilters(db, user.id),
  ])
  return {
    filters,
    selected: { templateId, homeId },
    page: posts.page,
    pages: posts.pages,
    total: posts.total,
    posts: posts.items.map((post) => {
      const slides = post.meta.slides ?? []
      return {
        id: post.id,
        templateId: post.template_id,
        templateName: post.template_name ?? 'Modelo removido',
        homeName: post.home_name,
        createdAt: post.created_at.toISOString(),
        generating: post.generating,
        error: post.error,
        caption: (post.description ?? '').slice(0, 220),
        image: slides.find((slide) => slide.image && !slide.hide)?.image ?? null,
        slides: slides.filter((slide) => !slide.hide).length,
      }
    }),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const formData = await request.formData()
  const postId = optionalId(String(formData.get('post') ?? ''))
  const back = safeBack(String(formData.get('back') ?? ''))
  if (!postId) return data({ error: 'Post não encontrado' }, { status: 400 })
  const intent = formData.get('_intent')
  if (intent === 'delete') {
    if (!(await deletePost(db, user.id, postId))) throw pageNotFound(request)
    return redirectWithToast(back, { type: 'success', title: 'Post excluído' })
  }
  if (intent === 'duplicate') {
    // A copy counts as a post of the month, like a generated one.
    const quota = await canGeneratePost(db, user.id)
    if (!quota.allowed) return redirectWithToast(back, { type: 'error', title: 'Limite de posts do plano', description: quota.message })
    const copy = await duplicatePost(db, user.id, postId)
    if (!copy) throw pageNotFound(request)
    return redirectWithToast(back, { type: 'success', title: 'Post duplicado', description: 'A cópia está no topo da lista.' })
  }
  return data({ error: 'Ação desconhecida' }, { status: 400 })
}

/** Back to the same filtered list; only this page's own addresses. */
function safeBack(value: string) {
  return value.startsWith('/modelos/historico') && !value.startsWith('//') ? value : '/modelos/historico'
}

const STATUS = {
  ready: { label: 'Pronto', className: 'bg-emerald-100 text-emerald-800' },
  generating: { label: 'Gerando', className: 'bg-sky-100 text-sky-800' },
  failed: { label: 'Falhou', className: 'bg-red-100 text-red-800' },
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { filters, selected, posts, page, pages, total } = loaderData
  const query = (next: Record<string, string | number | null>) => {
    const params = new URLSearchParams()
    const merged = { modelo: selected.templateId, imovel: selected.homeId, ...next }
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, String(value))
    const text = params.toString()
    return text ? `/modelos/historico?${text}` : '/modelos/historico'
  }
  const here = query({ pagina: page > 1 ? page : null })
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Meus posts</h1>
          <p className="mt-1 text-slate-600">{total === 1 ? '1 post' : `${total} posts`}, do mais novo para o mais antigo.</p>
        </div>
        <Link to="/modelos" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Criar post
        </Link>
      </div>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filtrar posts">
        <label className="text-sm font-medium text-slate-800">
          Modelo
          <select name="modelo" defaultValue={selected.templateId ?? ''} className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="">Todos os modelos</option>
            {filters.templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Imóvel
          <select name="imovel" defaultValue={selected.homeId ?? ''} className="mt-1 block max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="">Todos os imóveis</option>
            {filters.homes.map((home) => (
              <option key={home.id} value={home.id}>
                {home.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
          Filtrar
        </button>
        {selected.templateId || selected.homeId ? (
          <Link to="/modelos/historico" className="py-2 text-sm font-medium text-brand-700 hover:underline">
            Limpar filtros
          </Link>
        ) : null}
      </Form>

      {posts.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {selected.templateId || selected.homeId ? 'Nenhum post com estes filtros.' : 'Você ainda não gerou nenhum post.'}{' '}
          <Link to="/modelos" className="font-semibold text-brand-700 hover:underline">
            Escolher um modelo
          </Link>
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Posts">
          {posts.map((post) => {
            const status = post.generating ? STATUS.generating : post.error ? STATUS.failed : STATUS.ready
            const title = `${post.templateName}${post.homeName ? ` — ${post.homeName}` : ''}`
            return (
              <li key={post.id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                {post.image ? (
                  <img src={post.image} alt="" className="size-20 shrink-0 rounded-lg object-cover" loading="lazy" />
                ) : (
                  <div className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
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
                  <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                    {post.templateId ? (
                      <Link to={`/modelos/${post.templateId}?post=${post.id}#resultado`} className="font-semibold text-brand-700 hover:underline" aria-label={`Abrir ${title}`}>
                        Abrir
                      </Link>
                    ) : null}
                    <Form method="post" className="inline">
                      <input type="hidden" name="post" value={post.id} />
                      <input type="hidden" name="back" value={here} />
                      <button type="submit" name="_intent" value="duplicate" disabled={post.generating} className="font-medium text-slate-700 hover:underline disabled:opacity-50" aria-label={`Duplicar ${title}`}>
                        Duplicar
                      </button>
                    </Form>
                    <Form
                      method="post"
                      className="inline"
                      onSubmit={(event) => {
                        if (!confirm('Excluir este post?')) event.preventDefault()
                      }}
                    >
                      <input type="hidden" name="post" value={post.id} />
                      <input type="hidden" name="back" value={here} />
                      <button type="submit" name="_intent" value="delete" className="font-medium text-red-700 hover:underline" aria-label={`Excluir ${title}`}>
                        Excluir
                      </button>
                    </Form>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label="Páginas" className="mt-6 flex items-center justify-center gap-4 text-sm">
          {page > 1 ? <Link to={query({ pagina: page - 1 })} className="font-semibold text-brand-700 hover:underline">← Anteriores</Link> : null}
          <span className="text-slate-600">Página {page} de {pages}</span>
          {page < pages ? <Link to={query({ pagina: page + 1 })} className="font-semibold text-brand-700 hover:underline">Próximos →</Link> : null}
        </nav>
      ) : null}
    </div>
  )
}
